import CWellnessSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WellnessKitCore

/// One SQLite connection: statements with bound values, rows as values.
/// Not thread-safe by itself; ``LocalStore`` serialises its use.
final class SQLiteConnection {
    enum Value: Equatable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob([UInt8])

        var text: String? {
            if case .text(let value) = self { return value }
            return nil
        }

        var integer: Int64? {
            if case .integer(let value) = self { return value }
            return nil
        }

        var blob: [UInt8]? {
            if case .blob(let value) = self { return value }
            return nil
        }
    }

    let path: String
    private var handle: OpaquePointer?

    /// Opens (creating) the database at `path`.
    /// - Throws: ``WellnessError`` (internal) naming the file and SQLite's message.
    init(path: String) throws {
        self.path = path
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &handle, flags, nil)
        guard result == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            handle = nil
            throw WellnessError.internal("cannot open the local store \(path): \(message)")
        }
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Forgets the handle without closing it: for a connection inherited
    /// through fork(), whose close would release the parent's locks and
    /// could checkpoint or delete the parent's WAL.
    func abandon() {
        handle = nil
    }

    /// Runs `sql` (one or more statements) without parameters or rows.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard result == SQLITE_OK else {
            throw failure(message.map { String(cString: $0) } ?? "error \(result)")
        }
    }

    /// Runs one statement with `parameters` and returns its rows.
    @discardableResult
    func query(_ sql: String, _ parameters: [Value] = []) throws -> [[Value]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw failure(lastMessage)
        }
        defer { sqlite3_finalize(statement) }
        for (index, value) in parameters.enumerated() {
            try bind(value, at: Int32(index + 1), in: statement)
        }
        var rows: [[Value]] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                rows.append((0..<sqlite3_column_count(statement)).map { column(Int32($0), of: statement) })
            case SQLITE_DONE:
                return rows
            default:
                throw failure(lastMessage)
            }
        }
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction (the write lock taken
    /// up front, so two processes never deadlock upgrading), committed when it
    /// returns and rolled back when it throws.
    @discardableResult
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
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

    var changes: Int { Int(sqlite3_changes(handle)) }

    private var lastMessage: String {
        handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection"
    }

    private func failure(_ message: String) -> WellnessError {
        .internal("local store \(path): \(message)")
    }

    private func bind(_ value: Value, at index: Int32, in statement: OpaquePointer) throws {
        // SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
        let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
        let result: Int32
        switch value {
        case .null: result = sqlite3_bind_null(statement, index)
        case .integer(let number): result = sqlite3_bind_int64(statement, index, number)
        case .real(let number): result = sqlite3_bind_double(statement, index, number)
        case .text(let text): result = sqlite3_bind_text(statement, index, text, -1, transient)
        case .blob(let bytes) where bytes.isEmpty: result = sqlite3_bind_zeroblob(statement, index, 0)
        case .blob(let bytes):
            result = bytes.withUnsafeBytes {
                sqlite3_bind_blob64(statement, index, $0.baseAddress, sqlite3_uint64($0.count), transient)
            }
        }
        guard result == SQLITE_OK else { throw failure(lastMessage) }
    }

    private func column(_ index: Int32, of statement: OpaquePointer) -> Value {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            return .text(sqlite3_column_text(statement, index).map { String(cString: $0) } ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}
