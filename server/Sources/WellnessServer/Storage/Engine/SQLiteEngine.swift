import CSQLite
import Foundation

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

    /// Reader connections by default: more than ``UserConcurrencyLimit/defaultLimit``,
    /// so that one user's reads never take them all.
    public static let defaultReaders = 6
    /// How much of the file each reader maps (SQLite's `mmap_size`): address space, not memory.
    static let mappedBytes = 1 << 30

    /// Opens (creating if needed, mode 0600) the database file at `path` with `readers` reader connections.
    /// - Throws: ``SQLFailure`` when SQLite cannot open it.
    public init(path: String, readers: Int = defaultReaders) throws {
        self.path = path
        try Self.makePrivate(path, create: true)
        writer = try SQLiteConnection(path: path)
        try writer.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
        let count = max(readers, 1)
        idleReaders = try (0..<count).map { _ in
            let reader = try SQLiteConnection(path: path)
            // Memory-mapped reads: a large user's pages are read from the OS cache without a
            // read(2) each, so a list costs about the same at 10 and at 10,000 rows.
            try reader.execute("PRAGMA foreign_keys = ON; PRAGMA query_only = ON; PRAGMA mmap_size = \(Self.mappedBytes)")
            return reader
        }
        readerSlots = AsyncSemaphore(permits: count)
        for suffix in ["-wal", "-shm"] { try Self.makePrivate(path + suffix, create: false) }
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

    /// Runs a SELECT on a reader and anything else on the writer.
    @discardableResult
    public func query(_ sql: String, _ parameters: [SQLValue]) async throws -> [[SQLValue]] {
        if SQLStatement.isSelect(sql) {
            return try await onReader { reader in try reader.query(sql, parameters) }
        }
        let writer = writer
        return try await writerSlot.holding { try await Blocking.run { try writer.query(sql, parameters) } }
    }

    /// Runs `body` with an idle reader connection, on a dispatch thread.
    private func onReader<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await readerSlots.holding { [self] in
            let reader = readersLock.withLock { idleReaders.removeLast() }
            defer { readersLock.withLock { idleReaders.append(reader) } }
            return try await Blocking.run { try body(reader) }
        }
    }

    /// `BEGIN IMMEDIATE` on the writer, held until `COMMIT` or `ROLLBACK`;
    /// `lock` is not needed: the writer is already exclusive, across processes too.
    public func transaction<T: Sendable>(lock: Int64?, _ body: @escaping @Sendable (any SQLSession) async throws -> T)
        async throws -> T {
        let writer = writer
        return try await writerSlot.holding {
            try await Blocking.run { try writer.execute("BEGIN IMMEDIATE") }
            do {
                let session = SQLiteTransaction(connection: writer)
                let result = try await body(session)
                try await TransactionFence.current?(session)
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
    public func isResponsive(within timeout: Double) async -> Bool {
        let writer = writer
        return await Deadline.check(within: timeout) { [self] in
            guard (try? await query("SELECT 1")) != nil else { return false }
            return (try? await writerSlot.holding { try await Blocking.run { try writer.query("SELECT 1", []) } }) != nil
        }
    }

    public func shutdown() async {}
}

/// The statements of one SQLite transaction: on the writer connection, which
/// the transaction holds, each on a dispatch thread.
private struct SQLiteTransaction: SQLSession, @unchecked Sendable {
    let connection: SQLiteConnection

    func query(_ sql: String, _ parameters: [SQLValue]) async throws -> [[SQLValue]] {
        try await Blocking.run { [connection] in try connection.query(sql, parameters) }
    }
}

/// One SQLite connection; used by one thread at a time (``SQLiteEngine`` ensures it).
final class SQLiteConnection: @unchecked Sendable {
    typealias Value = SQLValue
    private var handle: OpaquePointer?

    init(path: String) throws {
        // No mutex of SQLite's own: the engine already hands a connection to one thread at a time.
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
                == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw SQLFailure("cannot open \(path): \(message)")
        }
        sqlite3_busy_timeout(handle, 5000)
    }

    /// Prepared statements by their SQL, reused (reset) rather than compiled
    /// per request: the statements are the store's fixed texts, so this stays small.
    private var statements: [String: OpaquePointer] = [:]
    private static let maximumCachedStatements = 256

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close(handle)
    }

    private func prepared(_ sql: String) throws -> (statement: OpaquePointer?, cached: Bool) {
        if let statement = statements[sql] { return (statement, true) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw SQLFailure(String(cString: sqlite3_errmsg(handle)))
        }
        guard let statement, statements.count < Self.maximumCachedStatements else { return (statement, false) }
        statements[sql] = statement
        return (statement, true)
    }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(handle, sql, nil, nil, &message) != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw SQLFailure(text)
        }
    }

    func query(_ sql: String, _ parameters: [SQLValue]) throws -> [[SQLValue]] {
        let (statement, cached) = try prepared(sql)
        defer {
            if cached {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            } else {
                sqlite3_finalize(statement)
            }
        }
        for (index, parameter) in parameters.enumerated() {
            try bind(parameter, at: Int32(index + 1), in: statement)
        }
        var rows: [[SQLValue]] = []
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { break }
            guard result == SQLITE_ROW else {
                throw SQLFailure(String(cString: sqlite3_errmsg(handle)))
            }
            rows.append((0..<sqlite3_column_count(statement)).map { column(statement, $0) })
        }
        return rows
    }

    /// SQLite copies bound text and blobs at once (SQLITE_TRANSIENT).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func bind(_ value: Value, at index: Int32, in statement: OpaquePointer?) throws {
        let result: Int32
        switch value {
        case .null: result = sqlite3_bind_null(statement, index)
        case .integer(let number): result = sqlite3_bind_int64(statement, index, number)
        case .real(let number): result = sqlite3_bind_double(statement, index, number)
        case .text(let text): result = sqlite3_bind_text(statement, index, text, -1, Self.transient)
        case .blob(let bytes):
            result = bytes.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), Self.transient) }
        }
        guard result == SQLITE_OK else { throw SQLFailure(String(cString: sqlite3_errmsg(handle))) }
    }

    private func column(_ statement: OpaquePointer?, _ index: Int32) -> Value {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, index)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}
