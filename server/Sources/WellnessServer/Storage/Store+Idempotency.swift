import Crypto
import Foundation
import WellnessKitCore

extension Store {
    /// What a POST with an `Idempotency-Key` may do.
    public enum IdempotencyClaim: Sendable, Equatable {
        /// The key is new: apply the request, then ``completeIdempotency(user:key:status:body:)``.
        case claimed
        /// The key was used for this very request: send its stored response again.
        case replay(status: Int, body: [UInt8])
        /// The key was used for a different request.
        case mismatch
        /// A request with the key is being applied right now.
        case inProgress
    }

    /// How long a key is remembered (payment APIs keep theirs a day).
    static let idempotencyLifetimeMilliseconds: Int64 = 86_400_000

    /// Claims `key` for the user's request whose fingerprint is `requestHash`,
    /// atomically: of two requests with one key, one claims it, the other sees
    /// it in progress (or, once done, replays it).
    public func claimIdempotency(user: String, key: String, requestHash: String) async throws -> IdempotencyClaim {
        let now = Self.nowMilliseconds()
        let field = Self.idempotencyField(user, key)
        return try await engine.transaction { [self] session in
            try await session.query("DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND created_ms < ?",
                                    [.text(user), .text(key), .integer(now - Self.idempotencyLifetimeMilliseconds)])
            let inserted = try await session.query("""
                INSERT INTO idempotency_keys (user_id, key, request_hash, created_ms) VALUES (?, ?, ?, ?)
                ON CONFLICT (user_id, key) DO NOTHING RETURNING key
                """, [.text(user), .text(key), .text(requestHash), .integer(now)])
            if !inserted.isEmpty { return .claimed }
            guard let row = try await session.query("""
                SELECT request_hash, status, body FROM idempotency_keys WHERE user_id = ? AND key = ?
                """, [.text(user), .text(key)]).first, row.count == 3 else { return .inProgress }
            guard row[0].text == requestHash else { return .mismatch }
            guard let status = row[1].integer, let sealed = row[2].blob else { return .inProgress }
            return .replay(status: Int(clamping: status), body: Array(try self.cipher.open(sealed, for: field).utf8))
        }
    }

    /// Stores the response of a claimed key, for replays.
    public func completeIdempotency(user: String, key: String, status: Int, body: [UInt8]) async throws {
        let sealed = try cipher.seal(String(decoding: body, as: UTF8.self), for: Self.idempotencyField(user, key))
        try await engine.query("UPDATE idempotency_keys SET status = ?, body = ? WHERE user_id = ? AND key = ?",
                               [.integer(Int64(status)), .blob(sealed), .text(user), .text(key)])
    }

    /// Forgets a claim whose request failed, so that a retry applies it.
    public func releaseIdempotency(user: String, key: String) async throws {
        try await engine.query("DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND status IS NULL",
                               [.text(user), .text(key)])
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
