/// Daily metrics: one row per local date, sorted by date, with any named
/// numeric metrics (a missing value is NaN).
public struct DailyTable: Sendable {
    /// Local dates as days since 1970-01-01, ascending and distinct.
    let days: [Int]
    /// The caller's row number of each row.
    let inputRows: [Int]
    let metrics: MetricColumns

    /// The columns that are not metrics.
    static let reserved = ["date"]
    /// Metrics every daily table answers for, all missing when the input has no such column:
    /// a query about sleep to someone who never logged it finds nothing, rather than failing.
    public static let standardMetrics = [
        "steps", "sleep_minutes", "deep_sleep_minutes", "rem_sleep_minutes", "resting_heart_rate",
        "heart_rate_variability", "active_zone_minutes",
    ]

    public static let empty = DailyTable(days: [], inputRows: [], metrics: MetricColumns())

    public var rowCount: Int { days.count }
    public var metricNames: [String] { metrics.names }

    private init(days: [Int], inputRows: [Int], metrics: MetricColumns) {
        self.days = days
        self.inputRows = inputRows
        self.metrics = metrics
    }

    /// Rows (`[{"date": "YYYY-MM-DD", "<metric>": number | null, …}]`) or
    /// columns (`{"date": [...], "<metric>": [...]}`), in any order.
    /// - Throws: a validation error naming the row and field: a bad or
    ///   repeated date, a value that is not a finite number or null, a bad
    ///   metric name, columns of different lengths.
    init(json: JSONValue, at path: FieldPath) throws {
        var dates: [CalendarDate] = []
        var metrics = MetricColumns()
        switch json {
        case .array(let rows):
            for (row, element) in rows.enumerated() {
                let reader = try ObjectReader(element, at: path.appending(index: row))
                dates.append(try reader.required("date"))
                try metrics.appendRow(reader, reserved: Self.reserved)
            }
        case .object:
            let columns = try TableColumns(json, at: path)
            dates = try columns.required("date") { try CalendarDate(json: $0, at: $1) }
            metrics = try MetricColumns(columns, reserved: Self.reserved, at: path)
        default:
            throw WellnessError.validation("expected rows (an array) or columns (an object)", at: path)
        }
        let rows: Bool
        if case .array = json { rows = true } else { rows = false }
        try self.init(dates: dates, metrics: metrics, datePath: { Self.datePath(path, rows: rows, $0) })
    }

    /// Columns read from another source (Arrow): local days since 1970-01-01
    /// and metric values, NaN for a missing one.
    /// - Throws: a validation error naming the column and row.
    package init(days: [Int], metrics: [(name: String, values: [Double])], at path: FieldPath) throws {
        let dates = try days.enumerated().map { row, day in
            guard let date = CalendarDate(daysSinceEpoch: day) else {
                throw WellnessError.validation(
                    "is outside years 1-9999", at: path.appending("date").appending(index: row))
            }
            return date
        }
        let columns = try MetricColumns(metrics, rowCount: days.count, reserved: Self.reserved, at: path)
        try self.init(dates: dates, metrics: columns, datePath: { path.appending("date").appending(index: $0) })
    }

    /// Sorts the rows by date; `datePath(row)` names a row's date in errors.
    init(dates: [CalendarDate], metrics: MetricColumns, datePath: (Int) -> FieldPath) throws {
        var metrics = metrics
        let order = dates.indices.sorted { dates[$0] < dates[$1] }
        for (position, row) in order.enumerated().dropFirst() where dates[row] == dates[order[position - 1]] {
            throw WellnessError.validation(
                "\(dates[row]) is also the date of row \(order[position - 1]); one row per date", at: datePath(row))
        }
        metrics.reorder(order)
        self.init(days: order.map { dates[$0].daysSinceEpoch }, inputRows: order, metrics: metrics)
    }

    /// Where row `row`'s date sits in a table at `path` sent as rows or as columns.
    static func datePath(_ path: FieldPath, rows: Bool, _ row: Int) -> FieldPath {
        rows ? path.appending(index: row).appending("date") : path.appending("date").appending(index: row)
    }
}
