/// A value of a snapshot series: whatever was answered, kept as it was.
public enum SnapshotValue: Sendable, Equatable, JSONEncodable {
    case number(Double)
    case bool(Bool)
    case string(String)

    public var json: JSONValue {
        switch self {
        case .number(let value): return .double(value)
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        }
    }
}
