/// Sessions (workouts): start and end instants, an activity name and any
/// named numeric fields, sorted by start; a session's day is the local date
/// of its start in the tables' time zone.
public struct SessionTable: Sendable {
    /// Start and end, milliseconds since the epoch.
    let starts: [Int64]
    let ends: [Int64]
    /// The local day of each start, days since 1970-01-01.
    let days: [Int]
    let activities: [String]
    /// Each row's index into `distinctActivities`: a query matches the few
    /// distinct names once, then reads one flag per row.
    let activityCodes: [Int]
    let distinctActivities: [ActivityName]
    let inputRows: [Int]
    let metrics: MetricColumns
    /// Whether `duration` is end − start in minutes, the input having no such column.
    let derivedDuration: Bool

    /// The columns that are not metrics.
    static let reserved = ["start", "end", "activity"]
    /// Fields every sessions table answers for, all missing when the input has no such column.
    public static let standardMetrics = [
        "duration", "distance", "calories", "steps", "average_heart_rate", "active_zone_minutes", "elevation_gain",
        "speed",
    ]

    public static let empty = SessionTable(
        starts: [], ends: [], days: [], activities: [], inputRows: [], metrics: MetricColumns(), derivedDuration: false)

    public var rowCount: Int { starts.count }
    public var metricNames: [String] { metrics.names }

    private init(
        starts: [Int64], ends: [Int64], days: [Int], activities: [String], inputRows: [Int], metrics: MetricColumns,
        derivedDuration: Bool
    ) {
        self.starts = starts
        self.ends = ends
        self.days = days
        self.activities = activities
        var codeOfName: [String: Int] = [:]
        var distinct: [ActivityName] = []
        activityCodes = activities.map { name in
            if let code = codeOfName[name] { return code }
            codeOfName[name] = distinct.count
            distinct.append(ActivityName(name))
            return distinct.count - 1
        }
        distinctActivities = distinct
        self.inputRows = inputRows
        self.metrics = metrics
        self.derivedDuration = derivedDuration
    }

    /// Rows (`[{"start", "end", "activity", "<metric>": number | null, …}]`)
    /// or columns of the same names, in any order. `start` and `end` are
    /// RFC 3339 strings or epoch seconds. Without a `duration` column, each
    /// session's duration is end − start in minutes.
    /// - Throws: a validation error naming the row and field.
    init(json: JSONValue, at path: FieldPath, timeZone: TimeZoneRules) throws {
        var starts: [Int64] = []
        var ends: [Int64] = []
        var activities: [String] = []
        var metrics = MetricColumns()
        var rows = false
        switch json {
        case .array(let elements):
            rows = true
            for (row, element) in elements.enumerated() {
                let reader = try ObjectReader(element, at: path.appending(index: row))
                starts.append(try Self.instant(reader.object["start"], at: reader.path(of: "start")))
                ends.append(try Self.instant(reader.object["end"], at: reader.path(of: "end")))
                activities.append(try Self.activity(reader.object["activity"], at: reader.path(of: "activity")))
                try metrics.appendRow(reader, reserved: Self.reserved)
            }
        case .object:
            let columns = try TableColumns(json, at: path)
            starts = try columns.required("start", Self.instant)
            ends = try columns.required("end", Self.instant)
            activities = try columns.required("activity", Self.activity)
            metrics = try MetricColumns(columns, reserved: Self.reserved, at: path)
        default:
            throw WellnessError.validation("expected rows (an array) or columns (an object)", at: path)
        }
        try self.init(
            starts: starts, ends: ends, activities: activities, metrics: metrics, timeZone: timeZone,
            endPath: { Self.endPath(path, rows: rows, $0) })
    }

    /// Columns read from another source (Arrow): start and end in
    /// milliseconds since the epoch, activity names, metric values (NaN for
    /// a missing one).
    /// - Throws: a validation error naming the column and row.
    package init(
        starts: [Int64], ends: [Int64], activities: [String], metrics: [(name: String, values: [Double])],
        at path: FieldPath, timeZone: TimeZoneRules
    ) throws {
        for (name, column) in [("start", starts), ("end", ends)] {
            for (row, instant) in column.enumerated() where !SampleSeries.timestampRange.contains(instant) {
                throw WellnessError.validation(
                    "is outside years 1-9999", at: path.appending(name).appending(index: row))
            }
        }
        for (row, name) in activities.enumerated() {
            _ = try Self.activity(.string(name), at: path.appending("activity").appending(index: row))
        }
        let columns = try MetricColumns(metrics, rowCount: starts.count, reserved: Self.reserved, at: path)
        try self.init(
            starts: starts, ends: ends, activities: activities, metrics: columns, timeZone: timeZone,
            endPath: { path.appending("end").appending(index: $0) })
    }

    /// Sorts the sessions by start and places them on local days; `endPath(row)` names a row's end in errors.
    init(
        starts: [Int64], ends: [Int64], activities: [String], metrics: MetricColumns, timeZone: TimeZoneRules,
        endPath: (Int) -> FieldPath
    ) throws {
        var metrics = metrics
        for row in starts.indices where ends[row] < starts[row] {
            throw WellnessError.validation("is before the session's start", at: endPath(row))
        }
        let derivedDuration = !metrics.contains("duration")
        if derivedDuration {
            metrics.append("duration", values: starts.indices.map { Double(ends[$0] - starts[$0]) / 60_000 })
        }
        let order = starts.indices.sorted { (starts[$0], $0) < (starts[$1], $1) }
        metrics.reorder(order)
        let sortedStarts = order.map { starts[$0] }
        let seconds = sortedStarts.map { $0.floorDivided(by: 1000) }
        let zone = ZoneOffsets(zone: timeZone, covering: (seconds.first ?? 0)...(seconds.last ?? 0))
        self.init(
            starts: sortedStarts, ends: order.map { ends[$0] }, days: seconds.map(zone.localDay(at:)),
            activities: order.map { activities[$0] }, inputRows: order, metrics: metrics,
            derivedDuration: derivedDuration)
    }

    /// An RFC 3339 string or epoch seconds, as milliseconds since the epoch.
    /// Where row `row`'s end sits in a table at `path` sent as rows or as columns.
    static func endPath(_ path: FieldPath, rows: Bool, _ row: Int) -> FieldPath {
        rows ? path.appending(index: row).appending("end") : path.appending("end").appending(index: row)
    }

    static func instant(_ json: JSONValue?, at path: FieldPath) throws -> Int64 {
        switch json {
        case .string?:
            let instant = try Timestamp(json: json ?? .null, at: path)
            return instant.seconds * 1000 + Int64(instant.nanoseconds / 1_000_000)
        case .number?:
            let seconds = try Double(json: json ?? .null, at: path)
            guard let milliseconds = SampleSeries.epochMilliseconds(seconds: seconds) else {
                throw WellnessError.validation("epoch seconds \(seconds) are outside years 1-9999", at: path)
            }
            return milliseconds
        case nil, .null?:
            throw WellnessError.validation("is required", at: path)
        case let other?:
            throw WellnessError.validation(
                "expected an RFC 3339 string or epoch seconds, found \(other.kindDescription)", at: path)
        }
    }

    static func activity(_ json: JSONValue?, at path: FieldPath) throws -> String {
        guard case .string(let name)? = json else {
            throw WellnessError.validation(
                json == nil || json == .null
                    ? "is required" : "expected a string, found \(json?.kindDescription ?? "")",
                at: path)
        }
        guard !name.isEmpty, name.utf8.count <= 200 else {
            throw WellnessError.validation("must be 1 to 200 bytes long", at: path)
        }
        return name
    }
}
