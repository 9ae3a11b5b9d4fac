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

    init(lifetime: Double) {
        self.lifetime = lifetime.isFinite ? min(max(lifetime, 0), Self.maximumLifetime) : 0
    }

    /// A mark taken before a database lookup and handed back to `remember`, so
    /// that a lookup overtaken by a revocation is not remembered.
    var generation: UInt64 {
        lock.withLock { revocations }
    }

    /// The user of the API key with this fingerprint, if remembered and not expired.
    func user(forFingerprint fingerprint: String) -> String? {
        let now = Self.now()
        return lock.withLock { users[fingerprint].flatMap { $0.expiry > now ? $0.value : nil } }
    }

    func remember(user: String, forFingerprint fingerprint: String, lookedUpAt generation: UInt64) {
        store(\.users, fingerprint, user, generation)
    }

    /// The user's `tokens_valid_after_ms`, if remembered and not expired.
    func tokensValidAfter(user: String) -> Int64? {
        let now = Self.now()
        return lock.withLock { validAfter[user].flatMap { $0.expiry > now ? $0.value : nil } }
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

    private func store<Value>(
        _ table: ReferenceWritableKeyPath<PrincipalCache, [String: Entry<Value>]>, _ key: String,
        _ value: Value, _ generation: UInt64
    ) {
        guard lifetime > 0 else { return }
        let now = Self.now()
        let expiry = now + UInt64(lifetime * 1e9)
        lock.withLock {
            guard generation == revocations else { return }
            if self[keyPath: table].count >= Self.capacity {
                self[keyPath: table] = self[keyPath: table].filter { $0.value.expiry > now }
                if self[keyPath: table].count >= Self.capacity { self[keyPath: table].removeAll() }
            }
            self[keyPath: table][key] = Entry(value: value, expiry: expiry)
        }
    }

    private static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
