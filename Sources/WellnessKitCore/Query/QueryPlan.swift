/// A query checked against the tables and compiled to column reads: which
/// rows pass, and how they reduce.
struct QueryPlan {
    let table: TableView
    let query: DataQuery
    /// The reduced metric's column, when the query names one.
    let values: [Double]?
    /// Whether each distinct activity name matches the query's `activity`; nil for every session.
    private let wantedActivities: [Bool]?
    private let conditions: [CompiledCondition]
    /// `on_days_where`, bound to the other table's columns.
    private let dayConditions: [CompiledCondition]
    /// `same_day_where`, bound to this table's columns.
    private let sameDayConditions: [CompiledCondition]
    /// Whether each weekday (index 1 = Sunday … 7 = Saturday) is kept; nil for every day.
    private let keptWeekdays: [Bool]?
    private let other: TableView

    /// - Throws: a validation error naming the field the tables cannot answer.
    init(_ query: DataQuery, table: TableView, other: TableView) throws {
        self.table = table
        self.query = query
        self.other = other
        let root = FieldPath.root
        if query.reducer.readsActivities {
            guard table.table == .sessions else {
                throw WellnessError.validation(
                    "\"\(query.reducer.rawValue)\" names activities, which only the sessions table has",
                    at: root.appending("reduce"))
            }
            if query.metric != nil {
                throw WellnessError.validation(
                    "\"\(query.reducer.rawValue)\" counts sessions, not a metric; leave metric null",
                    at: root.appending("metric"))
            }
        }
        if query.reducer.needsMetric && query.metric == nil {
            throw WellnessError.validation(
                "\"\(query.reducer.rawValue)\" needs a metric; the \(table.table.rawValue) table has: "
                    + Self.list(table.metrics.names), at: root.appending("metric"))
        }
        values = try query.metric.map { try Self.column($0, of: table, other: other, at: root.appending("metric")) }
        if let activities = query.activities {
            guard table.table == .sessions else {
                throw WellnessError.validation(
                    "daily rows have no activity; for days with a session, use on_days_where "
                        + "[{\"metric\": \"activity\", \"op\": \"==\", \"value\": \"run\"}]",
                    at: root.appending("activity"))
            }
            wantedActivities = Self.matchingCodes(
                activities, in: table.distinctActivities, exact: query.activityMatch == .exact)
        } else {
            wantedActivities = nil
        }
        let exact = query.activityMatch == .exact
        conditions = try query.conditions.enumerated().map { index, condition in
            try CompiledCondition(
                condition, table: table, other: other, exact: exact,
                at: root.appending("where").appending(index: index))
        }
        dayConditions = try query.dayConditions.enumerated().map { index, condition in
            try CompiledCondition(
                condition, table: other, other: table, exact: exact,
                at: root.appending("on_days_where").appending(index: index))
        }
        sameDayConditions = try query.sameDayConditions.enumerated().map { index, condition in
            try CompiledCondition(
                condition, table: table, other: other, exact: exact,
                at: root.appending("same_day_where").appending(index: index))
        }
        keptWeekdays = query.weekdays.map { days in
            (0...7).map { number in days.contains { $0.number == number } }
        }
    }

    /// The rows, in time order, on the days of `window` (every day when nil) that pass every filter.
    func rows(in window: ClosedRange<Int>?) -> [Int] {
        // Only the window's days of the other table matter: a short window reads a few of its rows, not all.
        let allowedDays = dayConditions.isEmpty ? nil : Self.days(of: other, meeting: dayConditions, in: window)
        let sameDays =
            sameDayConditions.isEmpty ? nil : Self.days(of: table, meeting: sameDayConditions, in: window)
        var rows: [Int] = []
        for row in Self.candidates(of: table, in: window) {
            let day = table.days[row]
            if let window, !window.contains(day) { continue }
            if let keptWeekdays, !keptWeekdays[LocalCalendar.weekday(of: day)] { continue }
            if let wantedActivities, !wantedActivities[table.activityCodes[row]] { continue }
            if let allowedDays, !allowedDays.contains(day) { continue }
            if let sameDays, !sameDays.contains(day) { continue }
            rows.append(row)
        }
        // A condition at a time over its column: a tight loop each, no per-row dispatch.
        for condition in conditions { condition.keep(&rows) }
        return rows
    }

    /// The days of `window` (every day when nil) on which a row of `table` meets every condition.
    private static func days(
        of table: TableView, meeting conditions: [CompiledCondition], in window: ClosedRange<Int>?
    ) -> DaySet {
        var rows = Array(candidates(of: table, in: window))
        if let window { rows.removeAll { !window.contains(table.days[$0]) } }
        for condition in conditions { condition.keep(&rows) }
        return DaySet(rows.lazy.map { table.days[$0] })
    }

    /// The rows that may fall in `window`: daily rows are sorted by day, so a
    /// binary search bounds them; sessions' days may step back across a zone's change.
    private static func candidates(of table: TableView, in window: ClosedRange<Int>?) -> Range<Int> {
        guard let window, table.table == .daily else { return table.days.indices }
        return Self.firstIndex(
            in: table.days, atLeast: window.lowerBound)..<Self.firstIndex(
                in: table.days, atLeast: window.upperBound &+ 1)
    }

    private static func firstIndex(in days: [Int], atLeast day: Int) -> Int {
        var low = 0
        var high = days.count
        while low < high {
            let middle = low + (high - low) / 2
            if days[middle] < day { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: Activities and columns

    /// For each distinct recorded name, whether it matches any of `names` (docs/QUERY.md's rule):
    /// by whole words and synonyms, or, `exact`, by the same words only.
    static func matchingCodes(_ names: [String], in distinct: [ActivityName], exact: Bool = false) -> [Bool] {
        if exact {
            let asked = Set(names.map(ActivityName.init))
            return distinct.map(asked.contains)
        }
        let phrases = names.flatMap { ActivityName($0).phrases }
        return distinct.map { name in phrases.contains { name.contains($0) } }
    }

    /// The column `metric` of `table`.
    /// - Throws: a validation error naming the closest column, and the other table when it has the metric.
    ///   Suggestions and the list are the table's own columns only: a standard
    ///   metric it never recorded would send a model to a query answering null.
    static func column(_ metric: String, of table: TableView, other: TableView, at path: FieldPath) throws -> [Double] {
        if let values = table.metrics.values(of: metric) { return values }
        if table.standardMetrics.contains(metric) { return Array(repeating: .nan, count: table.days.count) }
        var message = "the \(table.table.rawValue) table has no metric \"\(metric.echo)\""
        if other.metrics.contains(metric) || other.standardMetrics.contains(metric) {
            message += " (the \(other.table.rawValue) table has it)"
        } else if let suggestion = suggestion(for: metric, in: table.metrics.names) {
            message += " (did you mean \(suggestion)?)"
        }
        throw WellnessError.validation(message + "; its metrics: " + list(table.metrics.names), at: path)
    }

    /// The columns a mistyped metric may have meant: the one a few edits
    /// away ("stpes"), or those whose words hold it ("sleep": "sleep_minutes").
    static func suggestion(for metric: String, in columns: [String]) -> String? {
        if let closest = ObjectReader.closest(to: metric, in: columns) { return "\"\(closest)\"" }
        let words = metric.lowercased().split(separator: "_")
        let holding = columns.filter { column in
            let columnWords = column.split(separator: "_")
            return !words.isEmpty && words.allSatisfy(columnWords.contains)
        }
        guard !holding.isEmpty else { return nil }
        return holding.prefix(3).map { "\"\($0)\"" }.joined(separator: " or ")
    }

    static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
