import Foundation
import Testing
@testable import WellnessServer

/// Issue 13 (noisy neighbour): one user's requests beyond the limit wait;
/// another user's start at once.
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
