import Foundation

/// At most ``limit`` requests of one user are processed at once while other
/// users are active, and at most ``aloneLimit`` while none has been for
/// ``quietPeriod``; the user's further requests wait, in arrival order, until
/// one of theirs finishes.
///
/// Why: the readers, database connections and cores are shared. Without a
/// limit, one user with many connections (listing 10,000 insights in a
/// loop, say) fills every SQLite reader and keeps the cores busy with their
/// own queue, and another user's request waits behind all of it. With it,
/// the other user's request is started as soon as it arrives, and the busy
/// user's wait is their own. Waiting requests are suspended tasks: they hold
/// no thread, reader or connection. The limit is per instance.
///
/// Why a larger limit for a user alone: capacity nobody else asks for is not
/// held back. On PostgreSQL each request waits a network round trip for its
/// statement, so two at a time left the cores partly idle (measured: one
/// user's list 3,500 req/s at 2, 4,700 at 20). Another user's first request
/// ends the burst: from then the busy user starts no more than ``limit``
/// until everyone else has been quiet for ``quietPeriod``.
final class UserConcurrencyLimit: @unchecked Sendable {
    /// Requests of one user at once by default while others are active: 2
    /// keeps two cores busy for one user alone (measured: the same list
    /// throughput as with 4), while another user's request waits behind fewer
    /// of theirs (busy/idle p50 ~2× instead of ~2.9×). Fewer than SQLite's
    /// readers (``SQLiteEngine/defaultReaders``), so one user never holds them all.
    static let defaultLimit = 2

    /// How long after another user's last request starts or ends a user is still held to ``limit``.
    static let defaultQuietPeriod = Duration.seconds(1)

    let limit: Int
    let aloneLimit: Int
    let quietPeriod: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let lock = NSLock()
    private var running: [String: Int] = [:]
    private var totalRunning = 0
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    /// The user whose request last started or ended, and the latest user other than it, with when.
    private var latest: (user: String, at: ContinuousClock.Instant)?
    private var latestOther: (user: String, at: ContinuousClock.Instant)?

    /// - Parameters:
    ///   - limit: a user's requests at once while another user has been active within `quietPeriod`.
    ///   - aloneLimit: a user's requests at once otherwise (at least `limit`).
    ///   - now: the clock (tests move it).
    init(
        limit: Int, aloneLimit: Int? = nil, quietPeriod: Duration = defaultQuietPeriod,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.limit = max(limit, 1)
        self.aloneLimit = max(aloneLimit ?? limit, self.limit)
        self.quietPeriod = quietPeriod
        self.now = now
    }

    /// Runs `body` as one of `user`'s requests, first waiting for a turn if `user` has as many running as allowed.
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
        guard !lock.withLock({ startIfAllowed(user) }) else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Re-checked under the lock: a turn may have been released since.
            let startNow = lock.withLock { () -> Bool in
                if startIfAllowed(user) { return true }
                waiting[user, default: []].append(continuation)
                return false
            }
            if startNow { continuation.resume() }
        }
    }

    /// Ends one of the user's requests and starts as many of their waiting ones as are now allowed.
    private func release(_ user: String) {
        let next = lock.withLock { () -> ArraySlice<CheckedContinuation<Void, Never>> in
            noteActivity(of: user)
            let count = (running[user] ?? 1) - 1
            running[user] = count
            totalRunning -= 1
            let queue = waiting[user] ?? []
            let starting = min(max(allowed(for: user) - count, 0), queue.count)
            running[user] = count + starting > 0 ? count + starting : nil
            totalRunning += starting
            waiting[user] = starting < queue.count ? Array(queue.dropFirst(starting)) : nil
            return queue.prefix(starting)
        }
        for continuation in next { continuation.resume() }
    }

    /// Counts a request of `user` as running if its turn is allowed now. Under `lock`.
    private func startIfAllowed(_ user: String) -> Bool {
        noteActivity(of: user)
        let count = running[user] ?? 0
        // Behind the user's earlier waiting requests, never ahead of them.
        guard waiting[user] == nil, count < allowed(for: user) else { return false }
        running[user] = count + 1
        totalRunning += 1
        return true
    }

    /// ``aloneLimit`` unless another user has requests running, or had one start or end within ``quietPeriod``. Under `lock`.
    private func allowed(for user: String) -> Int {
        if totalRunning > running[user] ?? 0 { return limit }
        let other = latest?.user == user ? latestOther : latest
        guard let other else { return aloneLimit }
        return now() - other.at < quietPeriod ? limit : aloneLimit
    }

    /// Under `lock`.
    private func noteActivity(of user: String) {
        let at = now()
        if let latest, latest.user != user { latestOther = latest }
        latest = (user, at)
    }
}
