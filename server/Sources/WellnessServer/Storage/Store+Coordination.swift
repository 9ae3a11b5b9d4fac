import Foundation

/// What instances sharing one database must agree on, kept in it: rate-limit
/// token buckets and when each scheduled job is next due. (A per-user table
/// of idempotency keys, `(user_id, key)` unique, would live here too.)
extension Store {
    /// Takes a token from the bucket of `scope` and `subject` (`capacity` tokens, refilled
    /// evenly over `window` seconds); nil when allowed, else the whole seconds
    /// until a token is available. One transaction with the bucket's row
    /// locked, so instances never both spend the same token. When the bucket
    /// is a user's (`subject` is their id and `ofUser` is true), an erased
    /// user's request gets ``AccountErased`` and leaves no bucket behind.
    /// Never marks a request's idempotency key applied (``fenced(by:_:)``).
    public func takeToken(
        _ scope: String, for subject: String, ofUser: Bool = false, capacity: Int, window: TimeInterval,
        now: Int64 = Store.nowMilliseconds()
    ) async throws -> Int? {
        let capacity = Double(max(capacity, 1))
        let rate = capacity / max(window, 1) / 1000
        // Outside any idempotency key's fence: a token taken is not the request's write, so a request that
        // stops after it (a kill while the provider answers, a 429) has applied nothing and its replay runs it.
        return try await TransactionFence.$current.withValue(nil) {
            try await takeToken(scope, subject, ofUser: ofUser, capacity: capacity, rate: rate, now: now)
        }
    }

    private func takeToken(
        _ scope: String, _ subject: String, ofUser: Bool, capacity: Double, rate: Double, now: Int64
    ) async throws -> Int? {
        let forUpdate = engine.dialect.forUpdate
        return try await engine.transaction { [self] session in
            if ofUser { try await holdUser(subject, on: session) }
            let bucket: [SQLValue] = [.text(scope), .text(subject)]
            try await session.query(
                """
                INSERT INTO rate_limit_buckets (scope, subject, tokens, updated_ms) VALUES (?, ?, ?, ?)
                ON CONFLICT (scope, subject) DO NOTHING
                """, bucket + [.real(capacity), .integer(now)])
            let row = try await session.query(
                """
                SELECT tokens, updated_ms FROM rate_limit_buckets WHERE scope = ? AND subject = ?\(forUpdate)
                """, bucket
            ).first
            let stored = try row?.real("tokens") ?? capacity
            let updated = try row?.integer("updated_ms") ?? now
            // A clock behind another instance's never takes tokens away.
            let elapsed = Double(max(now.subtractingReportingOverflow(updated).partialValue, 0))
            var tokens = min(capacity, stored + elapsed * rate)
            let allowed = tokens >= 1
            if allowed { tokens -= 1 }
            try await session.query(
                "UPDATE rate_limit_buckets SET tokens = ?, updated_ms = ? WHERE scope = ? AND subject = ?",
                [.real(tokens), .integer(max(now, updated))] + bucket)
            if allowed { return nil }
            return Int(((1 - tokens) / rate / 1000).rounded(.up))
        }
    }

    /// Forgets buckets untouched for `age` seconds (full again by then, so equal to no row).
    public func forgetRateLimits(olderThan age: TimeInterval, now: Int64 = Store.nowMilliseconds()) async throws {
        try await engine.query(
            "DELETE FROM rate_limit_buckets WHERE updated_ms < ?",
            [.integer(now - Int64(max(age, 0) * 1000))])
    }

    /// Version 5's move of the buckets of `rate_limits`, keyed by one text
    /// ("user|endpoint", "signup|address"), to `rate_limit_buckets`; a key of
    /// neither shape is left behind (its bucket starts full, as after an hour unused).
    static func moveJoinedRateLimitKeys(on session: any SQLSession) async throws {
        for row in try await session.query("SELECT key, tokens, updated_ms FROM rate_limits") {
            let parts = try row.text("key").split(separator: "|", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            let (scope, subject) = parts[0] == "signup" ? (parts[0], parts[1]) : (parts[1], parts[0])
            try await session.query(
                """
                INSERT INTO rate_limit_buckets (scope, subject, tokens, updated_ms) VALUES (?, ?, ?, ?)
                ON CONFLICT (scope, subject) DO NOTHING
                """,
                [.text(scope), .text(subject), .real(try row.real("tokens")), .integer(try row.integer("updated_ms"))])
        }
    }

    /// Whether this instance runs the job `name` now: true for exactly one
    /// caller per `interval`, across every instance on the database (the one
    /// whose update moves the job's next due time forward).
    public func claimScheduledRun(
        _ name: String, interval: TimeInterval,
        now: Int64 = Store.nowMilliseconds()
    ) async throws -> Bool {
        let next = now + Int64(max(interval, 0.001) * 1000)
        try await engine.query(
            "INSERT INTO schedules (name, next_run_ms) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
            [.text(name), .integer(now)])
        let claimed = try await engine.query(
            """
            UPDATE schedules SET next_run_ms = ? WHERE name = ? AND next_run_ms <= ? RETURNING name
            """, [.integer(next), .text(name), .integer(now)])
        return !claimed.isEmpty
    }
}
