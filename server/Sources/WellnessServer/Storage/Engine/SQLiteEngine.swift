import Foundation
import WellnessSQLite

/// The embedded engine: one SQLite file, one writer connection and a pool of
/// reader connections, in WAL mode.
///
/// A write, and a whole transaction from `BEGIN IMMEDIATE` to its `COMMIT`
/// or `ROLLBACK`, holds the writer connection exclusively (held for the whole
/// ``transaction(lock:_:)`` body), so no other request's statement can run
/// inside another's transaction, and two transactions never collide. Reads
/// outside a transaction use a reader connection and never wait for a writer
/// (WAL readers see the last committed state). SQLite's busy timeout (5 s)
/// covers a second process using the file.
///
/// Waiting for the writer or a reader suspends the request's task
/// (``AsyncSemaphore``); only the SQLite calls themselves run on
/// ``Blocking``'s dispatch threads, never on Swift concurrency's cooperative
/// pool, and no thread ever waits for another request.
///
/// The database file, and its WAL and shared-memory files, are created with
/// mode 0600 (and tightened to 0600 if they exist).
public final class SQLiteEngine: SQLEngine, @unchecked Sendable {
    public let path: String
    public var dialect: SQLDialect { .sqlite }
    public var location: String { path }
    private let writer: SQLiteConnection
    private let writerSlot = AsyncSemaphore(permits: 1)
    private var idleReaders: [SQLiteConnection]
    /// Guards `idleReaders` only for the moment of taking or returning one.
    private let readersLock = NSLock()
    private let readerSlots: AsyncSemaphore
    private let metrics: ServerMetrics?
    /// The connection that only asks `PRAGMA data_version` (``commitEpoch()``),
    /// held under `watcherLock` for that moment, never for a wait: its busy
    /// timeout is 0, so a busy file answers nil at once (the caller reads the
    /// database instead, on a pooled reader, which waits).
    private let watcher: SQLiteConnection
    private let watcherLock = NSLock()
    /// The data version `watcher` last answered (nil: none yet, or a failure since).
    private var watchedVersion: Int64?
    /// Raised whenever `watcher` finds the data version changed or cannot read it.
    private var epoch: UInt64 = 0
    /// When the last check that read the data version began (``RequestStart/now()``); nil after a failure.
    private var lastCheck: UInt64?

    /// Reader connections by default: more than ``UserConcurrencyLimit/defaultLimit``,
    /// so that one user's reads never take them all.
    public static let defaultReaders = 6
    /// How much of the file each reader maps (SQLite's `mmap_size`): address space, not memory.
    static let mappedBytes = 1 << 30

    /// Opens (creating if needed, mode 0600) the database file at `path` with `readers` reader connections.
    /// - Parameter metrics: where waits for the writer and for a reader are reported.
    /// - Throws: ``SQLFailure`` when SQLite cannot open it.
    public init(path: String, readers: Int = defaultReaders, metrics: ServerMetrics? = nil) throws {
        self.path = path
        self.metrics = metrics
        try Self.makePrivate(path, create: true)
        writer = try Self.connect(path)
        try writer.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
        let count = max(readers, 1)
        idleReaders = try (0..<count).map { _ in
            let reader = try Self.connect(path)
            // Memory-mapped reads: a large user's pages are read from the OS cache without a
            // read(2) each, so a list costs about the same at 10 and at 10,000 rows.
            try reader.execute(
                "PRAGMA foreign_keys = ON; PRAGMA query_only = ON; PRAGMA mmap_size = \(Self.mappedBytes)")
            return reader
        }
        readerSlots = AsyncSemaphore(permits: count)
        watcher = try SQLiteConnection(path: path)
        try watcher.execute("PRAGMA query_only = ON")
        for suffix in ["-wal", "-shm"] { try Self.makePrivate(path + suffix, create: false) }
    }

    /// SQLITE_BUSY, told by SQLite's message for it: the connection reports messages, not codes.
    private static func isBusy(_ error: SQLiteError) -> Bool {
        error.description.hasPrefix("database is locked")
    }

    /// How long a set-up transaction waits for another process's writer.
    static let setupWait = Duration.seconds(120)

    /// SQLite's busy timeout (another process holding the write lock) and statements reused by their text.
    private static func connect(_ path: String) throws -> SQLiteConnection {
        try SQLiteConnection(path: path, busyTimeoutMilliseconds: 5000, cachesStatements: true)
    }

    /// Creates `path` with mode 0600 if asked and it is missing, and sets an existing file's mode to 0600.
    private static func makePrivate(_ path: String, create: Bool) throws {
        if create {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw SQLFailure("cannot open \(path): \(String(cString: strerror(errno)))")
            }
            close(descriptor)
        }
        if chmod(path, 0o600) != 0 && errno != ENOENT {
            throw SQLFailure("cannot make \(path) private (mode 0600): \(String(cString: strerror(errno)))")
        }
    }

    /// SQLite's `PRAGMA data_version` on a connection of its own, which
    /// commits nothing: it changes whenever any other connection (this
    /// engine's writer, or another process's) has committed since it was last
    /// asked. It begins and ends a read transaction, with no wait for a pooled
    /// connection or a dispatch thread: a few microseconds on the calling
    /// thread, against the single-row read it replaces. Within a request
    /// (``RequestStart``), the last check's answer when that check began after
    /// the request did: it has seen every commit made before the request began.
    public func commitEpoch() -> UInt64? {
        let since = RequestStart.nanoseconds
        return watcherLock.withLock {
            if let since, let lastCheck, lastCheck > since { return epoch }
            let began = RequestStart.now()
            guard let version = try? watcher.dataVersion() else {
                // Cannot tell (the file busy, say): whatever was remembered must be read again.
                watchedVersion = nil
                lastCheck = nil
                epoch &+= 1
                return nil
            }
            if version != watchedVersion {
                watchedVersion = version
                epoch &+= 1
            }
            lastCheck = began
            return epoch
        }
    }

    /// Runs a SELECT on a reader and anything else on the writer.
    @discardableResult
    public func query(_ sql: String, _ parameters: [SQLValue]) async throws -> [SQLRow] {
        if SQLStatement.isSelect(sql) {
            return try await onReader { reader in try reader.query(sql, parameters) }
        }
        let writer = writer
        return try await holding(.writer) { try await Blocking.run { try writer.query(sql, parameters) } }
    }

    /// A single-row read by key on an idle reader, on the calling thread: a
    /// few microseconds of SQLite against a memory-mapped file, where the trip
    /// to a dispatch thread and back (``Blocking``) cost more than the read
    /// and was most of a list request answered from memory. A WAL reader
    /// takes no lock a writer holds, so it does not wait for one; only a
    /// reader finding the WAL being recovered (after a crash of another
    /// process) waits, up to the busy timeout.
    public func pointQuery(_ sql: String, _ parameters: [SQLValue]) async throws -> [SQLRow] {
        guard SQLStatement.isSelect(sql) else { return try await query(sql, parameters) }
        return try await holding(.reader) { [self] in
            let reader = readersLock.withLock { idleReaders.removeLast() }
            defer { readersLock.withLock { idleReaders.append(reader) } }
            return try reader.query(sql, parameters)
        }
    }

    /// Runs `body` with an idle reader connection, on a dispatch thread.
    private func onReader<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await holding(.reader) { [self] in
            let reader = readersLock.withLock { idleReaders.removeLast() }
            defer { readersLock.withLock { idleReaders.append(reader) } }
            return try await Blocking.run { try body(reader) }
        }
    }

    /// `body` holding the writer or a reader slot, the wait for it reported.
    private func holding<T: Sendable>(
        _ connection: ServerMetrics.Connection, _ body: @Sendable () async throws -> T
    ) async rethrows -> T {
        let asked = ContinuousClock.now
        return try await (connection == .writer ? writerSlot : readerSlots).holding {
            metrics?.databaseWait(connection, asked.duration(to: .now))
            return try await body()
        }
    }

    /// `BEGIN IMMEDIATE` on the writer, held until `COMMIT` or `ROLLBACK`;
    /// `lock` is not needed: the writer is already exclusive, across processes too.
    /// A transaction with a `lock` (schema set-up) waits for another
    /// process's writer beyond the busy timeout, up to ``setupWait``: the
    /// other may be migrating the database, which takes as long as it takes.
    public func transaction<T: Sendable>(lock: Int64?, _ body: @escaping @Sendable (any SQLSession) async throws -> T)
        async throws -> T
    {
        let writer = writer
        return try await holding(.writer) {
            let started = ContinuousClock.now
            while true {
                do {
                    try await Blocking.run { try writer.execute("BEGIN IMMEDIATE") }
                    break
                } catch let error as SQLiteError
                    where lock != nil && Self.isBusy(error) && started.duration(to: .now) < Self.setupWait
                {
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            do {
                let session = SQLiteTransaction(connection: writer)
                let result = try await body(session)
                try await TransactionFence.current?.check(session)
                try await Blocking.run {
                    do {
                        try writer.execute("COMMIT")
                    } catch {
                        try? writer.execute("ROLLBACK")
                        throw error
                    }
                }
                return result
            } catch {
                _ = try? await Blocking.run { try writer.execute("ROLLBACK") }
                throw error
            }
        }
    }

    /// Whether a reader and then the writer answer `SELECT 1` within `timeout`
    /// seconds; a check still waiting then finishes in the background.
    public var isShared: Bool { false }

    public func watch(channel: String, _ handler: @escaping @Sendable (DatabaseNotice) -> Void) {}

    public func isResponsive(within timeout: Double) async -> Bool {
        let writer = writer
        return await Deadline.check(within: timeout) { [self] in
            guard (try? await query("SELECT 1")) != nil else { return false }
            return (try? await holding(.writer) { try await Blocking.run { try writer.query("SELECT 1") } }) != nil
        }
    }

    public func shutdown() async {}
}

/// The statements of one SQLite transaction: on the writer connection, which
/// the transaction holds, each on a dispatch thread.
private struct SQLiteTransaction: SQLSession, @unchecked Sendable {
    let connection: SQLiteConnection

    func query(_ sql: String, _ parameters: [SQLValue]) async throws -> [SQLRow] {
        try await Blocking.run { [connection] in try connection.query(sql, parameters) }
    }
}
