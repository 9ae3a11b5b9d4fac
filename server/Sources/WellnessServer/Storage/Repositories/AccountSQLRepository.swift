import Foundation
import WellnessKitCore

/// ``AccountRepository`` in the store's database (either engine,
/// ``SQLEngine``): users are created here; erasure, export and the
/// revocation of tokens are the store's own, since they reach every table
/// or the credentials every instance remembers, and are handed on to it.
public struct AccountSQLRepository: AccountRepository {
    /// The database, the users' keys, and the erasure and export the accounts hand on to.
    let store: Store

    /// Creates a user and returns its id and API key (shown once; only its fingerprint is kept).
    public func create(name: String) async throws -> (id: String, apiKey: String) {
        let id = Store.newId("usr")
        let apiKey = Credentials.newAPIKey()
        try await store.userKeys.create(for: id)
        let sealedName = try store.cipher.seal(
            name, for: SealedField(table: "users", column: "name", row: id, user: id))
        let fingerprint = Credentials.fingerprint(ofAPIKey: apiKey)
        let now = store.clock()
        try await store.engine.transaction { [self] session in
            // users.api_key_fingerprint keeps the first key too, for servers of this schema version from before api_keys.
            try await session.query(
                "INSERT INTO users (id, name, api_key_fingerprint, created_ms) VALUES (?, ?, ?, ?)",
                [.text(id), .blob(sealedName), .text(fingerprint), .integer(now)])
            try await store.apiKeys.insertKey(apiKey, for: id, at: now, on: session)
        }
        return (id, apiKey)
    }

    /// The user's name, as given at sign-up; nil when there is no such user.
    public func name(of id: String) async throws -> String? {
        try await store.userKeys.load(id)
        guard
            let sealed = try await store.engine.query("SELECT name FROM users WHERE id = ?", [.text(id)]).first?.blob(
                "name")
        else { return nil }
        return try store.cipher.open(sealed, for: SealedField(table: "users", column: "name", row: id, user: id))
    }

    public func revokeTokens(of userId: String, at milliseconds: Int64) async throws {
        try await store.revokeTokens(userId: userId, at: milliseconds)
    }

    public func isAPIKey(_ apiKey: String, of userId: String) async throws -> Bool {
        try await store.isAPIKey(apiKey, of: userId)
    }

    public func erase(_ userId: String) async throws -> Bool {
        try await store.eraseUser(userId)
    }

    public func export(_ userId: String, to write: ([UInt8]) async throws -> Void) async throws -> Bool {
        try await store.exportAccount(userId, to: write)
    }
}
