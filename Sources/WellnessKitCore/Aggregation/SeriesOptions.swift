/// How to aggregate a series: the options document of the series calls.
public struct SeriesOptions: Sendable {
    /// What a bucket's average is the mean of.
    public enum Averaging: String, JSONStringEnum, Sendable {
        /// Every raw sample weighs the same (the default).
        case samples
        /// Each day's mean weighs the same, as seed 002 computes it.
        case dailyMeans = "daily_means"
    }

    /// The unit of columnar timestamps.
    public enum TimestampUnit: String, JSONStringEnum, Sendable {
        case seconds = "s"
        case milliseconds = "ms"
    }

    public var kind: SeriesKind = .numeric
    /// A fixed interval, or nil to choose from the data's span ("auto").
    public var interval: AggregationInterval?
    public var timeZone: TimeZoneRules
    /// 1 = Sunday … 7 = Saturday; Monday by default.
    public var firstWeekday = 2
    public var averaging: Averaging = .samples
    /// Whether buckets without samples appear (with null statistics).
    public var includeEmpty = false
    /// The local day streaks are current to; today in `timeZone` when nil.
    public var today: CalendarDate?
    public var timestampUnit: TimestampUnit = .seconds
    /// The buckets' statistics, in this order; nil for ``SeriesStatistic/defaults`` as they always were.
    public var statistics: [SeriesStatistic]?

    public init(kind: SeriesKind = .numeric, interval: AggregationInterval? = nil, timeZone: TimeZoneRules) {
        self.kind = kind
        self.interval = interval
        self.timeZone = timeZone
    }

    private static let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// Most empty buckets a result may hold, so that one stray timestamp
    /// centuries away cannot ask for millions of daily buckets.
    public static let maximumBuckets = 100_000
}

extension SeriesOptions: JSONDecodable {
    /// Every key of a series options document.
    public static let keys = [
        "kind", "interval", "time_zone", "first_weekday", "average", "include_empty", "today",
        "timestamp_unit", "statistics",
    ]

    public init(json: JSONValue, at path: FieldPath) throws {
        try self.init(json: json, at: path, sharedWith: [])
    }

    /// Options from a document that also holds `otherKeys` (the chart
    /// call's); any other key is a validation error.
    public init(json: JSONValue, at path: FieldPath, sharedWith otherKeys: [String]) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(Self.keys + otherKeys)
        timeZone = try TimeZoneRules.named(by: "time_zone", in: reader)
        kind = try reader.optional("kind") ?? .numeric
        let intervalName: String = try reader.optional("interval") ?? "auto"
        if intervalName != "auto" {
            interval = try AggregationInterval(json: .string(intervalName), at: reader.path(of: "interval"))
        }
        firstWeekday = try Self.weekday(reader)
        averaging = try reader.optional("average") ?? .samples
        includeEmpty = try reader.optional("include_empty") ?? false
        today = try reader.optional("today")
        timestampUnit = try reader.optional("timestamp_unit") ?? .seconds
        statistics = try Self.statistics(reader, kind: kind)
    }

    /// At least one, each once, and only for numeric series.
    private static func statistics(_ reader: ObjectReader, kind: SeriesKind) throws -> [SeriesStatistic]? {
        guard let statistics: [SeriesStatistic] = try reader.optional("statistics") else { return nil }
        let path = reader.path(of: "statistics")
        guard kind == .numeric else {
            throw WellnessError.validation("apply to numeric series; a \(kind.rawValue) series has its own", at: path)
        }
        guard !statistics.isEmpty else { throw WellnessError.validation("must name at least one statistic", at: path) }
        for (index, statistic) in statistics.enumerated() where statistics[..<index].contains(statistic) {
            throw WellnessError.validation("\"\(statistic.name)\" is asked for twice", at: path.appending(index: index))
        }
        return statistics
    }

    static func weekday(_ reader: ObjectReader) throws -> Int {
        switch reader.object["first_weekday"] {
        case nil, .null?:
            return 2
        case .string(let name)?:
            guard let index = weekdayNames.firstIndex(of: name.lowercased()) else {
                throw WellnessError.validation(
                    "\"\(name.echo)\" is not a weekday name (sunday … saturday)",
                    at: reader.path(of: "first_weekday"))
            }
            return index + 1
        default:
            return try reader.int("first_weekday", in: 1...7)
        }
    }
}
