import Foundation

/// A counting semaphore whose waiters are suspended tasks, not blocked
/// threads: a request waiting for SQLite's writer or a reader connection holds
/// no thread, so the threads that run SQLite calls are always free to finish
/// the work that will release it. First come, first served.
///
/// A lock rather than an actor: taking a free permit, the usual case, then
/// costs no hop to another executor and back (two per statement otherwise).
final class AsyncSemaphore: @unchecked Sendable {
    private let lock = NSLock()
    private var permits: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// Index of the longest-waiting task in `waiters` (the queue's head, removed lazily).
    private var head = 0

    init(permits: Int) {
        self.permits = max(permits, 0)
    }

    func acquire() async {
        let taken = lock.withLock { () -> Bool in
            guard permits > 0 else { return false }
            permits -= 1
            return true
        }
        guard !taken else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Re-checked under the lock: a permit may have been released since.
            let takenNow = lock.withLock { () -> Bool in
                if permits > 0 {
                    permits -= 1
                    return true
                }
                waiters.append(continuation)
                return false
            }
            if takenNow { continuation.resume() }
        }
    }

    /// Hands the permit to the longest-waiting task, if any.
    func release() {
        let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            guard head < waiters.count else {
                permits += 1
                return nil
            }
            let next = waiters[head]
            head += 1
            if head == waiters.count {
                waiters.removeAll(keepingCapacity: true)
                head = 0
            }
            return next
        }
        next?.resume()
    }

    /// Runs `body` holding one permit.
    func holding<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }
}
