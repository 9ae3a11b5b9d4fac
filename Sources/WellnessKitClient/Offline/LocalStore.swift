import WellnessKitCore
import WellnessSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The client's durable local state: one SQLite database in WAL mode in a
/// directory of its own (0700, files 0600), safe to share between threads
/// and between processes (SQLite's locks, a busy timeout, and `BEGIN
/// IMMEDIATE` for every write). Its schema carries a version (`PRAGMA
/// user_version`) and is migrated forward on open; a store written by a newer
/// library is refused rather than misread.
public final class LocalStore: @unchecked Sendable {
    /// The schema this library reads and writes.
    public static let schemaVersion: Int64 = 3
    static let fileName = "store.sqlite"

    public let directory: String
    private let lock = PThreadMutex()
    private var connection: SQLiteConnection
    /// The process that opened `connection`.
    private var owner = OwningProcess()

    /// Opens the store in `directory`, creating it as needed.
    /// - Throws: ``WellnessError`` (internal) when the directory or database
    ///   cannot be created or opened, or the schema is newer than this library's.
    public init(directory: String) throws {
        self.directory = directory
        guard POSIXFiles.makeDirectories(directory, mode: 0o700) else {
            throw WellnessError.internal("cannot create the local store directory \(directory)")
        }
        let path = POSIXFiles.joined(directory, Self.fileName)
        try Self.createPrivately(path)
        connection = try Self.connect(path)
        try Self.whileOpeningAlone(directory) {
            try Self.naming(path) {
                try connection.execute("PRAGMA journal_mode = WAL")
                try migrate()
            }
        }
        // SQLite creates -wal and -shm with the database's mode; make sure of it.
        for suffix in ["-wal", "-shm"] { chmod(path + suffix, 0o600) }
    }

    /// Runs `body` with the connection, one thread at a time.
    /// - Throws: what `body` throws, SQLite's failures as ``WellnessError`` (internal) naming the store.
    @discardableResult
    func withConnection<Result>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        try lock.withLock {
            try Self.naming(connection.path) {
                try reopenAfterFork()
                return try body(connection)
            }
        }
    }

    /// Runs `body`, turning SQLite's failures into ``WellnessError`` (internal) naming the store at `path`.
    static func naming<Result>(_ path: String, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let failure as SQLiteError {
            throw WellnessError.internal("local store \(path): \(failure)")
        }
    }

    /// Runs `body`, which reads columns of a row: a row that does not have
    /// what the schema promises is a damaged store, reported as such.
    static func reading<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let failure as SQLColumnError {
            throw WellnessError.internal("the local store is damaged: \(failure)")
        }
    }

    /// SQLite forbids using, or closing, a connection inherited through
    /// fork() (its locks and WAL index belong to the parent): a child opens
    /// its own and leaves the inherited one untouched.
    private func reopenAfterFork() throws {
        guard !owner.isCurrent else { return }
        let reopened = try Self.connect(connection.path)
        connection.abandon()
        connection = reopened
        owner.adopt()
    }

    static let busyTimeoutMilliseconds: Int32 = 10_000

    /// A connection with the settings that SQLite keeps per connection.
    private static func connect(_ path: String) throws -> SQLiteConnection {
        try naming(path) {
            // Another process may hold the write lock for a while: wait rather than fail.
            let connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            try connection.execute("PRAGMA synchronous = FULL")
            return connection
        }
    }

    /// Runs `body` holding `store.lock` in `directory`. Two connections
    /// switching a fresh database to WAL together can get "database is
    /// locked" at once, without SQLite's busy timeout (SQLite refuses rather
    /// than risk a deadlock); processes that start together open one by one.
    private static func whileOpeningAlone(_ directory: String, _ body: () throws -> Void) throws {
        let path = POSIXFiles.joined(directory, "store.lock")
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw WellnessError.internal("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let deadline = MonotonicClock.now() + Double(busyTimeoutMilliseconds) / 1000
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                throw WellnessError.internal("cannot lock \(path): \(String(cString: strerror(code)))")
            }
            guard MonotonicClock.now() < deadline else {
                let seconds = busyTimeoutMilliseconds / 1000
                throw WellnessError.internal("cannot lock \(path): another process has held it for \(seconds) s")
            }
            MonotonicClock.sleep(0.005)
        }
        defer { flock(descriptor, LOCK_UN) }
        try body()
    }

    /// The file exists, mode 0600, before SQLite opens it (SQLite would use 0644 and the umask).
    private static func createPrivately(_ path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw WellnessError.internal("cannot create the local store \(path): \(String(cString: strerror(errno)))")
        }
        fchmod(descriptor, 0o600)
        close(descriptor)
    }

    // MARK: - Schema

    /// Each migration takes the schema from the version before it to its own.
    private static let migrations: [(version: Int64, sql: String)] = [
        (
            1,
            """
            CREATE TABLE interval_preferences (
                goal_id TEXT PRIMARY KEY, interval TEXT NOT NULL, updated_s INTEGER NOT NULL);
            """
        ),
        (
            2,
            """
            CREATE TABLE goal_tips_fetched (goal_id TEXT PRIMARY KEY, fetched_s INTEGER NOT NULL);
            CREATE TABLE consultations_started (user_id TEXT PRIMARY KEY, started_s INTEGER NOT NULL);
            """
        ),
        // Cached reads and the write queue. `owner` is the
        // SHA-256 of the base URL and credential, never the credential; the
        // payloads and bodies are AES-256-GCM sealed when `sealed` is 1.
        (
            3,
            """
            CREATE TABLE cache_entries (
                owner TEXT NOT NULL, key TEXT NOT NULL, payload BLOB NOT NULL, sealed INTEGER NOT NULL,
                cached_s INTEGER NOT NULL, PRIMARY KEY (owner, key));
            CREATE TABLE outbox (
                id INTEGER PRIMARY KEY AUTOINCREMENT, owner TEXT NOT NULL, operation TEXT NOT NULL,
                method TEXT NOT NULL, path TEXT NOT NULL, body BLOB, sealed INTEGER NOT NULL,
                idempotency_key TEXT NOT NULL UNIQUE, queued_s INTEGER NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0, next_attempt_s INTEGER NOT NULL DEFAULT 0, last_error TEXT,
                lease_owner TEXT, lease_until_s INTEGER NOT NULL DEFAULT 0);
            CREATE INDEX outbox_by_owner ON outbox (owner, id);
            CREATE TABLE outbox_failed (
                id INTEGER PRIMARY KEY, owner TEXT NOT NULL, operation TEXT NOT NULL, method TEXT NOT NULL,
                path TEXT NOT NULL, body BLOB, sealed INTEGER NOT NULL, idempotency_key TEXT NOT NULL,
                queued_s INTEGER NOT NULL, failed_s INTEGER NOT NULL, http_status INTEGER, reason TEXT NOT NULL);
            """
        ),
    ]

    private func migrate() throws {
        try connection.transaction {
            let current =
                try connection.query("PRAGMA user_version").first
                .map { row in try Self.reading { try row.integer("user_version") } } ?? 0
            guard current <= Self.schemaVersion else {
                throw WellnessError.internal(
                    """
                    the local store \(connection.path) has schema version \(current), newer than this library's \
                    \(Self.schemaVersion); use a newer library or another store directory
                    """)
            }
            for migration in Self.migrations where migration.version > current {
                try connection.execute(migration.sql)
                try connection.execute("PRAGMA user_version = \(migration.version)")
            }
        }
    }
}
