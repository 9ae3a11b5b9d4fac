/// A type that can be read from a ``JSONValue``, reporting problems with the
/// path of the offending field.
public protocol JSONDecodable {
    /// Decodes and validates a value.
    /// - Parameters:
    ///   - json: the value to decode.
    ///   - path: where `json` sits in the input, for error messages.
    /// - Throws: ``WellnessError`` of kind `validation` naming the field.
    init(json: JSONValue, at path: FieldPath) throws
}

/// A type with a canonical JSON form.
public protocol JSONEncodable {
    /// The canonical JSON of this value.
    var json: JSONValue { get }
}

public typealias JSONCodable = JSONDecodable & JSONEncodable

extension JSONDecodable {
    /// Decodes a whole document.
    /// - Parameter json: the parsed document.
    /// - Throws: ``WellnessError`` of kind `validation`.
    public init(json: JSONValue) throws {
        try self.init(json: json, at: .root)
    }
}

extension String: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        guard case .string(let text) = json else {
            throw WellnessError.validation("expected a string, found \(json.kindDescription)", at: path)
        }
        self = text
    }

    public var json: JSONValue { .string(self) }
}

extension Bool: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        guard case .bool(let flag) = json else {
            throw WellnessError.validation("expected a boolean, found \(json.kindDescription)", at: path)
        }
        self = flag
    }

    public var json: JSONValue { .bool(self) }
}

extension Int: JSONCodable {
    /// Accepts any JSON number whose value is an exact integer in range
    /// (`3`, `3.0`, `3e0`); rejects fractions and out-of-range values.
    public init(json: JSONValue, at path: FieldPath) throws {
        guard case .number(let text) = json else {
            throw WellnessError.validation("expected an integer, found \(json.kindDescription)", at: path)
        }
        if let exact = Int(text) {
            self = exact
            return
        }
        // Fraction or exponent forms, or too many digits for Int.
        guard let value = Double(text), value.isFinite, value == value.rounded() else {
            throw WellnessError.validation("expected an integer, found \(text.echo)", at: path)
        }
        guard abs(value) < 9.007_199_254_740_992e15, let exact = Int(exactly: value) else {
            throw WellnessError.validation("integer \(text.echo) is out of range", at: path)
        }
        self = exact
    }

    public var json: JSONValue { .int(self) }
}

extension Double: JSONCodable {
    /// Accepts any finite JSON number; rejects values that overflow a double.
    public init(json: JSONValue, at path: FieldPath) throws {
        guard case .number(let text) = json else {
            throw WellnessError.validation("expected a number, found \(json.kindDescription)", at: path)
        }
        guard let value = Double(text), value.isFinite else {
            throw WellnessError.validation("number \(text.echo) is out of range", at: path)
        }
        self = value
    }

    public var json: JSONValue { .double(self) }
}

extension Array: JSONDecodable where Element: JSONDecodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        guard case .array(let elements) = json else {
            throw WellnessError.validation("expected an array, found \(json.kindDescription)", at: path)
        }
        self = try elements.enumerated().map { index, element in
            try Element(json: element, at: path.appending(index: index))
        }
    }
}

extension Array: JSONEncodable where Element: JSONEncodable {
    // A closure, not `\.json`: in generic code a key path is instantiated at run time on every call.
    public var json: JSONValue { .array(map { $0.json }) }
}

/// A string enumeration decoded from its raw value, listing the allowed
/// values when the input is not one of them.
public protocol JSONStringEnum: JSONCodable, RawRepresentable, CaseIterable where RawValue == String {}

extension JSONStringEnum {
    public init(json: JSONValue, at path: FieldPath) throws {
        let text = try String(json: json, at: path)
        guard let value = Self(rawValue: text) else {
            let allowed = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw WellnessError.validation("\"\(text.echo)\" is not one of: \(allowed)", at: path)
        }
        self = value
    }

    public var json: JSONValue { .string(rawValue) }
}
