/// A value bound to a statement parameter or read from a column, the same for
/// every engine: booleans are stored as integers 0 and 1, sealed values as
/// bytes (SQLite BLOB, PostgreSQL BYTEA).
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLValue {
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

    public init(_ text: String?) { self = text.map(SQLValue.text) ?? .null }
    public init(_ number: Double?) { self = number.map(SQLValue.real) ?? .null }
    public init(_ flag: Bool) { self = .integer(flag ? 1 : 0) }
    public init(_ bytes: [UInt8]?) { self = bytes.map(SQLValue.blob) ?? .null }
}

/// A failed database call, with the engine's message (logged, never sent to a client).
public struct SQLFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
