import CSQLite
import Foundation

/// The server's SQLite database: one writer connection and a pool of reader
/// connections, in WAL mode.
///
/// Every write, and every transaction from `BEGIN IMMEDIATE` to its `COMMIT`
/// or `ROLLBACK`, holds the writer connection exclusively (a lock held for the
/// whole ``transaction(_:)`` closure), so no other request's statement can run
/// inside another's transaction, and two transactions never collide. Reads
/// outside a transaction use a reader connection and never wait for a writer
/// (WAL readers see the last committed state). Statements inside a
/// transaction's closure run on the writer connection of that transaction, so
/// they see its uncommitted changes. SQLite's busy timeout (5 s) covers a
/// second process using the file.
///
/// The database file, and its WAL and shared-memory files, are created with
/// mode 0600 (and tightened to 0600 if they exist).
public final class Database: @unchecked Sendable {
    /// A value bound to a statement parameter or read from a column.
    public enum Value: Sendable, Equatable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob([UInt8])
    }

    /// A failed SQLite call, with SQLite's message.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let path: String
    private let writer: Connection
    /// Held by a write or a whole transaction.
    private let writerLock = NSLock()
    /// The thread holding `writerLock`, so that statements inside a transaction use its connection.
    private var writerOwner: pthread_t?
    private let ownerLock = NSLock()
    private var idleReaders: [Connection]
    private let readersLock = NSLock()
    private let readerSlots: DispatchSemaphore

    /// Opens (creating if needed, mode 0600) the database file at `path`.
    /// - Throws: ``Failure`` when SQLite cannot open it.
    public init(path: String, readers: Int = 4) throws {
        self.path = path
        try Self.makePrivate(path, create: true)
        writer = try Connection(path: path)
        try writer.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
        let count = max(readers, 1)
        idleReaders = try (0..<count).map { _ in
            let reader = try Connection(path: path)
            try reader.execute("PRAGMA foreign_keys = ON; PRAGMA query_only = ON")
            return reader
        }
        readerSlots = DispatchSemaphore(value: count)
        for suffix in ["-wal", "-shm"] { try Self.makePrivate(path + suffix, create: false) }
    }

    /// Creates `path` with mode 0600 if asked and it is missing, and sets an existing file's mode to 0600.
    private static func makePrivate(_ path: String, create: Bool) throws {
        if create {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))")
            }
            close(descriptor)
        }
        if chmod(path, 0o600) != 0 && errno != ENOENT {
            throw Failure(description: "cannot make \(path) private (mode 0600): \(String(cString: strerror(errno)))")
        }
    }

    /// Runs `sql` (which may hold several statements) without parameters, as a write.
    public func execute(_ sql: String) throws {
        try write { try $0.execute(sql) }
    }

    /// Runs one statement with `parameters` and returns its rows: inside a
    /// transaction on its connection, else a SELECT on a reader and anything
    /// else on the writer.
    @discardableResult
    public func query(_ sql: String, _ parameters: [Value] = []) throws -> [[Value]] {
        if holdsWriter { return try writer.query(sql, parameters) }
        if Self.isRead(sql) { return try read { try $0.query(sql, parameters) } }
        return try write { try $0.query(sql, parameters) }
    }

    /// Runs `body` inside one transaction (`BEGIN IMMEDIATE`), rolled back if
    /// it throws; no other statement runs on the writer until it ends. A
    /// transaction inside another is part of it.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        if holdsWriter { return try body() }
        return try write { connection in
            try connection.execute("BEGIN IMMEDIATE")
            do {
                let result = try body()
                try connection.execute("COMMIT")
                return result
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Whether a reader and the writer each answer `SELECT 1` within `timeout` seconds.
    public func isResponsive(within timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        guard readerSlots.wait(timeout: .now() + timeout) == .success else { return false }
        let reader = readersLock.withLock { idleReaders.removeLast() }
        let readable = (try? reader.query("SELECT 1", [])) != nil
        readersLock.withLock { idleReaders.append(reader) }
        readerSlots.signal()
        guard readable, !holdsWriter, writerLock.lock(before: deadline) else { return false }
        setOwner(pthread_self())
        defer {
            setOwner(nil)
            writerLock.unlock()
        }
        return (try? writer.query("SELECT 1", [])) != nil
    }

    private static func isRead(_ sql: String) -> Bool {
        let start = sql.drop { $0.isWhitespace }.prefix(6)
        return start.uppercased() == "SELECT"
    }

    private var holdsWriter: Bool {
        ownerLock.withLock { writerOwner.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    private func setOwner(_ thread: pthread_t?) {
        ownerLock.withLock { writerOwner = thread }
    }

    private func write<T>(_ body: (Connection) throws -> T) throws -> T {
        if holdsWriter { return try body(writer) }
        writerLock.lock()
        setOwner(pthread_self())
        defer {
            setOwner(nil)
            writerLock.unlock()
        }
        return try body(writer)
    }

    private func read<T>(_ body: (Connection) throws -> T) throws -> T {
        readerSlots.wait()
        let reader = readersLock.withLock { idleReaders.removeLast() }
        defer {
            readersLock.withLock { idleReaders.append(reader) }
            readerSlots.signal()
        }
        return try body(reader)
    }
}

/// One SQLite connection; used by one thread at a time (``Database`` ensures it).
private final class Connection {
    typealias Value = Database.Value
    typealias Failure = Database.Failure
    private var handle: OpaquePointer?

    init(path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil)
                == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw Database.Failure(description: "cannot open \(path): \(message)")
        }
        sqlite3_busy_timeout(handle, 5000)
    }

    deinit {
        sqlite3_close(handle)
    }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(handle, sql, nil, nil, &message) != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw Database.Failure(description: text)
        }
    }

    func query(_ sql: String, _ parameters: [Database.Value]) throws -> [[Database.Value]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw Database.Failure(description: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        for (index, parameter) in parameters.enumerated() {
            try bind(parameter, at: Int32(index + 1), in: statement)
        }
        var rows: [[Database.Value]] = []
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { break }
            guard result == SQLITE_ROW else {
                throw Database.Failure(description: String(cString: sqlite3_errmsg(handle)))
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
        guard result == SQLITE_OK else { throw Failure(description: String(cString: sqlite3_errmsg(handle))) }
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

extension Database.Value {
    public var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    public var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    public var real: Double? {
        switch self {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    public var blob: [UInt8]? {
        if case .blob(let value) = self { return value }
        return nil
    }

    public var bool: Bool { integer.map { $0 != 0 } ?? false }

    public init(_ text: String?) { self = text.map(Database.Value.text) ?? .null }
    public init(_ number: Double?) { self = number.map(Database.Value.real) ?? .null }
    public init(_ flag: Bool) { self = .integer(flag ? 1 : 0) }
}
