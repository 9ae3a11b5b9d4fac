/// One row of a result, read by column name: a column the statement did not
/// select, or a NULL or a value of another kind where one is required, is an
/// error naming the column, never a silent default.
public struct SQLRow: Sendable, Equatable {
    /// The names of the result's columns, shared by all its rows.
    public let columns: SQLColumns
    /// The values, in the order of `columns`.
    public let values: [SQLValue]

    public init(columns: SQLColumns, values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of `column`.
    /// - Throws: ``SQLColumnError`` when the result has no such column.
    public func value(_ column: String) throws -> SQLValue {
        guard let index = columns.index(of: column), index < values.count else {
            throw SQLColumnError.missing(column, among: columns.names)
        }
        return values[index]
    }

    /// The text of `column`.
    /// - Throws: ``SQLColumnError`` when it is missing, NULL or not text.
    public func text(_ column: String) throws -> String {
        try required(column, \.text, "text")
    }

    /// The integer of `column`.
    /// - Throws: ``SQLColumnError`` when it is missing, NULL or not an integer.
    public func integer(_ column: String) throws -> Int64 {
        try required(column, \.integer, "an integer")
    }

    /// The number of `column` (an integer or a real).
    /// - Throws: ``SQLColumnError`` when it is missing, NULL or not a number.
    public func real(_ column: String) throws -> Double {
        try required(column, \.real, "a number")
    }

    /// The bytes of `column`.
    /// - Throws: ``SQLColumnError`` when it is missing, NULL or not bytes.
    public func blob(_ column: String) throws -> [UInt8] {
        try required(column, \.blob, "bytes")
    }

    /// The flag of `column`, stored as an integer (0: false).
    /// - Throws: ``SQLColumnError`` when it is missing, NULL or not an integer.
    public func bool(_ column: String) throws -> Bool {
        try integer(column) != 0
    }

    /// The text of `column`, nil when it is NULL.
    /// - Throws: ``SQLColumnError`` when it is missing or neither NULL nor text.
    public func optionalText(_ column: String) throws -> String? {
        try optional(column, \.text, "text")
    }

    /// The integer of `column`, nil when it is NULL.
    /// - Throws: ``SQLColumnError`` when it is missing or neither NULL nor an integer.
    public func optionalInteger(_ column: String) throws -> Int64? {
        try optional(column, \.integer, "an integer")
    }

    /// The bytes of `column`, nil when it is NULL.
    /// - Throws: ``SQLColumnError`` when it is missing or neither NULL nor bytes.
    public func optionalBlob(_ column: String) throws -> [UInt8]? {
        try optional(column, \.blob, "bytes")
    }

    private func required<T>(_ column: String, _ kind: (SQLValue) -> T?, _ expected: String) throws -> T {
        let value = try value(column)
        guard let typed = kind(value) else { throw SQLColumnError.unexpected(value, in: column, expected: expected) }
        return typed
    }

    private func optional<T>(_ column: String, _ kind: (SQLValue) -> T?, _ expected: String) throws -> T? {
        let value = try value(column)
        if value.isNull { return nil }
        guard let typed = kind(value) else { throw SQLColumnError.unexpected(value, in: column, expected: expected) }
        return typed
    }
}

/// The column names of one result, looked up by name.
public final class SQLColumns: Sendable, Equatable {
    public let names: [String]
    private let indices: [String: Int]

    public init(_ names: [String]) {
        self.names = names
        // The first of two equal names wins, as in SQL's own lookups.
        indices = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func index(of name: String) -> Int? { indices[name] }

    public static func == (lhs: SQLColumns, rhs: SQLColumns) -> Bool { lhs.names == rhs.names }
}

/// A column read that the result cannot answer: the store and the statement disagree.
public struct SQLColumnError: Error, CustomStringConvertible, Equatable {
    public let description: String

    /// A value of the right kind that the reader cannot use (an unknown case of an enumeration, say).
    public static func invalid(_ column: String, holds value: String, expected: String) -> SQLColumnError {
        SQLColumnError(description: "column \(column) holds \(value), not \(expected)")
    }

    static func missing(_ column: String, among names: [String]) -> SQLColumnError {
        SQLColumnError(description: "the result has no column \(column) (it has: \(names.joined(separator: ", ")))")
    }

    static func unexpected(_ value: SQLValue, in column: String, expected: String) -> SQLColumnError {
        let found: String
        switch value {
        case .null: found = "NULL"
        case .integer: found = "an integer"
        case .real: found = "a real"
        case .text: found = "text"
        case .blob: found = "bytes"
        }
        return SQLColumnError(description: "column \(column) holds \(found), not \(expected)")
    }
}
