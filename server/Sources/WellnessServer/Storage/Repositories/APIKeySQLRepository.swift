import Foundation
import WellnessKitCore

/// ``APIKeyRepository`` in the store's database (either engine,
/// ``SQLEngine``): a row of `api_keys` per key, only its fingerprint and
/// prefix kept. A user from before `api_keys` has their first key in
/// `users.api_key_fingerprint` until it is adopted into a row.
public struct APIKeySQLRepository: APIKeyRepository {
    /// The database, and the remembered key owners a revocation forgets.
    let store: Store

    /// API keys one user may hold at once.
    public static let maximumAPIKeys = 10
    /// Characters of a key shown to tell it apart (48 of its 256 bits).
    static let apiKeyPrefixLength = 8

    /// The owner of a key fingerprint: a row of `api_keys`, or, for a user with
    /// none yet (created before the table), `users.api_key_fingerprint`.
    static let keyOwnerQuery = """
        SELECT user_id FROM api_keys WHERE fingerprint = ?
        UNION ALL
        SELECT id FROM users WHERE api_key_fingerprint = ?
            AND NOT EXISTS (SELECT 1 FROM api_keys WHERE api_keys.user_id = users.id)
        """

    /// The user's keys, oldest first.
    /// - Throws: ``APIKeyRefusal/unknownUser``.
    public func list(of userId: String) async throws -> [APIKeyRecord] {
        try await store.engine.transaction { [self] session in
            try await lockUser(userId, on: session)
            try await adoptFirstKey(of: userId, on: session)
            return try await keys(of: userId, on: session)
        }
    }

    /// A new key for the user, returned once; only its fingerprint is kept.
    /// - Throws: ``APIKeyRefusal/unknownUser``, ``APIKeyRefusal/tooManyKeys``.
    public func create(for userId: String) async throws -> (record: APIKeyRecord, apiKey: String) {
        let apiKey = Credentials.newAPIKey()
        let now = store.clock()
        return try await store.engine.transaction { [self] session in
            try await lockUser(userId, on: session)
            try await adoptFirstKey(of: userId, on: session)
            guard try await keys(of: userId, on: session).count < Self.maximumAPIKeys else {
                throw APIKeyRefusal.tooManyKeys
            }
            return (try await insertKey(apiKey, for: userId, at: now, on: session), apiKey)
        }
    }

    /// Revokes one of the user's keys, unless it is the last. Takes effect at once on
    /// this instance (its remembered owner is forgotten), on others within the principal lifetime.
    /// - Throws: ``APIKeyRefusal/unknownUser``, ``APIKeyRefusal/unknownKey``, ``APIKeyRefusal/lastKey``.
    public func revoke(_ id: String, of userId: String) async throws {
        let fingerprint: String = try await store.engine.transaction { [self] session in
            // The user's row is locked so that two revocations cannot each leave the other key the last.
            try await lockUser(userId, on: session)
            try await adoptFirstKey(of: userId, on: session)
            guard
                let fingerprint = try await session.query(
                    "SELECT fingerprint FROM api_keys WHERE id = ? AND user_id = ?",
                    [.text(id), .text(userId)]
                ).first?.text("fingerprint")
            else {
                throw APIKeyRefusal.unknownKey
            }
            guard try await keys(of: userId, on: session).count > 1 else { throw APIKeyRefusal.lastKey }
            try await session.query("DELETE FROM api_keys WHERE id = ?", [.text(id)])
            return fingerprint
        }
        store.principals.forgetKey(fingerprint: fingerprint)
    }

    @discardableResult
    func insertKey(_ apiKey: String, for userId: String, at milliseconds: Int64, on session: any SQLSession)
        async throws
        -> APIKeyRecord
    {
        let record = APIKeyRecord(
            id: Store.newId("key"), prefix: String(apiKey.prefix(Self.apiKeyPrefixLength)),
            createdMilliseconds: milliseconds)
        try await session.query(
            "INSERT INTO api_keys (id, user_id, fingerprint, prefix, created_ms) VALUES (?, ?, ?, ?, ?)",
            [
                .text(record.id), .text(userId), .text(Credentials.fingerprint(ofAPIKey: apiKey)),
                .text(record.prefix ?? ""), .integer(milliseconds),
            ])
        return record
    }

    private func lockUser(_ userId: String, on session: any SQLSession) async throws {
        guard
            try await !session.query(
                "SELECT id FROM users WHERE id = ?\(store.engine.dialect.forUpdate)",
                [.text(userId)]
            ).isEmpty
        else { throw APIKeyRefusal.unknownUser }
    }

    /// Gives a user from before `api_keys` the row of their key (users.api_key_fingerprint),
    /// whose prefix is unknown, so that it can be listed and revoked like any other.
    private func adoptFirstKey(of userId: String, on session: any SQLSession) async throws {
        try await session.query(
            """
            INSERT INTO api_keys (id, user_id, fingerprint, prefix, created_ms)
            SELECT 'key_' || id, id, api_key_fingerprint, NULL, created_ms FROM users
            WHERE id = ? AND NOT EXISTS (SELECT 1 FROM api_keys WHERE api_keys.user_id = users.id)
            ON CONFLICT DO NOTHING
            """, [.text(userId)])
    }

    private func keys(of userId: String, on session: any SQLSession) async throws -> [APIKeyRecord] {
        try await session.query(
            "SELECT id, prefix, created_ms FROM api_keys WHERE user_id = ? ORDER BY created_ms, id",
            [.text(userId)]
        ).map { row in
            APIKeyRecord(
                id: try row.text("id"), prefix: try row.optionalText("prefix"),
                createdMilliseconds: try row.integer("created_ms"))
        }
    }
}
