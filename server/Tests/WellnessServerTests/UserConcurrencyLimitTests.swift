import Foundation
import Testing

@testable import WellnessServer

/// Noisy neighbour: one user's requests beyond the limit wait;
/// another user's start at once; a user alone may run more.
@Suite struct UserConcurrencyLimitTests {
    /// Suspends until `condition` holds, giving up after many scheduler turns (never a clock).
    private static func until(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<1_000_000 {
            if condition() { return true }
            await Task.yield()
        }
        return condition()
    }

    @Test func aBusyUsersExtraRequestWaitsWhileAnotherUserIsServed() async throws {
        let limit = UserConcurrencyLimit(limit: 2)
        let gate = Gate()
        let busy = (0..<3).map { _ in Task { await limit.run(for: "busy") { await gate.wait() } } }
        #expect(await Self.until { limit.load(of: "busy") == (2, 1) })
        let served = await limit.run(for: "neighbour") { limit.load(of: "neighbour").running }
        #expect(served == 1, "the neighbour ran while the busy user was at its limit")
        #expect(limit.load(of: "busy") == (2, 1), "the busy user's third request still waits")
        await gate.open()
        for task in busy { await task.value }
        #expect(limit.load(of: "busy") == (0, 0))
        #expect(limit.load(of: "neighbour") == (0, 0))
    }

    @Test func aFailingRequestGivesItsTurnBack() async throws {
        struct Failure: Error {}
        let limit = UserConcurrencyLimit(limit: 1)
        await #expect(throws: Failure.self) { try await limit.run(for: "u") { throw Failure() } }
        #expect(limit.load(of: "u") == (0, 0))
        #expect(await limit.run(for: "u") { 7 } == 7)
    }

    @Test func aLoneUserRunsUpToTheAloneLimit() async throws {
        let limit = UserConcurrencyLimit(limit: 2, aloneLimit: 4)
        let gate = Gate()
        let busy = (0..<5).map { _ in Task { await limit.run(for: "busy") { await gate.wait() } } }
        #expect(await Self.until { limit.load(of: "busy") == (4, 1) })
        await gate.open()
        for task in busy { await task.value }
        #expect(limit.load(of: "busy") == (0, 0))
    }

    /// Another user's request holds the busy user to `limit` until the quiet period has passed.
    @Test func anotherUsersRequestEndsTheBurstUntilTheQuietPeriodPasses() async throws {
        let clock = TestClock()
        let limit = UserConcurrencyLimit(limit: 2, aloneLimit: 4, quietPeriod: .seconds(1), now: { clock.now })
        let gates = (0..<7).map { _ in Gate() }
        var busy: [Task<Void, Never>] = []
        for gate in gates {
            busy.append(Task { await limit.run(for: "busy") { await gate.wait() } })
            // One at a time, so that they start in this order.
            #expect(await Self.until { limit.load(of: "busy").running + limit.load(of: "busy").waiting == busy.count })
        }
        #expect(limit.load(of: "busy") == (4, 3))
        #expect(
            await limit.run(for: "neighbour") { limit.load(of: "neighbour").running } == 1,
            "the neighbour ran at once, beside the busy user's four")

        clock.advance(by: .milliseconds(900))
        await gates[0].open()
        #expect(await Self.until { limit.load(of: "busy") == (3, 3) }, "over its share: nothing more starts")
        await gates[1].open()
        #expect(await Self.until { limit.load(of: "busy") == (2, 3) })
        await gates[2].open()
        #expect(await Self.until { limit.load(of: "busy") == (2, 2) }, "at its share: one ends, one starts")

        clock.advance(by: .milliseconds(200))
        await gates[3].open()
        #expect(
            await Self.until { limit.load(of: "busy") == (3, 0) },
            "the neighbour has been quiet for a second: both waiting start")
        for gate in gates { await gate.open() }
        for task in busy { await task.value }
        #expect(limit.load(of: "busy") == (0, 0))
        #expect(limit.load(of: "neighbour") == (0, 0))
    }

    /// A request still running counts as activity however long ago it started.
    @Test func anotherUsersLongRequestHoldsTheBusyUserToItsShare() async throws {
        let clock = TestClock()
        let limit = UserConcurrencyLimit(limit: 2, aloneLimit: 4, quietPeriod: .seconds(1), now: { clock.now })
        let long = Gate()
        let neighbour = Task { await limit.run(for: "neighbour") { await long.wait() } }
        #expect(await Self.until { limit.load(of: "neighbour") == (1, 0) })
        clock.advance(by: .seconds(2))
        let gates = (0..<5).map { _ in Gate() }
        let busy = gates.map { gate in Task { await limit.run(for: "busy") { await gate.wait() } } }
        #expect(await Self.until { limit.load(of: "busy") == (2, 3) })
        await gates[0].open()
        await gates[1].open()
        #expect(await Self.until { limit.load(of: "busy") == (2, 1) }, "each one ending starts one, no more")
        await long.open()
        await neighbour.value
        for gate in gates { await gate.open() }
        for task in busy { await task.value }
        #expect(limit.load(of: "busy") == (0, 0))
    }

    /// A clock the test moves.
    private final class TestClock: @unchecked Sendable {
        private let lock = NSLock()
        private var instant = ContinuousClock.now

        var now: ContinuousClock.Instant { lock.withLock { instant } }

        func advance(by duration: Duration) {
            lock.withLock { instant = instant.advanced(by: duration) }
        }
    }

    /// A latch the test opens: tasks waiting on it stay inside their turn until then.
    private actor Gate {
        private var isOpen = false
        private var waiters: [CheckedContinuation<Void, Never>] = []

        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiters.append($0) }
        }

        func open() {
            isOpen = true
            for waiter in waiters { waiter.resume() }
            waiters.removeAll()
        }
    }
}
