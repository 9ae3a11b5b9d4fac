/// Reads the members of a JSON object for a model's decoder, naming the
/// field in every error.
public struct ObjectReader {
    public let object: JSONObject
    public let path: FieldPath

    /// - Parameters:
    ///   - json: the value that must be an object.
    ///   - path: where it sits in the input.
    /// - Throws: a validation error when `json` is not an object.
    public init(_ json: JSONValue, at path: FieldPath) throws {
        guard case .object(let object) = json else {
            throw WellnessError.validation("expected an object, found \(json.kindDescription)", at: path)
        }
        self.object = object
        self.path = path
    }

    /// A member that must be present and not null.
    /// - Throws: a validation error naming the field when it is missing or invalid.
    public func required<T: JSONDecodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        let fieldPath = path.appending(key)
        guard let value = object[key], value != .null else {
            throw WellnessError.validation("is required", at: fieldPath)
        }
        return try T(json: value, at: fieldPath)
    }

    /// A member that may be missing or null.
    /// - Throws: a validation error naming the field when it is present but invalid.
    public func optional<T: JSONDecodable>(_ key: String, as type: T.Type = T.self) throws -> T? {
        guard let value = object[key], value != .null else { return nil }
        return try T(json: value, at: path.appending(key))
    }

    /// A required string that must not be empty.
    public func nonEmptyString(_ key: String) throws -> String {
        let text: String = try required(key)
        if text.isEmpty {
            throw WellnessError.validation("must not be empty", at: path.appending(key))
        }
        return text
    }

    /// A required integer within `range`.
    public func int(_ key: String, in range: ClosedRange<Int>) throws -> Int {
        let value: Int = try required(key)
        try check(value, in: range, key: key)
        return value
    }

    /// An optional integer within `range` when present.
    public func optionalInt(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let value: Int = try optional(key) else { return nil }
        try check(value, in: range, key: key)
        return value
    }

    /// An optional number within `range` when present.
    public func optionalDouble(_ key: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let value: Double = try optional(key) else { return nil }
        if !range.contains(value) {
            throw WellnessError.validation(
                "must be between \(range.lowerBound) and \(range.upperBound), found \(value)",
                at: path.appending(key))
        }
        return value
    }

    /// The path of member `key`, for checks that span several fields.
    public func path(of key: String) -> FieldPath {
        path.appending(key)
    }

    private func check(_ value: Int, in range: ClosedRange<Int>, key: String) throws {
        guard range.contains(value) else {
            let bounds =
                range.upperBound == Int.max
                ? "at least \(range.lowerBound)"
                : "between \(range.lowerBound) and \(range.upperBound)"
            throw WellnessError.validation("must be \(bounds), found \(value)", at: path.appending(key))
        }
    }
}
