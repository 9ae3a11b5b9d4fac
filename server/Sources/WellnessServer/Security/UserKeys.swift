import Crypto
import Foundation

/// Each user's data key, kept in a key store apart from the data (SQLite:
/// `DIR/user-keys.sqlite`; PostgreSQL: `--key-database`), each sealed with
/// the server key and bound to its user.
///
/// Every sealed value of a user is sealed with their key (``UserCiphers``),
/// so deleting the key when the account is erased leaves every copy of the
/// data made before (backups, dumps, replicas, WAL) holding ciphertext that
/// no remaining key opens: crypto-shredding. The key store's own backups
/// bound how long that takes (docs/SERVER.md, "Data subject requests").
///
/// Keys in use stay in memory; an erasure forgets its user's key on every
/// instance (``Store/forgetErased(_:)``).
public final class UserKeys: @unchecked Sendable {
    /// Where the keys are.
    public let engine: any SQLEngine
    private let server: FieldCipher
    private let lock = NSLock()
    private var loaded: [String: FieldCipher] = [:]
    /// Keys kept in memory at most; beyond it all are dropped and read again as needed.
    static let capacity = 200_000

    init(engine: any SQLEngine, server: FieldCipher) {
        self.engine = engine
        self.server = server
    }

    /// Creates the key table if there is none (reading only when there is), under the set-up lock: on
    /// PostgreSQL, instances racing through `CREATE TABLE IF NOT EXISTS` can
    /// both create its row type and one fails on `pg_type`'s unique index.
    func setUp() async throws {
        // A key store that has the table needs no write: so one whose write lock another process holds
        // still opens, and an erasure then reports the key store's failure (``erase(_:)``).
        if (try? await engine.query("SELECT 1 FROM user_keys LIMIT 1")) != nil { return }
        let statement = engine.dialect.schema(
            """
            CREATE TABLE IF NOT EXISTS user_keys (
                user_id TEXT PRIMARY KEY, sealed_key BLOB NOT NULL, created_ms INTEGER NOT NULL)
            """)
        try await engine.transaction(lock: Schema.setupLock) { _ = try await $0.query(statement) }
    }

    /// The number of keys stored.
    func storedCount() async throws -> Int64 {
        try await engine.query("SELECT COUNT(*) AS n FROM user_keys").first?.integer("n") ?? 0
    }

    /// The user's key, if in memory.
    func cached(_ user: String) -> FieldCipher? {
        lock.withLock { loaded[user] }
    }

    /// Brings the user's key into memory, if the store has one (an erased or
    /// unknown user has none: their sealed values then open nowhere).
    /// - Throws: the key store's failure, or ``SealedValueError`` when the stored key does not open.
    func load(_ user: String) async throws {
        guard cached(user) == nil else { return }
        guard
            let sealed = try await engine.query("SELECT sealed_key FROM user_keys WHERE user_id = ?", [.text(user)])
                .first?.blob("sealed_key")
        else { return }
        remember(try open(sealed, of: user), for: user)
    }

    /// A new key for the user, stored and in memory; a key the user already
    /// has (made by another instance meanwhile, say) is kept and returned.
    @discardableResult
    func create(for user: String) async throws -> FieldCipher {
        let key = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0).base64EncodedString() }
        try await engine.query(
            """
            INSERT INTO user_keys (user_id, sealed_key, created_ms) VALUES (?, ?, ?)
            ON CONFLICT (user_id) DO NOTHING
            """, [.text(user), .blob(try server.seal(key, for: Self.field(user))), .integer(Store.nowMilliseconds())])
        forget(user)
        try await load(user)
        guard let cipher = cached(user) else { throw SealedValueError(field: Self.field(user)) }
        return cipher
    }

    /// Deletes the user's key from the key store for good: what was sealed
    /// with it opens nowhere any more. The key stays in this instance's
    /// memory until ``forget(_:)``, so that the user's requests under way
    /// while their rows are deleted still open what they read.
    /// - Returns: whether the key store had a key of the user.
    /// - Throws: ``KeyStoreUnavailable`` when the key store does not answer
    ///   or refuses the delete: the key is kept then.
    func erase(_ user: String) async throws -> Bool {
        do {
            return try await !engine.query(
                "DELETE FROM user_keys WHERE user_id = ? RETURNING user_id", [.text(user)]
            ).isEmpty
        } catch {
            throw KeyStoreUnavailable(location: engine.location, cause: "\(error)")
        }
    }

    /// Whether the key store holds a key of the user (looked up now, never remembered).
    func isStored(_ user: String) async throws -> Bool {
        try await !engine.query("SELECT 1 FROM user_keys WHERE user_id = ?", [.text(user)]).isEmpty
    }

    /// Forgets the user's key in memory only.
    func forget(_ user: String) {
        _ = lock.withLock { loaded.removeValue(forKey: user) }
    }

    /// Forgets every key in memory (each is read again when next needed).
    func forgetAll() {
        lock.withLock { loaded.removeAll() }
    }

    private func remember(_ cipher: FieldCipher, for user: String) {
        lock.withLock {
            if loaded.count >= Self.capacity { loaded.removeAll() }
            loaded[user] = cipher
        }
    }

    private func open(_ sealed: [UInt8], of user: String) throws -> FieldCipher {
        guard let bytes = Data(base64Encoded: try server.open(sealed, for: Self.field(user))), bytes.count == 32 else {
            throw SealedValueError(field: Self.field(user))
        }
        return FieldCipher(key: SymmetricKey(data: bytes))
    }

    private static func field(_ user: String) -> SealedField {
        SealedField(table: "user_keys", column: "sealed_key", row: user, user: user)
    }
}

/// The key store did not delete a user's key (it is down, locked or
/// refuses writes): the erasure that asked for it erased nothing, and is to
/// be retried once the key store answers.
public struct KeyStoreUnavailable: Error, CustomStringConvertible {
    /// The key store, for messages (never a password).
    public let location: String
    /// What the key store's engine reported.
    public let cause: String

    public var description: String {
        "the key store \(location) did not delete the user's data key (\(cause)); nothing was erased"
    }
}
