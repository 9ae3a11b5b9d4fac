/// A query checked against the tables and compiled to column reads: which
/// rows pass, and how they reduce.
struct QueryPlan {
    let table: TableView
    let query: DataQuery
    /// The reduced metric's column, when the query names one.
    let values: [Double]?
    private let activityPhrases: [[ActivityName]]?
    private let conditions: [CompiledCondition]
    /// The local days on which the other table meets `on_days_where`; nil without such conditions.
    private let allowedDays: Set<Int>?

    /// - Throws: a validation error naming the field the tables cannot answer.
    init(_ query: DataQuery, table: TableView, other: TableView) throws {
        self.table = table
        self.query = query
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
                    + Self.list(table.knownMetrics), at: root.appending("metric"))
        }
        values = try query.metric.map { try Self.column($0, of: table, other: other, at: root.appending("metric")) }
        if let activities = query.activities {
            guard table.table == .sessions else {
                throw WellnessError.validation(
                    "daily rows have no activity; for days with a session, use on_days_where "
                        + "[{\"metric\": \"activity\", \"op\": \"==\", \"value\": \"run\"}]",
                    at: root.appending("activity"))
            }
            activityPhrases = Self.phrases(of: activities)
        } else {
            activityPhrases = nil
        }
        conditions = try query.conditions.enumerated().map { index, condition in
            try CompiledCondition(
                condition, table: table, other: other, at: root.appending("where").appending(index: index))
        }
        let dayConditions = try query.dayConditions.enumerated().map { index, condition in
            try CompiledCondition(
                condition, table: other, other: table, at: root.appending("on_days_where").appending(index: index))
        }
        allowedDays =
            dayConditions.isEmpty
            ? nil
            : Set(
                other.days.indices.lazy.filter { row in dayConditions.allSatisfy { $0.holds(row) } }.map {
                    other.days[$0]
                })
    }

    /// The rows, in time order, on the days of `window` (every day when nil) that pass every filter.
    func rows(in window: ClosedRange<Int>?) -> [Int] {
        table.days.indices.filter { row in
            if let window, !window.contains(table.days[row]) { return false }
            if let activityPhrases,
                !activityPhrases.contains(where: { Self.matches(table.activityNames[row], $0) })
            {
                return false
            }
            if let allowedDays, !allowedDays.contains(table.days[row]) { return false }
            return conditions.allSatisfy { $0.holds(row) }
        }
    }

    // MARK: Activities and columns

    static func phrases(of names: [String]) -> [[ActivityName]] {
        names.map { ActivityName($0).phrases }
    }

    static func matches(_ name: ActivityName, _ phrases: [ActivityName]) -> Bool {
        phrases.contains { name.contains($0) }
    }

    static func matches(_ name: ActivityName, _ any: [[ActivityName]]) -> Bool {
        any.contains { matches(name, $0) }
    }

    /// The column `metric` of `table`.
    /// - Throws: a validation error naming the closest column, and the other table when it has the metric.
    static func column(_ metric: String, of table: TableView, other: TableView, at path: FieldPath) throws -> [Double] {
        if let values = table.metrics.values(of: metric) { return values }
        if table.standardMetrics.contains(metric) { return Array(repeating: .nan, count: table.days.count) }
        var message = "the \(table.table.rawValue) table has no metric \"\(metric.echo)\""
        if other.metrics.contains(metric) || other.standardMetrics.contains(metric) {
            message += " (the \(other.table.rawValue) table has it)"
        } else if let suggestion = ObjectReader.closest(to: metric, in: table.knownMetrics) {
            message += " (did you mean \"\(suggestion)\"?)"
        }
        throw WellnessError.validation(message + "; its metrics: " + list(table.knownMetrics), at: path)
    }

    static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}

/// One condition bound to its column.
struct CompiledCondition {
    private enum Test {
        case number([Double], QueryCondition.Operator, Double)
        case activity([ActivityName], [ActivityName], matches: Bool)
    }

    private let test: Test

    init(_ condition: QueryCondition, table: TableView, other: TableView, at path: FieldPath) throws {
        switch condition.value {
        case .activity(let name):
            guard table.table == .sessions else {
                throw WellnessError.validation(
                    "daily rows have no activity; activity conditions apply to sessions", at: path.appending("metric"))
            }
            test = .activity(table.activityNames, ActivityName(name).phrases, matches: condition.op == .equal)
        case .number(let value):
            let column = try QueryPlan.column(condition.metric, of: table, other: other, at: path.appending("metric"))
            test = .number(column, condition.op, value)
        }
    }

    @inline(__always)
    func holds(_ row: Int) -> Bool {
        switch test {
        case .number(let column, let op, let value): return op.holds(column[row], value)
        case .activity(let names, let phrases, let matches): return QueryPlan.matches(names[row], phrases) == matches
        }
    }
}
