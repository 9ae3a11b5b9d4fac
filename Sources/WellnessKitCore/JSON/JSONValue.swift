/// A parsed JSON document.
///
/// Numbers keep their JSON text, so integers beyond 2^53 stay exact until a
/// model decides whether it wants an integer or a floating-point value.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A number from an integer.
    public static func int(_ value: Int) -> JSONValue {
        .number(String(value))
    }

    /// A number from a finite double: integral values print without a
    /// fraction ("10000", not "10000.0"), others in the shortest form that
    /// reads back as the same double.
    public static func double(_ value: Double) -> JSONValue {
        if value == value.rounded(), abs(value) < 1e15 {
            return .number(String(Int64(value)))
        }
        return .number(value.description)
    }

    /// The kind of value, as error messages name it.
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSONValue {
    /// `.null` for nil, the wrapped value's JSON otherwise.
    public init<T: JSONEncodable>(_ value: T?) {
        // A closure, not `\.json`: in generic code a key path is instantiated at run time on every call.
        self = value.map { $0.json } ?? .null
    }
}
