/// A value bound to a statement parameter or read from a column: booleans
/// are stored as integers 0 and 1, sealed or binary values as bytes (SQLite
/// BLOB, PostgreSQL BYTEA).
public enum SQLValue: Sendable, Equatable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLValue {
    /// The text, nil for any other kind of value.
    public var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The integer, nil for any other kind of value.
    public var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The number, integers included; nil for any other kind of value.
    public var real: Double? {
        switch self {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    /// The bytes, nil for any other kind of value.
    public var blob: [UInt8]? {
        if case .blob(let value) = self { return value }
        return nil
    }

    /// Whether this is SQL NULL.
    public var isNull: Bool { self == .null }

    public init(_ text: String?) { self = text.map(SQLValue.text) ?? .null }
    public init(_ number: Double?) { self = number.map(SQLValue.real) ?? .null }
    public init(_ number: Int64?) { self = number.map(SQLValue.integer) ?? .null }
    public init(_ flag: Bool) { self = .integer(flag ? 1 : 0) }
    public init(_ bytes: [UInt8]?) { self = bytes.map(SQLValue.blob) ?? .null }
}
