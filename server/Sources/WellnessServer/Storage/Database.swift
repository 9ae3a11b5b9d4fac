import CSQLite
import Foundation

/// One SQLite connection, serialised by a lock: every statement is short,
/// and SQLite's own locking (WAL mode) keeps the file consistent if a second
/// process opens it.
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

    private var handle: OpaquePointer?
    private let lock = NSLock()

    /// Opens (creating if needed) the database file at `path`.
    /// - Throws: ``Failure`` when SQLite cannot open it.
    public init(path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil)
                == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw Failure(description: "cannot open \(path): \(message)")
        }
        sqlite3_busy_timeout(handle, 5000)
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = NORMAL")
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        sqlite3_close(handle)
    }

    /// Runs `sql` (which may hold several statements) without parameters.
    public func execute(_ sql: String) throws {
        try locked {
            var message: UnsafeMutablePointer<CChar>?
            if sqlite3_exec(handle, sql, nil, nil, &message) != SQLITE_OK {
                let text = message.map { String(cString: $0) } ?? "unknown error"
                sqlite3_free(message)
                throw Failure(description: text)
            }
        }
    }

    /// Runs one statement with `parameters` and returns its rows.
    @discardableResult
    public func query(_ sql: String, _ parameters: [Value] = []) throws -> [[Value]] {
        try locked {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
                throw Failure(description: String(cString: sqlite3_errmsg(handle)))
            }
            defer { sqlite3_finalize(statement) }
            for (index, parameter) in parameters.enumerated() {
                try bind(parameter, at: Int32(index + 1), in: statement)
            }
            var rows: [[Value]] = []
            while true {
                let result = sqlite3_step(statement)
                if result == SQLITE_DONE { break }
                guard result == SQLITE_ROW else {
                    throw Failure(description: String(cString: sqlite3_errmsg(handle)))
                }
                rows.append((0..<sqlite3_column_count(statement)).map { column(statement, $0) })
            }
            return rows
        }
    }

    /// Runs `body` inside one transaction, rolled back if it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
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

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
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
