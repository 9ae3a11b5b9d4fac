/// A JSON object: its members in document order.
///
/// Order is kept so that output is stable and follows the seeds' field order.
/// When a key repeats, the last occurrence wins, as in most JSON parsers.
public struct JSONObject: Sendable, Equatable {
    /// One `"key": value` member.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var members: [Member]

    /// Creates an object from key–value pairs, in order.
    public init(_ pairs: [(String, JSONValue)] = []) {
        members = pairs.map { Member(key: $0.0, value: $0.1) }
    }

    /// The value of the last member named `key`, if any.
    public subscript(key: String) -> JSONValue? {
        members.last(where: { $0.key == key })?.value
    }

    /// Appends a member.
    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }

    /// Removes every member named `key`.
    public mutating func remove(_ key: String) {
        members.removeAll { $0.key == key }
    }
}
