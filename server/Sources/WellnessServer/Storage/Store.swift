import Foundation
import WellnessKitCore

/// The server's data, scoped to one user: a row of another user is
/// indistinguishable from a missing one. Written once for both engines
/// (``SQLEngine``); every user-written or health value is sealed with
/// ``FieldCipher``, bound to its table, column, row and user. Each resource
/// is read and written through its repository (``goals``, ``workouts``, ...:
/// `Store+Repositories.swift`); the store keeps what they share (the engine,
/// keys, paging, the lists' bookkeeping) and what reaches across resources
/// (authentication, erasure, export, idempotency, rate limits, generation records).
public final class Store: Sendable {
    /// The database, for readiness checks and tests.
    public let engine: any SQLEngine
    /// Each user's values are sealed with their own key (``UserKeys``).
    let cipher: UserCiphers
    /// The users' data keys, in their own key store.
    public var userKeys: UserKeys { cipher.keys }
    /// API key owners and token revocation marks, remembered briefly (see ``PrincipalCache``).
    let principals: PrincipalCache
    /// The opened sealed fields of recently read insights (see ``OpenedInsightCache``).
    let openedInsights: OpenedInsightCache
    /// Recently read pages of insight lists (see ``InsightPageCache``).
    let insightPages: InsightPageCache
    /// Reads of the erasure mark shared by the requests that ask at once (``followErasures()``).
    let erasureMarkReads = SharedReads<Int, [UInt8]>()
    /// Reads of a user's list version shared by the requests that ask at once (``listVersion(_:for:)``).
    let listVersionReads = SharedReads<ListVersionKey, Int64>()
    /// Users' list versions held in memory while the listener hears every
    /// change (PostgreSQL) or nothing was committed to the file since (SQLite; ``ListVersions``).
    let listVersions: ListVersions
    /// Erasures waiting to be heard on this instance's listener (PostgreSQL).
    let erasureNotices = ErasureNotices()
    /// The time the store stamps rows and ends leases by, in epoch
    /// milliseconds: ``nowMilliseconds()`` unless a test moves it by hand.
    let clock: @Sendable () -> Int64

    private init(
        engine: any SQLEngine, cipher: UserCiphers, principalLifetime: Double, openedInsights: Int,
        insightPageBytes: Int, clock: @escaping @Sendable () -> Int64,
        principalClock: @escaping @Sendable () -> UInt64
    ) {
        self.engine = engine
        self.clock = clock
        // A shared database's listener tells of changes; a file is asked whether anything was committed.
        listVersions = engine.isShared ? ListVersions() : ListVersions(commits: { engine.commitEpoch() })
        self.cipher = cipher
        principals = PrincipalCache(lifetime: principalLifetime, clock: principalClock)
        self.openedInsights = OpenedInsightCache(capacity: openedInsights)
        insightPages = InsightPageCache(capacity: insightPageBytes)
    }

    /// Releases the data's and the key store's connections; the store is not used afterwards.
    public func shutdown() async {
        await engine.shutdown()
        if (userKeys.engine as AnyObject) !== (engine as AnyObject) { await userKeys.engine.shutdown() }
    }

    /// Seconds an API key's owner or a user's token revocation mark is
    /// remembered by default (``PrincipalCache``).
    public static let defaultPrincipalLifetime = 5.0
    /// The longest such lifetime (a day).
    public static let maximumPrincipalLifetime = PrincipalCache.maximumLifetime

    /// Insights whose opened sealed fields are kept in memory by default (``OpenedInsightCache``).
    public static let defaultOpenedInsights = 20_000

    /// Bytes of insight list pages kept in memory by default (``InsightPageCache``).
    public static let defaultInsightPageBytes = 64 << 20

    /// What a database holds before the store opens it: whether it has tables,
    /// the schema version they record, and the key check value.
    public struct DatabaseState: Sendable {
        public var hasTables: Bool
        public var schemaVersion: String?
        public var keyCheck: [UInt8]?

        /// Whether a new key may be generated: nothing is sealed yet.
        public var isEmpty: Bool { !hasTables && keyCheck == nil }

        /// The version as a number; nil when none is recorded or it is not a number.
        var version: Int? { schemaVersion.flatMap { Int($0) } }
    }

    /// Reads the database's state without changing it.
    /// - Throws: ``ConfigurationError`` when the database does not answer
    ///   within 10 s, or is of a schema version this server cannot migrate
    ///   from or is newer than it (before any key is looked at).
    public static func inspect(_ engine: any SQLEngine) async throws -> DatabaseState {
        guard await engine.isResponsive(within: 10) else {
            throw ConfigurationError("the database \(engine.location) does not answer (10 s)")
        }
        // A query on a missing table fails: that is how a fresh database is told apart, on both engines.
        let hasTables = (try? await engine.query("SELECT 1 FROM users LIMIT 1")) != nil
        let meta =
            (try? await engine.query("SELECT name, value FROM meta WHERE name IN ('schema_version', 'key_check')"))
            ?? []
        var state = DatabaseState(hasTables: hasTables)
        for row in meta {
            switch try row.text("name") {
            case "schema_version": state.schemaVersion = String(decoding: try row.blob("value"), as: UTF8.self)
            case "key_check": state.keyCheck = try row.blob("value")
            default: break
            }
        }
        guard hasTables else { return state }
        guard let version = state.version, version >= Schema.oldestReadable else { throw earlierVersion(engine) }
        guard version <= Schema.version else { throw newerVersion(engine, version) }
        return state
    }

    /// Creates the tables or migrates them to the current schema version
    /// (``Schema/migrations``) and checks that `cipher` is the key the
    /// database's sealed data was sealed with (recording its check value on
    /// first use). Instances starting together on one PostgreSQL database set
    /// it up one at a time. Users' data keys live in `keyEngine`, a database
    /// apart from the data (``UserKeys``), each sealed with `cipher`.
    /// `principalLifetime` is how many seconds API key owners and token
    /// revocation marks are remembered (0: looked up on every request);
    /// `openedInsights` how many insights' opened sealed fields are kept in memory (0: none);
    /// `insightPageBytes` how many bytes of list pages (0: none); `clock` the
    /// time in epoch milliseconds (the wall clock; a test's clock instead);
    /// `principalClock` the monotonic nanoseconds remembered principals expire
    /// by (``uptimeNanoseconds()``; a test's clock instead).
    /// - Throws: ``ConfigurationError`` when the database is from an earlier
    ///   version (sealed without row binding) or a newer one, or the key is
    ///   not the database's; a migration's failure, the database then unchanged.
    public static func open(
        engine: any SQLEngine, cipher: FieldCipher, keyEngine: any SQLEngine,
        principalLifetime: Double = defaultPrincipalLifetime,
        openedInsights: Int = defaultOpenedInsights,
        insightPageBytes: Int = defaultInsightPageBytes,
        clock: @escaping @Sendable () -> Int64 = nowMilliseconds,
        principalClock: @escaping @Sendable () -> UInt64 = uptimeNanoseconds
    ) async throws -> Store {
        let state = try await inspect(engine)
        let keys = UserKeys(engine: keyEngine, server: cipher)
        try await keys.setUp()
        if let version = state.version, version >= Schema.perUserKeysVersion,
            try await keys.storedCount() == 0,
            try await !engine.query("SELECT 1 FROM users LIMIT 1").isEmpty
        {
            throw missingKeyStore(engine, keyEngine)
        }
        if state.hasTables, (state.version ?? 0) < Schema.perUserKeysVersion {
            try await PerUserSealing.makeKeys(keys, on: engine)
        }
        let sealing = PerUserSealing(keys: keys, server: cipher)
        try await engine.transaction(lock: Schema.setupLock) { [self] session in
            try await PerUserSealing.$current.withValue(sealing) {
                try await migrate(on: session, engine: engine)
            }
            try await session.query(
                "INSERT INTO meta (name, value) VALUES ('key_check', ?) ON CONFLICT (name) DO NOTHING",
                [.blob(try cipher.keyCheckValue())])
            let check = try await session.query("SELECT value FROM meta WHERE name = 'key_check'").first?.blob("value")
            guard let check, cipher.matches(keyCheckValue: check) else { throw wrongKey(engine) }
        }
        let store = Store(
            engine: engine, cipher: UserCiphers(server: cipher, keys: keys), principalLifetime: principalLifetime,
            openedInsights: openedInsights,
            insightPageBytes: insightPageBytes, clock: clock, principalClock: principalClock)
        store.watchErasures()
        return store
    }

    /// Applies the migrations after the database's version, each recording
    /// its version; read inside the set-up lock, so an instance that waited
    /// for another's migration finds nothing left to do.
    /// - Throws: ``ConfigurationError`` naming the version whose step failed, and why.
    private static func migrate(on session: any SQLSession, engine: any SQLEngine) async throws {
        let dialect = engine.dialect
        try await session.query(
            dialect.schema("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value BLOB NOT NULL)"))
        let recorded = try await session.query("SELECT value FROM meta WHERE name = 'schema_version'").first
        let current = try recorded.map { Int(String(decoding: try $0.blob("value"), as: UTF8.self)) ?? 0 } ?? 0
        for migration in Schema.migrations where migration.version > current {
            do {
                try await migration.apply(on: session, dialect: dialect)
            } catch {
                throw ConfigurationError(
                    """
                    cannot migrate \(engine.location) to schema version \(migration.version) (\(migration.summary)): \
                    \(error); the database is unchanged
                    """)
            }
            try await session.query(
                """
                INSERT INTO meta (name, value) VALUES ('schema_version', ?)
                ON CONFLICT (name) DO UPDATE SET value = excluded.value
                """, [.blob(Array(String(migration.version).utf8))])
        }
    }

    private static func newerVersion(_ engine: any SQLEngine, _ version: Int) -> ConfigurationError {
        ConfigurationError(
            """
            \(engine.location) has schema version \(version), written by a newer wellness-server; this one reads \
            versions \(Schema.oldestReadable) to \(Schema.version). Start the newer version on it
            """)
    }

    private static func missingKeyStore(_ engine: any SQLEngine, _ keyEngine: any SQLEngine) -> ConfigurationError {
        ConfigurationError(
            """
            the key store \(keyEngine.location) holds no user keys, but \(engine.location) holds users sealed with \
            theirs; restore the key store (DIR/user-keys.sqlite, or the --key-database) from its backup. \
            The server does not start without it
            """)
    }

    private static func wrongKey(_ engine: any SQLEngine) -> ConfigurationError {
        ConfigurationError(
            """
            the encryption key is not the one \(engine.location) was sealed with (its key check value does not open); \
            restore the original encryption.key or WELLNESS_SERVER_KEY (instances sharing a database need the same \
            WELLNESS_SERVER_KEY). The server does not start with another key
            """)
    }

    private static func earlierVersion(_ engine: any SQLEngine) -> ConfigurationError {
        ConfigurationError(
            """
            \(engine.location) was written by an earlier wellness-server, which left user text and health data \
            unsealed and sealed values unbound to their rows; this version does not read or convert it. Keep the \
            earlier version for it, or start this one on a new --data directory or database
            """)
    }

    static func newId(_ prefix: String) -> String {
        "\(prefix)_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    /// The wall clock in epoch milliseconds, as every stored timestamp.
    public static func nowMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The system's monotonic uptime in nanoseconds, which remembered principals expire by.
    public static func uptimeNanoseconds() -> UInt64 {
        PrincipalCache.uptimeNanoseconds()
    }

    // MARK: - Users

    /// The owner of `apiKey`; nil when no user has it. Remembered for a few seconds (``principals``).
    public func userId(forAPIKey apiKey: String) async throws -> String? {
        let fingerprint = Credentials.fingerprint(ofAPIKey: apiKey)
        if principals.user(forFingerprint: fingerprint) != nil {
            try await followErasures()
            if let user = principals.user(forFingerprint: fingerprint) { return user }
        }
        let generation = principals.generation
        guard
            let user = try await engine.query(
                APIKeySQLRepository.keyOwnerQuery, [.text(fingerprint), .text(fingerprint)]
            )
            .first?.text("user_id")
        else { return nil }
        principals.remember(user: user, forFingerprint: fingerprint, lookedUpAt: generation)
        return user
    }

    /// Whether the user is gone, or going: no row, or no data key (an erasure
    /// deletes the key first). Looked up now, never remembered.
    public func isErased(_ id: String) async throws -> Bool {
        guard try await userExists(id) else { return true }
        return try await !userKeys.isStored(id)
    }

    public func userExists(_ id: String) async throws -> Bool {
        try await !engine.query("SELECT 1 FROM users WHERE id = ?", [.text(id)]).isEmpty
    }

    public func allUserIds() async throws -> [String] {
        try await engine.query("SELECT id FROM users ORDER BY id").map { try $0.text("id") }
    }

    /// Revokes every token of the user issued before `milliseconds` (epoch);
    /// never moves the mark backwards. Takes effect at once on this instance
    /// (the remembered mark is forgotten), on others within the principal lifetime.
    public func revokeTokens(userId: String, at milliseconds: Int64) async throws {
        defer { principals.forgetTokens(of: userId) }
        try await engine.query(
            """
            UPDATE users SET tokens_valid_after_ms = ? WHERE id = ? AND tokens_valid_after_ms < ?
            """, [.integer(milliseconds), .text(userId), .integer(milliseconds)])
    }

    /// The epoch milliseconds before which the user's tokens are revoked (0: none); nil for an unknown user.
    /// Remembered for a few seconds (``principals``).
    public func tokensValidAfter(userId: String) async throws -> Int64? {
        if principals.tokensValidAfter(user: userId) != nil {
            try await followErasures()
            if let mark = principals.tokensValidAfter(user: userId) { return mark }
        }
        let generation = principals.generation
        guard
            let mark = try await engine.query("SELECT tokens_valid_after_ms FROM users WHERE id = ?", [.text(userId)])
                .first?.integer("tokens_valid_after_ms")
        else { return nil }
        principals.remember(tokensValidAfter: mark, user: userId, lookedUpAt: generation)
        return mark
    }
}
