import Foundation
import Testing

@testable import WellnessServer

/// Performance with correctness: requests asking for the same value at once
/// share one read, yet each is answered by a read that started after it asked.
@Suite struct SharedReadsTests {
    /// A read that waits until the test lets it finish, counting the reads made.
    private final class Gate: @unchecked Sendable {
        private let lock = NSLock()
        private var reads = 0
        private var held: [CheckedContinuation<Void, Never>] = []

        var count: Int { lock.withLock { reads } }
        var waitingReads: Int { lock.withLock { held.count } }

        /// The number of this read, once the test opens the gate.
        func read() async -> Int {
            let number = lock.withLock {
                reads += 1
                return reads
            }
            await withCheckedContinuation { continuation in lock.withLock { held.append(continuation) } }
            return number
        }

        func open() {
            let released = lock.withLock {
                defer { held.removeAll() }
                return held
            }
            for continuation in released { continuation.resume() }
        }
    }

    private static func until(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
    }

    @Test func whoAskedDuringAReadSharesTheNextOneNotThatOne() async throws {
        let reads = SharedReads<String, Int>()
        let gate = Gate()
        let first = Task { try await reads.value(for: "k") { await gate.read() } }
        await Self.until { gate.waitingReads == 1 }
        // These ask while read 1 runs: read 1 may have missed a write committed before they asked.
        let later = (0..<10).map { _ in Task { try await reads.value(for: "k") { await gate.read() } } }
        await Self.until { reads.waitingCount(for: "k") == 10 }
        let other = Task { try await reads.value(for: "other key") { 99 } }
        #expect(try await other.value == 99, "another key does not wait")
        gate.open()
        #expect(try await first.value == 1)
        await Self.until { gate.waitingReads == 1 }
        gate.open()
        for task in later { #expect(try await task.value == 2, "answered by the read started after they asked") }
        #expect(gate.count == 2, "eleven requests, two reads")
        #expect(try await reads.value(for: "k") { 3 } == 3, "a call alone reads at once")
    }

    @Test func aFailedReadFailsThoseItAnswersAndTheNextReadStillRuns() async throws {
        struct Failed: Error {}
        let reads = SharedReads<Int, Int>()
        let gate = Gate()
        let first = Task { try await reads.value(for: 0) { await gate.read() } }
        await Self.until { gate.waitingReads == 1 }
        let failing = Task {
            try await reads.value(for: 0) {
                _ = await gate.read()
                throw Failed()
            }
        }
        await Self.until { reads.waitingCount(for: 0) == 1 }
        // Asks after the failing call: that call makes read 2 and this one shares it.
        let follower = Task { try await reads.value(for: 0) { 7 } }
        await Self.until { reads.waitingCount(for: 0) == 2 }
        gate.open()
        #expect(try await first.value == 1)
        await Self.until { gate.waitingReads == 1 }
        gate.open()
        await #expect(throws: Failed.self) { try await failing.value }
        await #expect(throws: Failed.self, "answered by the failed read") { try await follower.value }
        #expect(try await reads.value(for: 0) { 5 } == 5, "nothing is left waiting")
    }
}
