/// One workout as the API's workouts store holds it (docs/SERVER.md
/// "Workouts"): a session of the query engine's sessions table. Named apart
/// from the reference server's `Workout`, whose module imports this one.
public struct WorkoutRecord: Sendable, Equatable {
    /// The server's (`wo_` and 32 hex digits), derived from start and activity; empty in a workout to send.
    public var id: String
    /// Milliseconds since the epoch, UTC.
    public var start: Int64
    /// Milliseconds since the epoch, UTC; never before ``start``.
    public var end: Int64
    public var activity: String
    /// Numeric fields by identifier (`distance`, `calories`, …); units in ``units``.
    public var fields: [String: Double]

    public init(id: String = "", start: Int64, end: Int64, activity: String, fields: [String: Double] = [:]) {
        self.id = id
        self.start = start
        self.end = end
        self.activity = activity
        self.fields = fields
    }

    /// The standard fields and their units; other identifiers are allowed, without a unit.
    public static let units: [String: String] = [
        "duration": "min", "distance": "km", "calories": "kcal", "steps": "steps", "average_heart_rate": "bpm",
        "active_zone_minutes": "min", "elevation_gain": "m", "speed": "km/h",
    ]
    /// The most fields one workout carries (null ones included), as the server allows.
    public static let maximumFields = 32
    /// The longest activity name, in Unicode scalars (as JSON Schema's `maxLength` counts).
    public static let maximumActivityLength = 100
    /// The longest field name, in bytes.
    public static let maximumFieldNameLength = 64

    static let reserved: Set<String> = ["id", "start", "end", "activity"]
}

extension WorkoutRecord: JSONCodable {
    /// Reads `{"id"?, "start", "end", "activity", "<field>": number | null, …}` under the server's rules:
    /// `start` and `end` RFC 3339 or epoch seconds, `end` not before `start`, an activity of 1 to 100
    /// characters, at most 32 fields named `[a-z_][a-z0-9_]*` (64 bytes at most); a null field is absent.
    /// - Parameters:
    ///   - json: the workout object.
    ///   - path: where it sits in the input (`workouts[3]`).
    /// - Throws: a validation error naming the field.
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectRepeatedKeys()
        id = try reader.optional("id") ?? ""
        start = try Self.instant(reader, "start")
        end = try Self.instant(reader, "end")
        guard end >= start else {
            throw WellnessError.validation("must not be before start", at: reader.path(of: "end"))
        }
        activity = try reader.nonEmptyString("activity")
        guard activity.unicodeScalars.count <= Self.maximumActivityLength else {
            throw WellnessError.validation(
                "must be at most \(Self.maximumActivityLength) characters", at: reader.path(of: "activity"))
        }
        fields = [:]
        var count = 0
        for member in reader.object.members where !Self.reserved.contains(member.key) {
            let fieldPath = reader.path(of: member.key)
            guard Self.isFieldName(member.key) else {
                throw WellnessError.validation(
                    "is not a field name: lower-case letters, digits and _, not starting with a digit, "
                        + "at most \(Self.maximumFieldNameLength) bytes", at: fieldPath)
            }
            count += 1
            guard count <= Self.maximumFields else {
                throw WellnessError.validation("is one field too many: at most \(Self.maximumFields)", at: fieldPath)
            }
            if let value: Double = try reader.optional(member.key) { fields[member.key] = value }
        }
    }

    /// `id`, `start` and `end` (RFC 3339, UTC), `activity`, then the fields by name.
    public var json: JSONValue {
        var object = JSONObject([
            ("id", .string(id)), ("start", Timestamp(milliseconds: start).json),
            ("end", Timestamp(milliseconds: end).json), ("activity", .string(activity)),
        ])
        for name in fields.keys.sorted() {
            if let value = fields[name] { object.append(name, .double(value)) }
        }
        return .object(object)
    }

    /// Whether `name` is a field identifier: `[a-z_][a-z0-9_]*`, at most 64 bytes.
    static func isFieldName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= maximumFieldNameLength,
            first == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
        else { return false }
        return bytes.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }

    /// An RFC 3339 string or epoch seconds, as epoch milliseconds (a finer fraction dropped), as the server reads them.
    static func instant(_ reader: ObjectReader, _ key: String) throws -> Int64 {
        let path = reader.path(of: key)
        switch reader.object[key] {
        case .string(let text)?:
            guard let instant = Timestamp(parsing: text) else {
                throw WellnessError.validation("expected an RFC 3339 timestamp, found \"\(text.prefix(40))\"", at: path)
            }
            // Years 1-9999 (the parser's range): no overflow.
            return instant.seconds * 1000 + Int64(instant.nanoseconds / 1_000_000)
        case .number?:
            let seconds: Double = try reader.required(key)
            let milliseconds = (seconds * 1000).rounded(.down)
            guard let value = Int64(exactly: milliseconds), SampleSeries.timestampRange.contains(value) else {
                throw WellnessError.validation("epoch seconds \(seconds) are outside years 1-9999", at: path)
            }
            return value
        case nil, .null?:
            throw WellnessError.validation("is required", at: path)
        case let other?:
            throw WellnessError.validation(
                "expected an RFC 3339 timestamp or epoch seconds, found \(other.kindDescription)", at: path)
        }
    }
}
