import CWellnessSQLite

/// One SQLite connection: statements with bound values, rows read by column
/// name. The one wrapper of SQLite's C API in the project, used by the
/// client's offline store and by the reference server, so a fix to binding or
/// reading reaches both.
///
/// Not thread-safe by itself (opened with `SQLITE_OPEN_NOMUTEX`): its owner
/// hands it to one thread at a time.
public final class SQLiteConnection: @unchecked Sendable {
    /// The database file.
    public let path: String
    private var handle: OpaquePointer?
    /// Prepared statements by their SQL, reset and reused: the callers' texts are fixed, so this stays small.
    private var statements: [String: OpaquePointer] = [:]
    private let cachesStatements: Bool
    /// `PRAGMA data_version`, prepared by the first ``dataVersion()``.
    private var dataVersionStatement: OpaquePointer?
    private static let maximumCachedStatements = 256

    /// Opens (creating) the database at `path`.
    /// - Parameters:
    ///   - path: The database file.
    ///   - busyTimeoutMilliseconds: How long a statement waits for another
    ///     connection's lock before failing with "database is locked".
    ///   - cachesStatements: Whether prepared statements are kept for the next
    ///     query with the same text.
    /// - Throws: ``SQLiteError`` naming the file and SQLite's message.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 0, cachesStatements: Bool = false) throws {
        self.path = path
        self.cachesStatements = cachesStatements
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            handle = nil
            throw SQLiteError("cannot open \(path): \(message)")
        }
        sqlite3_extended_result_codes(handle, 1)
        if busyTimeoutMilliseconds > 0 { sqlite3_busy_timeout(handle, busyTimeoutMilliseconds) }
    }

    deinit {
        guard handle != nil else { return }
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_finalize(dataVersionStatement)
        sqlite3_close_v2(handle)
    }

    /// Forgets the handle without closing it: for a connection inherited
    /// through fork(), whose close would release the parent's locks and
    /// could checkpoint or delete the parent's WAL.
    public func abandon() {
        handle = nil
        statements = [:]
        dataVersionStatement = nil
    }

    /// Runs `sql` (one or more statements) without parameters or rows.
    /// - Throws: ``SQLiteError`` with SQLite's message.
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard result == SQLITE_OK else {
            throw SQLiteError(message.map { String(cString: $0) } ?? "error \(result)")
        }
    }

    /// Runs one statement with `parameters` (for its `?` placeholders, in order) and returns its rows.
    /// - Throws: ``SQLiteError`` with SQLite's message.
    @discardableResult
    public func query(_ sql: String, _ parameters: [SQLValue] = []) throws -> [SQLRow] {
        let (statement, cached) = try prepared(sql)
        defer {
            if cached {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            } else {
                sqlite3_finalize(statement)
            }
        }
        for (offset, value) in parameters.enumerated() {
            try bind(value, at: Int32(clamping: offset + 1), in: statement)
        }
        let count = sqlite3_column_count(statement)
        let columns = SQLColumns(
            (0..<count).map { index in
                sqlite3_column_name(statement, index).map { String(cString: $0) } ?? ""
            })
        var rows: [SQLRow] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                rows.append(SQLRow(columns: columns, values: (0..<count).map { column($0, of: statement) }))
            case SQLITE_DONE:
                return rows
            default:
                throw SQLiteError(lastMessage)
            }
        }
    }

    /// SQLite's `PRAGMA data_version` on this connection: a number that
    /// changes when another connection, in this process or another, has
    /// committed to the database since this connection last asked (never
    /// for this connection's own commits). The statement is prepared once.
    /// - Throws: ``SQLiteError`` with SQLite's message (the database busy
    ///   beyond the busy timeout, say).
    public func dataVersion() throws -> Int64 {
        if dataVersionStatement == nil {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(handle, "PRAGMA data_version", -1, &statement, nil) == SQLITE_OK,
                statement != nil
            else {
                sqlite3_finalize(statement)
                throw SQLiteError(lastMessage)
            }
            dataVersionStatement = statement
        }
        let statement = dataVersionStatement
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw SQLiteError(lastMessage) }
        return sqlite3_column_int64(statement, 0)
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction (the write lock taken
    /// up front, so two processes never deadlock upgrading), committed when it
    /// returns and rolled back when it throws.
    /// - Throws: what `body` throws, or ``SQLiteError``.
    @discardableResult
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    private var lastMessage: String {
        handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection"
    }

    private func prepared(_ sql: String) throws -> (statement: OpaquePointer, cached: Bool) {
        if let statement = statements[sql] { return (statement, true) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError(lastMessage)
        }
        guard cachesStatements, statements.count < Self.maximumCachedStatements else { return (statement, false) }
        statements[sql] = statement
        return (statement, true)
    }

    /// SQLite copies bound text and bytes before the call returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    private func bind(_ value: SQLValue, at index: Int32, in statement: OpaquePointer) throws {
        let result: Int32
        switch value {
        case .null: result = sqlite3_bind_null(statement, index)
        case .integer(let number): result = sqlite3_bind_int64(statement, index, number)
        case .real(let number): result = sqlite3_bind_double(statement, index, number)
        case .text(let text):
            // By length, so text holding a NUL is stored whole.
            let bytes = text.utf8CString
            result = bytes.withUnsafeBufferPointer {
                sqlite3_bind_text64(
                    statement, index, $0.baseAddress, sqlite3_uint64($0.count - 1), Self.transient,
                    UInt8(SQLITE_UTF8))
            }
        // Empty bytes stay bytes (a zero-length BLOB), not NULL.
        case .blob(let bytes) where bytes.isEmpty: result = sqlite3_bind_zeroblob(statement, index, 0)
        case .blob(let bytes):
            result = bytes.withUnsafeBytes {
                sqlite3_bind_blob64(statement, index, $0.baseAddress, sqlite3_uint64($0.count), Self.transient)
            }
        }
        guard result == SQLITE_OK else { throw SQLiteError(lastMessage) }
    }

    private func column(_ index: Int32, of statement: OpaquePointer) -> SQLValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: return .text(String(decoding: bytes(index, of: statement), as: UTF8.self))
        case SQLITE_BLOB: return .blob(Array(bytes(index, of: statement)))
        default: return .null
        }
    }

    /// The column's bytes (text or blob), empty when SQLite has none (it returns NULL for zero bytes or no memory).
    private func bytes(_ index: Int32, of statement: OpaquePointer) -> UnsafeRawBufferPointer {
        // The pointer first, then the count, as SQLite's documentation requires.
        let start =
            sqlite3_column_type(statement, index) == SQLITE_TEXT
            ? UnsafeRawPointer(sqlite3_column_text(statement, index)) : sqlite3_column_blob(statement, index)
        let count = Int(sqlite3_column_bytes(statement, index))
        guard let start, count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: start, count: count)
    }
}

/// A failed SQLite call, with SQLite's message.
public struct SQLiteError: Error, CustomStringConvertible, Equatable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
