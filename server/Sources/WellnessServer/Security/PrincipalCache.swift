import Foundation

/// Who an API key belongs to, and since when a user's tokens are valid,
/// remembered in memory for a short lifetime so that authenticating a request
/// usually costs no database query.
///
/// Only answers the database gave are remembered (an unknown key is looked up
/// every time, so guessing keys cannot fill the cache). Revoking a user's
/// tokens, or an API key, through this instance forgets that entry at once, and a
/// lookup that was under way while it happened is not remembered
/// (``generation``), so revocation takes effect immediately here; other
/// instances sharing a PostgreSQL database notice it within ``lifetime``.
/// An erased account is the exception: every instance forgets it when the
/// erasure commits (``forgetUser(_:)``, through the database's notifications),
/// and where notifications may be missed (a PostgreSQL listener not
/// connected) nothing remembered is believed (``isTrusted``). On SQLite,
/// which has no notifications, an entry is believed only after the
/// database's erasure mark is read and found unchanged (``follow(erasureMark:)``),
/// or nothing was committed to the file since it was (``hasFollowedErasures(in:)``).
/// A lifetime of 0 turns the cache off.
final class PrincipalCache: @unchecked Sendable {
    /// How long an entry is believed, in seconds.
    let lifetime: Double
    /// The longest lifetime, in seconds: a day, so that an expiry in nanoseconds cannot overflow.
    static let maximumLifetime = 86_400.0
    /// Entries kept at most; beyond it expired entries go, and if none has, all do.
    static let capacity = 50_000

    private struct Entry<Value> {
        let value: Value
        let expiry: UInt64
    }

    private let lock = NSLock()
    private var users: [String: Entry<String>] = [:]
    private var validAfter: [String: Entry<Int64>] = [:]
    private var revocations: UInt64 = 0
    private var trusted: Bool
    /// The erasure mark last read from a SQLite database (``follow(erasureMark:)``).
    private var erasureMark: [UInt8]?
    /// The engine's commit epoch (``SQLEngine/commitEpoch()``) taken before the
    /// erasure mark last followed was read (``followedErasures(in:)``).
    private var erasuresEpoch: UInt64?
    /// A monotonic time in nanoseconds that entries expire by.
    private let clock: @Sendable () -> UInt64

    /// - Parameter trusted: whether entries may be believed from the start: false while
    ///   erasures made by other instances could go unnoticed (see ``isTrusted``).
    /// - Parameter clock: monotonic nanoseconds that entries expire by: the
    ///   system's uptime, unless a test moves its own clock past a lifetime.
    init(lifetime: Double, trusted: Bool = true, clock: @escaping @Sendable () -> UInt64 = uptimeNanoseconds) {
        self.lifetime = lifetime.isFinite ? min(max(lifetime, 0), Self.maximumLifetime) : 0
        self.trusted = trusted
        self.clock = clock
    }

    /// Whether remembered entries are believed. Set false when this instance
    /// may miss another's erasure (its PostgreSQL listener is not connected):
    /// everything is forgotten then and each request looks its credentials up,
    /// until the listener is back.
    var isTrusted: Bool {
        get { lock.withLock { trusted } }
        set {
            lock.withLock {
                trusted = newValue
                guard !newValue else { return }
                revocations &+= 1
                users.removeAll()
                validAfter.removeAll()
            }
        }
    }

    /// A mark taken before a database lookup and handed back to `remember`, so
    /// that a lookup overtaken by a revocation is not remembered.
    var generation: UInt64 {
        lock.withLock { revocations }
    }

    /// The user of the API key with this fingerprint, if remembered and not expired.
    func user(forFingerprint fingerprint: String) -> String? {
        let now = clock()
        return lock.withLock { trusted ? users[fingerprint].flatMap { $0.expiry > now ? $0.value : nil } : nil }
    }

    func remember(user: String, forFingerprint fingerprint: String, lookedUpAt generation: UInt64) {
        store(\.users, fingerprint, user, generation)
    }

    /// The user's `tokens_valid_after_ms`, if remembered and not expired.
    func tokensValidAfter(user: String) -> Int64? {
        let now = clock()
        return lock.withLock { trusted ? validAfter[user].flatMap { $0.expiry > now ? $0.value : nil } : nil }
    }

    func remember(tokensValidAfter milliseconds: Int64, user: String, lookedUpAt generation: UInt64) {
        store(\.validAfter, user, milliseconds, generation)
    }

    /// Forgets what is known of `user`'s tokens: called once a revocation is
    /// stored, so the next request reads the new mark.
    func forgetTokens(of user: String) {
        lock.withLock {
            revocations &+= 1
            validAfter[user] = nil
        }
    }

    /// Forgets the owner of a revoked API key: called once the revocation is
    /// stored, so the next request with the key is looked up (and refused).
    func forgetKey(fingerprint: String) {
        lock.withLock {
            revocations &+= 1
            users[fingerprint] = nil
        }
    }

    /// Takes the erasure mark just read from the database: when it differs
    /// from the last one, another process erased someone meanwhile, and
    /// everything remembered is forgotten (and lookups under way are not
    /// remembered). Where no notices come (SQLite), the erased user's
    /// credentials are so refused from the first request after the erasure.
    /// - Returns: whether the mark changed.
    func follow(erasureMark mark: [UInt8]) -> Bool {
        lock.withLock {
            guard mark != erasureMark else { return false }
            erasureMark = mark
            revocations &+= 1
            users.removeAll()
            validAfter.removeAll()
            return true
        }
    }

    /// Records that the erasure mark read after the engine answered `epoch`
    /// (``SQLEngine/commitEpoch()``) was followed: while the engine answers
    /// the same epoch, nothing was committed since, so the mark is unchanged
    /// and need not be read again (``hasFollowedErasures(in:)``).
    func followedErasures(in epoch: UInt64) {
        lock.withLock { erasuresEpoch = epoch }
    }

    /// Whether the erasure mark has been followed in `epoch`, the engine's
    /// answer just now: nothing was committed to the file since it was read.
    func hasFollowedErasures(in epoch: UInt64) -> Bool {
        lock.withLock { erasuresEpoch == epoch }
    }

    /// Forgets everything of an erased user (every key that named them, their
    /// token mark), and anything a lookup under way finds of them.
    func forgetUser(_ user: String) {
        lock.withLock {
            revocations &+= 1
            validAfter[user] = nil
            users = users.filter { $0.value.value != user }
        }
    }

    private func store<Value>(
        _ table: ReferenceWritableKeyPath<PrincipalCache, [String: Entry<Value>]>, _ key: String,
        _ value: Value, _ generation: UInt64
    ) {
        guard lifetime > 0 else { return }
        let now = clock()
        let expiry = now + UInt64(lifetime * 1e9)
        lock.withLock {
            guard trusted, generation == revocations else { return }
            if self[keyPath: table].count >= Self.capacity {
                self[keyPath: table] = self[keyPath: table].filter { $0.value.expiry > now }
                if self[keyPath: table].count >= Self.capacity { self[keyPath: table].removeAll() }
            }
            self[keyPath: table][key] = Entry(value: value, expiry: expiry)
        }
    }

    /// The system's monotonic uptime in nanoseconds: the clock entries expire by unless one is given.
    static func uptimeNanoseconds() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
