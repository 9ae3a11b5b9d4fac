/// Which local days a query looks at, relative to its anchor day.
public enum QueryWindow: Sendable, Equatable {
    public enum Which: String, JSONStringEnum, Sendable {
        case first
        case last
    }

    /// Which end of a metric `day_of_max` and `day_of_min` look for.
    public enum Extreme: String, Sendable {
        case max = "day_of_max"
        case min = "day_of_min"
    }

    case all
    case today
    case yesterday
    /// The calendar week of the anchor (starting on the first weekday).
    case thisWeek
    case thisMonth
    case lastWeek
    case lastMonth
    /// The `n` days that end with the anchor day, the anchor day included.
    case lastDays(Int)
    /// Both days included.
    case between(CalendarDate, CalendarDate)
    /// The day of the first or last session (of these activities, or of any
    /// when nil) on or before the anchor day.
    case dayOf(Which, activities: [String]?)
    /// The day of the row of `table` (sessions of these activities, or any)
    /// with the largest or smallest `metric`, on or before the anchor day;
    /// the earliest on ties ("the day of my longest run").
    case dayOfExtreme(Extreme, table: DataQuery.Table, metric: String, activities: [String]?)

    static let names: [String: QueryWindow] = [
        "all": .all, "today": .today, "yesterday": .yesterday, "this_week": .thisWeek,
        "this_month": .thisMonth, "last_week": .lastWeek, "last_month": .lastMonth,
    ]

    /// The first and last day (days since 1970-01-01) of a calendar window;
    /// nil for `all` and `dayOf`, which need no calendar.
    func days(anchor: Int, firstWeekday: Int) -> ClosedRange<Int>? {
        let weekStart = anchor - (LocalCalendar.weekday(of: anchor) - firstWeekday + 7) % 7
        let monthStart = LocalCalendar.adding(months: 0, to: anchor)
        switch self {
        case .all, .dayOf, .dayOfExtreme: return nil
        case .today: return anchor...anchor
        case .yesterday: return (anchor - 1)...(anchor - 1)
        case .thisWeek: return weekStart...(weekStart + 6)
        case .lastWeek: return (weekStart - 7)...(weekStart - 1)
        case .thisMonth: return monthStart...(LocalCalendar.adding(months: 1, to: anchor) - 1)
        case .lastMonth: return LocalCalendar.adding(months: -1, to: anchor)...(monthStart - 1)
        case .lastDays(let count): return (anchor - count + 1)...anchor
        case .between(let from, let to): return from.daysSinceEpoch...to.daysSinceEpoch
        }
    }
}

extension QueryWindow: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        switch json {
        case .string(let name):
            guard let window = Self.names[name] else {
                let known = Self.names.keys.sorted()
                let hint = ObjectReader.closest(to: name, in: known).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw WellnessError.validation(
                    "\"\(name.echo)\" is not a window\(hint); windows: \(known.joined(separator: ", ")), "
                        + "{\"last_days\": N}, {\"between\": [from, to]}, {\"day_of\": {\"which\", \"activity\"}}, "
                        + "{\"day_of_max\" or \"day_of_min\": {\"table\", \"metric\", \"activity\"}}",
                    at: path)
            }
            self = window
        case .object(let object):
            let reader = try ObjectReader(json, at: path)
            let keys = ["last_days", "between", "day_of", "day_of_max", "day_of_min"]
            try reader.rejectUnknownKeys(keys)
            let given = object.members.map(\.key)
            guard given.count == 1, let key = given.first else {
                throw WellnessError.validation("must have exactly one of: \(keys.joined(separator: ", "))", at: path)
            }
            switch key {
            case "last_days": self = .lastDays(try reader.int("last_days", in: 1...DataQuery.maximumDays))
            case "between": self = try Self.between(reader)
            case "day_of": self = try Self.dayOf(reader)
            default: self = try Self.dayOfExtreme(reader, Extreme(rawValue: key) ?? .max)
            }
        default:
            throw WellnessError.validation("expected a window name or object, found \(json.kindDescription)", at: path)
        }
    }

    private static func between(_ reader: ObjectReader) throws -> QueryWindow {
        let path = reader.path(of: "between")
        let dates: [CalendarDate] = try reader.required("between")
        guard dates.count == 2 else {
            throw WellnessError.validation("expected [first day, last day], found \(dates.count) dates", at: path)
        }
        guard dates[0] <= dates[1] else {
            throw WellnessError.validation("the first day \(dates[0]) is after the last day \(dates[1])", at: path)
        }
        guard dates[1].daysSinceEpoch - dates[0].daysSinceEpoch < DataQuery.maximumDays else {
            throw WellnessError.validation("spans more than \(DataQuery.maximumDays) days", at: path)
        }
        return .between(dates[0], dates[1])
    }

    private static func dayOf(_ reader: ObjectReader) throws -> QueryWindow {
        let inner = try ObjectReader(reader.object["day_of"] ?? .null, at: reader.path(of: "day_of"))
        try inner.rejectUnknownKeys(["which", "activity"])
        let which: Which = try inner.required("which")
        let activities = try DataQuery.activities(inner.object["activity"], at: inner.path(of: "activity"))
        return .dayOf(which, activities: activities)
    }

    /// `{"table", "metric", "activity"}`: the activity only for sessions.
    private static func dayOfExtreme(_ reader: ObjectReader, _ extreme: Extreme) throws -> QueryWindow {
        let inner = try ObjectReader(reader.object[extreme.rawValue] ?? .null, at: reader.path(of: extreme.rawValue))
        try inner.rejectUnknownKeys(["table", "metric", "activity"])
        let table: DataQuery.Table = try inner.required("table")
        let metric = try inner.nonEmptyString("metric")
        let activities = try DataQuery.activities(inner.object["activity"], at: inner.path(of: "activity"))
        if activities != nil, table == .daily {
            throw WellnessError.validation(
                "daily rows have no activity; leave activity null", at: inner.path(of: "activity"))
        }
        return .dayOfExtreme(extreme, table: table, metric: metric, activities: activities)
    }

    public var json: JSONValue {
        switch self {
        case .dayOfExtreme(let extreme, let table, let metric, let activities):
            let inner = JSONObject([
                ("table", table.json), ("metric", .string(metric)),
                ("activity", DataQuery.json(activities: activities)),
            ])
            return .object(JSONObject([(extreme.rawValue, .object(inner))]))
        case .lastDays(let count):
            return .object(JSONObject([("last_days", .int(count))]))
        case .between(let from, let to):
            return .object(JSONObject([("between", .array([from.json, to.json]))]))
        case .dayOf(let which, let activities):
            let inner = JSONObject([("which", which.json), ("activity", DataQuery.json(activities: activities))])
            return .object(JSONObject([("day_of", .object(inner))]))
        default:
            return .string(Self.names.first { $0.value == self }?.key ?? "all")
        }
    }
}
