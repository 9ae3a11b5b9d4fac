/// The body of `POST /api/v1/daily-metrics`: `{"days": [{"date": "YYYY-MM-DD",
/// "<metric>": number | null, …}], "units": {"<metric>": "<unit>"}}`. Each
/// value is converted to its metric's unit (``DailyMetricVocabulary``); null
/// deletes that metric of that day.
public struct DailyMetricsInput: Sendable, Equatable {
    /// One day's changes: a value to store, or nil to delete the metric.
    public struct Day: Sendable, Equatable {
        public var date: CalendarDate
        public var changes: [String: Double?]
    }

    /// The days in the order sent; a date sent twice is two entries, applied in order.
    public var days: [Day]
    /// The body as given: what a client sends (the server converts the units).
    public let json: JSONValue

    /// The most days one request may carry, and metrics one day may hold, by default.
    public static let defaultMaximumDays = 1000
    public static let defaultMaximumMetricsPerDay = 64
    /// The most either limit may be set to (a server's options).
    public static let maximumDays = 1000
    public static let maximumMetricsPerDay = 1000

    /// - Parameters:
    ///   - maximumDays: the most entries of `days`.
    ///   - maximumMetrics: the most metrics one entry may name.
    /// - Throws: a validation error naming the field: an unknown key, too many
    ///   days or metrics, a bad date, metric name, unit or value.
    public init(json: JSONValue, maximumDays: Int, maximumMetrics: Int) throws {
        let reader = try ObjectReader(json, at: .root)
        try reader.rejectUnknownKeys(["days", "units"])
        try reader.rejectRepeatedKeys()
        let units = try DailyMetricVocabulary.units(reader.object["units"], at: reader.path(of: "units"))
        guard case .array(let entries)? = reader.object["days"] else {
            throw WellnessError.validation(
                "is required: an array of {\"date\", \"<metric>\": value}",
                at: reader.path(of: "days"))
        }
        guard !entries.isEmpty, entries.count <= maximumDays else {
            throw WellnessError.validation(
                "must hold 1 to \(maximumDays) days, not \(entries.count); send more in further requests",
                at: reader.path(of: "days"))
        }
        days = try entries.enumerated().map { index, entry in
            try Self.day(
                entry, at: reader.path(of: "days").appending(index: index), units: units,
                maximumMetrics: maximumMetrics)
        }
        self.json = json
    }

    private static func day(_ json: JSONValue, at path: FieldPath, units: [String: String], maximumMetrics: Int)
        throws -> Day
    {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectRepeatedKeys()
        let date: CalendarDate = try reader.required("date")
        var changes: [String: Double?] = [:]
        for member in reader.object.members where member.key != "date" {
            let memberPath = reader.path(of: member.key.echo)
            // A metric and its alias in one day: the later one counts, as a date sent twice.
            let name = try DailyMetricVocabulary.canonicalName(member.key, at: memberPath)
            switch member.value {
            case .null:
                changes[name] = .some(nil)
            default:
                let value = try Double(json: member.value, at: memberPath)
                changes[name] = try DailyMetricVocabulary.value(value, of: name, in: units[name], at: memberPath)
            }
        }
        guard changes.count <= maximumMetrics else {
            throw WellnessError.validation(
                "names \(changes.count) metrics; a day holds at most \(maximumMetrics)", at: path)
        }
        return Day(date: date, changes: changes)
    }
}
