/// A user's profile: the physical profile goal suggestions draw on (seed
/// 003's AI context: age, height, weight, BMI), and the calendar their days
/// are counted in: an IANA time zone and the first day of their week
/// (`GET`/`PUT /api/v1/profile`; docs/SERVER.md, "The user's calendar").
public struct Profile: Sendable, Equatable {
    public var age: Int?
    public var heightCm: Double?
    public var weightKg: Double?
    /// The IANA name of the zone the user's days are cut in; UTC until set.
    public var timeZone: String
    /// The first day of the user's week: 1 = Sunday … 7 = Saturday (as
    /// Foundation's `Calendar`); 2 (Monday, ISO 8601) until set.
    public var firstWeekday: Int

    /// The zone of a profile that names none.
    public static let defaultTimeZone = "UTC"
    /// The first weekday of a profile that names none: Monday.
    public static let defaultFirstWeekday = 2
    /// Weekday names `first_weekday` also takes, Sunday first.
    static let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    public init(
        age: Int? = nil, heightCm: Double? = nil, weightKg: Double? = nil, timeZone: String = defaultTimeZone,
        firstWeekday: Int = defaultFirstWeekday
    ) {
        self.age = age
        self.heightCm = heightCm
        self.weightKg = weightKg
        self.timeZone = timeZone
        self.firstWeekday = firstWeekday
    }

    /// Body-mass index, when height and weight are known.
    public var bmi: Double? {
        guard let heightCm, let weightKg, heightCm > 0 else { return nil }
        return weightKg / ((heightCm / 100) * (heightCm / 100))
    }
}

extension Profile: JSONCodable {
    /// Reads a profile; `time_zone` and `first_weekday` absent or null are the defaults.
    /// - Throws: a validation error naming the field: an age, height or weight
    ///   out of range, a zone the time-zone database does not know, a weekday
    ///   that is neither 1…7 nor a weekday's name.
    public init(json: JSONValue, at path: FieldPath) throws {
        try self.init(json: json, at: path, checkingZone: true)
    }

    /// A profile as stored: its zone taken as written (it was checked when
    /// stored), so that a time-zone database that lost the name does not make
    /// the profile unreadable.
    public init(stored json: JSONValue) throws {
        try self.init(json: json, at: .root, checkingZone: false)
    }

    private init(json: JSONValue, at path: FieldPath, checkingZone: Bool) throws {
        let reader = try ObjectReader(json, at: path)
        age = try reader.optionalInt("age", in: 1...130)
        heightCm = try reader.optionalDouble("height_cm", in: 50...260)
        weightKg = try reader.optionalDouble("weight_kg", in: 20...400)
        timeZone =
            checkingZone ? try Self.timeZone(in: reader) : try reader.optional("time_zone") ?? Self.defaultTimeZone
        firstWeekday = try Self.firstWeekday(in: reader)
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("age", JSONValue(age)), ("height_cm", JSONValue(heightCm)), ("weight_kg", JSONValue(weightKg)),
                ("bmi", JSONValue(bmi.map { ($0 * 10).rounded() / 10 })), ("time_zone", .string(timeZone)),
                ("first_weekday", .int(firstWeekday)),
            ]))
    }

    /// `time_zone`: an IANA name the time-zone database knows (its canonical spelling kept as sent).
    private static func timeZone(in reader: ObjectReader) throws -> String {
        guard let name: String = try reader.optional("time_zone") else { return defaultTimeZone }
        return try TimeZoneRules.named(name, at: reader.path(of: "time_zone")).identifier
    }

    /// `first_weekday`: 1 (Sunday) … 7 (Saturday), or a weekday's English name in any case.
    private static func firstWeekday(in reader: ObjectReader) throws -> Int {
        switch reader.object["first_weekday"] {
        case nil, .null?:
            return defaultFirstWeekday
        case .string(let name)?:
            guard let index = weekdayNames.firstIndex(of: name.lowercased()) else {
                throw WellnessError.validation(
                    "\"\(name.echo)\" is not a weekday: expected 1 (Sunday) … 7 (Saturday) or a weekday's name",
                    at: reader.path(of: "first_weekday"))
            }
            return index + 1
        default:
            return try reader.int("first_weekday", in: 1...7)
        }
    }
}
