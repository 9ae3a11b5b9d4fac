import Crypto
import Foundation
import WellnessKitCore

extension Store {
    /// What a POST with an `Idempotency-Key` may do.
    public enum IdempotencyClaim: Sendable, Equatable {
        /// The key is new, or its holder's lease ended before its write committed:
        /// apply the request under ``fenced(by:_:)`` with this lease, then
        /// ``completeIdempotency(_:status:body:)``.
        case claimed(IdempotencyLease)
        /// The key was used for this very request: send its stored response again.
        case replay(status: Int, body: [UInt8])
        /// The key was used for a different request.
        case mismatch
        /// A request with the key is being applied right now.
        case inProgress
        /// The request's write committed, but the instance applying it stopped
        /// (or failed) before storing its response: it must not run again, and
        /// its response cannot be sent.
        case appliedResponseLost
    }

    /// The right to apply the request of one user's key, until `expiresMs`
    /// unless its write has committed by then.
    public struct IdempotencyLease: Sendable, Equatable {
        public let user: String
        public let key: String
        /// Names this claim alone (a random token), so that a claim taken over
        /// after its lease ended cannot be completed, released or applied by its old holder.
        public let owner: String
        public let expiresMs: Int64
    }

    /// How long a key is remembered (payment APIs keep theirs a day).
    static let idempotencyLifetimeMilliseconds: Int64 = 86_400_000

    /// Claims `key` for the user's request whose fingerprint is `requestHash`,
    /// for `leaseMilliseconds`, atomically: of two requests with one key, one
    /// claims it, the other sees it in progress (or, once done, replays it). A
    /// claim whose lease ended before its write committed (its instance was
    /// killed, say) is taken over; one whose write committed never is.
    public func claimIdempotency(
        user: String, key: String, requestHash: String,
        leaseMilliseconds: Int64
    ) async throws -> IdempotencyClaim {
        try await userKeys.load(user)
        let now = clock()
        let lease = IdempotencyLease(
            user: user, key: key, owner: UUID().uuidString,
            expiresMs: now.addingReportingOverflow(leaseMilliseconds).partialValue)
        let field = Self.idempotencyField(user, key)
        return try await engine.transaction { [self] session in
            try await holdUser(user, on: session)
            try await session.query(
                "DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND created_ms < ?",
                [.text(user), .text(key), .integer(now - Self.idempotencyLifetimeMilliseconds)])
            let inserted = try await session.query(
                """
                INSERT INTO idempotency_keys (user_id, key, request_hash, created_ms, lease_owner, lease_expires_ms)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, key) DO NOTHING RETURNING key
                """,
                [
                    .text(user), .text(key), .text(requestHash), .integer(now), .text(lease.owner),
                    .integer(lease.expiresMs),
                ])
            if !inserted.isEmpty { return .claimed(lease) }
            // PostgreSQL re-checks the condition once a concurrent update of the row
            // commits, so of two takeovers (or a takeover and the holder's write) one wins.
            let takenOver = try await session.query(
                """
                UPDATE idempotency_keys SET lease_owner = ?, lease_expires_ms = ?
                WHERE user_id = ? AND key = ? AND request_hash = ? AND status IS NULL AND applied = 0
                AND lease_expires_ms < ? RETURNING key
                """,
                [
                    .text(lease.owner), .integer(lease.expiresMs), .text(user), .text(key), .text(requestHash),
                    .integer(now),
                ])
            if !takenOver.isEmpty { return .claimed(lease) }
            guard
                let row = try await session.query(
                    """
                    SELECT request_hash, status, body, applied, lease_expires_ms FROM idempotency_keys
                    WHERE user_id = ? AND key = ?
                    """, [.text(user), .text(key)]
                ).first
            else { return .inProgress }
            guard try row.text("request_hash") == requestHash else { return .mismatch }
            guard let status = try row.optionalInteger("status"), let sealed = try row.optionalBlob("body") else {
                // A claim from before leases existed has no expiry: in progress until the key's day ends.
                let leaseEnded = try row.optionalInteger("lease_expires_ms").map { $0 < now } ?? false
                return try row.bool("applied") && leaseEnded ? .appliedResponseLost : .inProgress
            }
            return .replay(status: Int(clamping: status), body: Array(try self.cipher.open(sealed, for: field).utf8))
        }
    }

    /// Runs `body` (the request of a claimed key) so that each transaction it
    /// commits also records, in that transaction, that the request's write is
    /// applied, and commits only while `lease` still holds the key. Taking a
    /// rate-limit token (``takeToken(_:for:ofUser:capacity:window:now:)``)
    /// runs outside the fence: it is not the request's write. So the
    /// write is applied at most once: a replay that takes the key over after
    /// the lease ended finds either no committed write (and applies it) or the
    /// record of it (and does not); the old holder's write, if it comes later,
    /// rolls back.
    public func fenced<T: Sendable>(by lease: IdempotencyLease, _ body: () async throws -> T) async throws -> T {
        try await TransactionFence.$current.withValue(
            TransactionFence { session in
                let held = try await session.query(
                    """
                    UPDATE idempotency_keys SET applied = 1 WHERE user_id = ? AND key = ? AND lease_owner = ? RETURNING key
                    """, [.text(lease.user), .text(lease.key), .text(lease.owner)])
                guard !held.isEmpty else { throw IdempotencyLeaseLost() }
            }, operation: body)
    }

    /// Stores the response of a claimed key, for replays.
    public func completeIdempotency(_ lease: IdempotencyLease, status: Int, body: [UInt8]) async throws {
        try await userKeys.load(lease.user)
        let sealed = try cipher.seal(
            String(decoding: body, as: UTF8.self),
            for: Self.idempotencyField(lease.user, lease.key))
        try await engine.query(
            """
            UPDATE idempotency_keys SET status = ?, body = ? WHERE user_id = ? AND key = ? AND lease_owner = ?
            """, [.integer(Int64(status)), .blob(sealed), .text(lease.user), .text(lease.key), .text(lease.owner)])
    }

    /// Gives up a claim whose request failed: forgotten when nothing of it was
    /// applied, so that a retry applies it; otherwise its lease ends now, so
    /// that a retry learns it was applied (``IdempotencyClaim/appliedResponseLost``).
    public func releaseIdempotency(_ lease: IdempotencyLease) async throws {
        let held: [SQLValue] = [.text(lease.user), .text(lease.key), .text(lease.owner)]
        try await engine.query(
            """
            DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND lease_owner = ? AND status IS NULL AND applied = 0
            """, held)
        try await engine.query(
            """
            UPDATE idempotency_keys SET lease_expires_ms = 0
            WHERE user_id = ? AND key = ? AND lease_owner = ? AND status IS NULL
            """, held)
    }

    /// A request's fingerprint: its method, path and body.
    public static func requestHash(method: String, path: String, body: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(data: Array("\(method) \(path)\n".utf8))
        hasher.update(data: body)
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    static func idempotencyField(_ user: String, _ key: String) -> SealedField {
        SealedField(table: "idempotency_keys", column: "body", row: key, user: user)
    }
}

/// A request's write was refused because another request took its
/// idempotency key over after its lease ended.
public struct IdempotencyLeaseLost: Error, CustomStringConvertible {
    public var description: String { "the idempotency key's lease ended and another request holds it" }
}
