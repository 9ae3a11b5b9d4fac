import Foundation

/// What instances sharing one database must agree on, kept in it: rate-limit
/// token buckets and when each scheduled job is next due. (A per-user table
/// of idempotency keys, `(user_id, key)` unique, would live here too.)
extension Store {
    /// Takes a token from the bucket `key` (`capacity` tokens, refilled
    /// evenly over `window` seconds); nil when allowed, else the whole seconds
    /// until a token is available. One transaction with the bucket's row
    /// locked, so instances never both spend the same token.
    public func takeToken(_ key: String, capacity: Int, window: TimeInterval,
                          now: Int64 = Store.nowMilliseconds()) async throws -> Int? {
        let capacity = Double(max(capacity, 1))
        let rate = capacity / max(window, 1) / 1000
        let forUpdate = engine.dialect.forUpdate
        return try await engine.transaction { session in
            try await session.query("""
                INSERT INTO rate_limits (key, tokens, updated_ms) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING
                """, [.text(key), .real(capacity), .integer(now)])
            let row = try await session.query("SELECT tokens, updated_ms FROM rate_limits WHERE key = ?\(forUpdate)",
                                              [.text(key)]).first
            let stored = row?[0].real ?? capacity
            let updated = row?[1].integer ?? now
            // A clock behind another instance's never takes tokens away.
            let elapsed = Double(max(now.subtractingReportingOverflow(updated).partialValue, 0))
            var tokens = min(capacity, stored + elapsed * rate)
            let allowed = tokens >= 1
            if allowed { tokens -= 1 }
            try await session.query("UPDATE rate_limits SET tokens = ?, updated_ms = ? WHERE key = ?",
                                    [.real(tokens), .integer(max(now, updated)), .text(key)])
            if allowed { return nil }
            return Int(((1 - tokens) / rate / 1000).rounded(.up))
        }
    }

    /// Forgets buckets untouched for `age` seconds (full again by then, so equal to no row).
    public func forgetRateLimits(olderThan age: TimeInterval, now: Int64 = Store.nowMilliseconds()) async throws {
        try await engine.query("DELETE FROM rate_limits WHERE updated_ms < ?",
                               [.integer(now - Int64(max(age, 0) * 1000))])
    }

    /// Whether this instance runs the job `name` now: true for exactly one
    /// caller per `interval`, across every instance on the database (the one
    /// whose update moves the job's next due time forward).
    public func claimScheduledRun(_ name: String, interval: TimeInterval,
                                  now: Int64 = Store.nowMilliseconds()) async throws -> Bool {
        let next = now + Int64(max(interval, 0.001) * 1000)
        try await engine.query("INSERT INTO schedules (name, next_run_ms) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                               [.text(name), .integer(now)])
        let claimed = try await engine.query("""
            UPDATE schedules SET next_run_ms = ? WHERE name = ? AND next_run_ms <= ? RETURNING name
            """, [.integer(next), .text(name), .integer(now)])
        return !claimed.isEmpty
    }
}
