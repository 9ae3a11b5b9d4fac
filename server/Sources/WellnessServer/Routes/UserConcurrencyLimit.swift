import Foundation

/// At most ``limit`` requests of one user are processed at once; the user's
/// further requests wait, in arrival order, until one of theirs finishes.
///
/// Why: the readers, database connections and cores are shared. Without a
/// limit, one user with many connections (listing 10,000 insights in a
/// loop, say) fills every SQLite reader and keeps the cores busy with their
/// own queue, and another user's request waits behind all of it. With it,
/// the other user's request is started as soon as it arrives, and the busy
/// user's wait is their own. Waiting requests are suspended tasks: they hold
/// no thread, reader or connection. The limit is per instance.
final class UserConcurrencyLimit: @unchecked Sendable {
    /// Requests of one user at once by default: 2 keeps two cores busy for
    /// one user alone (measured: the same list throughput as with 4), while
    /// another user's request waits behind fewer of theirs (busy/idle p50 ~2×
    /// instead of ~2.9×). Fewer than SQLite's readers
    /// (``SQLiteEngine/defaultReaders``), so one user never holds them all.
    static let defaultLimit = 2

    let limit: Int
    private let lock = NSLock()
    private var running: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// Runs `body` as one of `user`'s requests, first waiting for a turn if `user` has ``limit`` running.
    func run<T>(for user: String, _ body: () async throws -> T) async rethrows -> T {
        await acquire(user)
        defer { release(user) }
        return try await body()
    }

    /// How many of `user`'s requests are running and waiting (for tests and diagnostics).
    func load(of user: String) -> (running: Int, waiting: Int) {
        lock.withLock { (running[user] ?? 0, waiting[user]?.count ?? 0) }
    }

    private func acquire(_ user: String) async {
        let started = lock.withLock { () -> Bool in
            let count = running[user] ?? 0
            guard count < limit else { return false }
            running[user] = count + 1
            return true
        }
        guard !started else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Re-checked under the lock: a turn may have been released since.
            let startNow = lock.withLock { () -> Bool in
                let count = running[user] ?? 0
                if count < limit {
                    running[user] = count + 1
                    return true
                }
                waiting[user, default: []].append(continuation)
                return false
            }
            if startNow { continuation.resume() }
        }
    }

    /// Hands the turn to the user's longest-waiting request, if any; the running count then stays the same.
    private func release(_ user: String) {
        let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            if var queue = waiting[user], !queue.isEmpty {
                let next = queue.removeFirst()
                waiting[user] = queue.isEmpty ? nil : queue
                return next
            }
            let count = (running[user] ?? 1) - 1
            running[user] = count > 0 ? count : nil
            return nil
        }
        next?.resume()
    }
}
