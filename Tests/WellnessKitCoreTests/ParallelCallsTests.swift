import Testing

@testable import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ``ParallelCalls`` on the threads the library keeps (``WorkerPool``) and,
/// when those are taken, on threads of their own.
@Suite struct ParallelCallsTests {
    @Test func callsAnswerInOrderCallAfterCall() {
        for round in 0..<200 {
            let calls = (0..<4).map { index in { @Sendable in index * 1000 + round } }
            #expect(ParallelCalls.run(calls) == (0..<4).map { $0 * 1000 + round })
        }
    }

    @Test func nestedAndConcurrentCallersEachGetTheirAnswers() {
        // The outer calls take the kept threads; the inner ones find the pool busy or empty and make their own.
        let outer = (0..<4).map { outer in
            { @Sendable in
                (0..<20).map { round in
                    ParallelCalls.run((0..<3).map { inner in { @Sendable in outer * 100 + inner * 10 + round % 10 } })
                }
            }
        }
        let answers = ParallelCalls.run(outer)
        for (outer, rounds) in answers.enumerated() {
            for (round, inner) in rounds.enumerated() {
                #expect(inner == (0..<3).map { outer * 100 + $0 * 10 + round % 10 })
            }
        }
    }

    @Test func callsAnswerWhetherTheKeptThreadsPollOrSleep() {
        // Back to back, the kept threads find each job while they poll; a pause past the polling
        // window between rounds has them asleep, so each round also takes the wake-up path.
        for round in 0..<60 {
            let calls = (0..<3).map { index in { @Sendable in index + round * 10 } }
            #expect(ParallelCalls.run(calls) == [round * 10, round * 10 + 1, round * 10 + 2])
            if round % 3 == 0 { usleep(1_000) }
        }
    }

    @Test func keptThreadsWokenWithoutAJobServeTheNextCalls() {
        _ = ParallelCalls.run([{ @Sendable in 0 }, { @Sendable in 1 }])
        for round in 0..<30 {
            // Woken with nothing to do: they poll, sleep again past the window, and take the next jobs.
            ParallelCalls.wakeKeptThreads()
            ParallelCalls.wakeKeptThreads()
            if round % 2 == 0 { usleep(1_000) }
            #expect(ParallelCalls.run([{ @Sendable in round }, { @Sendable in round + 1 }]) == [round, round + 1])
        }
    }

    @Test func aCallerWaitsForAKeptThreadsLongJob() {
        // The calling thread's part ends at once: it polls, then sleeps until the other thread finishes.
        let answers = ParallelCalls.run([
            { @Sendable in 1 },
            { @Sendable in
                usleep(5_000)
                return 2
            },
        ])
        #expect(answers == [1, 2])
    }

    @Test func oneCallRunsOnTheCallingThread() {
        #expect(ParallelCalls.run([{ @Sendable in 7 }]) == [7])
        #expect(ParallelCalls.run([@Sendable () -> Int]()).isEmpty)
    }
}
