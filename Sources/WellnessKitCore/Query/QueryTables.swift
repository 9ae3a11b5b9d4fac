/// One person's daily metrics and sessions, read once and then asked many
/// queries (immutable, so threads may query it at once).
public struct QueryTables: Sendable {
    public let daily: DailyTable
    public let sessions: SessionTable
    /// The zone of sessions' local days and of the default anchor.
    public let timeZone: TimeZoneRules
    /// 1 = Sunday … 7 = Saturday, for `this_week` and `last_week`.
    public let firstWeekday: Int
    /// Declared units by column name, carried into results.
    public let units: [String: String]
    /// The tables as queries read them.
    let views: (daily: TableView, sessions: TableView)

    /// Every key of a tables document.
    public static let keys = ["daily", "sessions"] + optionKeys
    /// The keys of a tables document other than the tables.
    static let optionKeys = ["time_zone", "first_weekday", "units"]

    /// `{"daily": rows or columns, "sessions": rows or columns, "time_zone":
    /// IANA name (default UTC), "first_weekday", "units": {"column": "unit"}}`;
    /// each table may be left out (no rows).
    /// - Throws: a validation error naming the field.
    public init(json: JSONValue) throws {
        try self.init(json: json, known: Self.keys) { reader, timeZone in
            let daily = reader.object["daily"].flatMap { $0 == .null ? nil : $0 }
            let sessions = reader.object["sessions"].flatMap { $0 == .null ? nil : $0 }
            return (
                try daily.map { try DailyTable(json: $0, at: reader.path(of: "daily")) } ?? .empty,
                try sessions.map { try SessionTable(json: $0, at: reader.path(of: "sessions"), timeZone: timeZone) }
                    ?? .empty
            )
        }
    }

    /// Reads a tables document (as ``init(json:)``) from its bytes, in one
    /// pass straight into the tables' columns (``QueryTablesReader``): the
    /// peak memory is the tables and a fraction of the bytes, not a tree of
    /// several times them. What that pass does not take (every error, and
    /// rare valid shapes) the tree reads, naming the problem as before.
    /// - Throws: `invalidArgument` past ``JSONParser/maximumInputBytes``,
    ///   `invalidJSON` for malformed JSON, or a validation error naming the field.
    public init(json bytes: UnsafeRawBufferPointer) throws {
        try JSONParser.checkSize(of: bytes)
        if let tables = try? QueryTablesReader.read(bytes) {
            self = tables
            return
        }
        self = try QueryTables(json: JSONParser.parse(bytes, expecting: .object))
    }

    /// Tables read elsewhere (from Arrow) with an options document of `time_zone`, `first_weekday` and `units`.
    /// - Parameters:
    ///   - options: the options document.
    ///   - tables: makes the tables in the options' time zone.
    /// - Throws: a validation error naming the field.
    package init(
        options: JSONValue, tables: (TimeZoneRules) throws -> (DailyTable, SessionTable)
    ) throws {
        try self.init(json: options, known: Self.optionKeys) { try tables($1) }
    }

    private init(
        json: JSONValue, known: [String], tables: (ObjectReader, TimeZoneRules) throws -> (DailyTable, SessionTable)
    ) throws {
        let reader = try ObjectReader(json, at: .root)
        try reader.rejectUnknownKeys(known)
        let timeZone = try TimeZoneRules.named(by: "time_zone", in: reader)
        self.timeZone = timeZone
        firstWeekday = try SeriesOptions.weekday(reader)
        units = try Self.units(reader)
        (daily, sessions) = try tables(reader, timeZone)
        views = Self.views(daily, sessions)
    }

    private static func units(_ reader: ObjectReader) throws -> [String: String] {
        guard let json = reader.object["units"], json != .null else { return [:] }
        let units = try ObjectReader(json, at: reader.path(of: "units"))
        var declared: [String: String] = [:]
        for member in units.object.members {
            let path = units.path(of: member.key.echo)
            try MetricColumns.checkName(member.key, reserved: [], at: path)
            let unit = try String(json: member.value, at: path)
            guard !unit.isEmpty, unit.utf8.count <= 32 else {
                throw WellnessError.validation("a unit must be 1 to 32 bytes long", at: path)
            }
            declared[member.key] = unit
        }
        return declared
    }

    /// What the tables hold: for each, its rows, metrics and first and last day.
    public var summary: JSONValue {
        func span(_ days: [Int]) -> JSONValue {
            guard let first = days.min(), let last = days.max() else { return .null }
            return .array([LocalCalendar.calendarDate(of: first).json, LocalCalendar.calendarDate(of: last).json])
        }
        func names(_ names: [String]) -> JSONValue { .array(names.map(JSONValue.string)) }
        return .object(
            JSONObject([
                ("time_zone", .string(timeZone.identifier)),
                (
                    "daily",
                    .object(
                        JSONObject([
                            ("rows", .int(daily.rowCount)), ("metrics", names(daily.metricNames)),
                            ("days", span(daily.days)),
                        ]))
                ),
                (
                    "sessions",
                    .object(
                        JSONObject([
                            ("rows", .int(sessions.rowCount)), ("metrics", names(sessions.metricNames)),
                            ("activities", names(Self.distinct(sessions.activities))), ("days", span(sessions.days)),
                        ]))
                ),
                ("units", .object(JSONObject(units.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))),
            ]))
    }

    /// `names` without repeats, in order of first appearance.
    static func distinct(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
