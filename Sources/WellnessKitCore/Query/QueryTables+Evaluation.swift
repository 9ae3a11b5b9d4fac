extension QueryTables {
    /// Runs a query document.
    /// - Parameter json: a query document (docs/QUERY.md).
    /// - Returns: the answer; nothing matching is an answer (rows 0), not an error.
    /// - Throws: a validation error naming the field: the document's own
    ///   errors, a metric the table does not have (with the closest name),
    ///   a reducer without the metric it needs, an option the table lacks.
    public func evaluate(json: JSONValue) throws -> QueryResult {
        try evaluate(try DataQuery(json: json))
    }

    /// Runs a query.
    /// - Parameter query: the query; its anchor defaults to today in ``timeZone``.
    /// - Returns: the answer.
    /// - Throws: a validation error naming the field (see ``evaluate(json:)``).
    public func evaluate(_ query: DataQuery) throws -> QueryResult {
        let table = view(of: query.table)
        let plan = try QueryPlan(query, table: table, other: view(of: query.table.other))
        var query = query
        let anchor = query.anchor?.daysSinceEpoch ?? today()
        query.anchor = LocalCalendar.calendarDate(of: anchor)
        let window = try resolvedWindow(query.window, anchor: anchor, exact: query.activityMatch == .exact)
        var rows = window.map { plan.rows(in: $0) } ?? []
        if let take = query.take {
            switch take {
            case .first(let count): rows = Array(rows.prefix(count))
            case .last(let count): rows = Array(rows.suffix(count))
            }
        }
        var result = try plan.reduce(rows, unit: unit(of: query))
        result.query = query
        if query.take == nil, case .some(.some(let days)) = window {
            result.fromDate = LocalCalendar.calendarDate(of: days.lowerBound)
            result.toDate = LocalCalendar.calendarDate(of: days.upperBound)
        }
        if query.includeRows { result.rowNumbers = rows.map { table.inputRows[$0] } }
        return result
    }

    /// The days to look at: nil inside for every day, nil outside when the
    /// window names a day that does not exist (no session to take the day of).
    private func resolvedWindow(_ window: QueryWindow, anchor: Int, exact: Bool) throws -> ClosedRange<Int>?? {
        if case .dayOfExtreme(let extreme, let table, let metric, let activities) = window {
            return try extremeDay(
                extreme, of: metric, in: view(of: table), activities: activities, anchor: anchor, exact: exact)
        }
        guard case .dayOf(let which, let activities) = window else {
            return .some(window.days(anchor: anchor, firstWeekday: firstWeekday))
        }
        let wanted = activities.map { QueryPlan.matchingCodes($0, in: sessions.distinctActivities, exact: exact) }
        func isCandidate(_ row: Int) -> Bool {
            sessions.days[row] <= anchor && wanted.map { $0[sessions.activityCodes[row]] } ?? true
        }
        let rows = sessions.days.indices
        let row = which == .first ? rows.first(where: isCandidate) : rows.last(where: isCandidate)
        return row.map { .some(sessions.days[$0]...sessions.days[$0]) }
    }

    /// The day of the row with the largest (smallest) present `metric` on or before the anchor day,
    /// the earliest on ties; nil outside when there is none.
    private func extremeDay(
        _ extreme: QueryWindow.Extreme, of metric: String, in table: TableView, activities: [String]?, anchor: Int,
        exact: Bool
    ) throws -> ClosedRange<Int>?? {
        let path = FieldPath.root.appending("window").appending(extreme.rawValue).appending("metric")
        let other = view(of: table.table.other)
        let column = try QueryPlan.column(metric, of: table, other: other, at: path)
        let wanted = activities.map { QueryPlan.matchingCodes($0, in: table.distinctActivities, exact: exact) }
        var best: Int?
        for row in table.days.indices where table.days[row] <= anchor && !column[row].isNaN {
            if let wanted, !wanted[table.activityCodes[row]] { continue }
            guard let current = best else {
                best = row
                continue
            }
            let better = extreme == .max ? column[row] > column[current] : column[row] < column[current]
            // Rows come in time order, but a zone's backward shift may put a later row on an earlier day.
            if better || (column[row] == column[current] && table.days[row] < table.days[current]) { best = row }
        }
        return best.map { .some(table.days[$0]...table.days[$0]) }
    }

    private func unit(of query: DataQuery) -> String? {
        switch query.reducer {
        case .count: return query.table == .daily ? "days" : "sessions"
        case .countActivities: return "activities"
        case .countDays: return "days"
        case .firstDate, .lastDate, .dateOfMax, .dateOfMin, .activities, .mostFrequentActivity: return nil
        default:
            guard let metric = query.metric else { return nil }
            if let unit = units[metric] { return unit }
            return query.table == .sessions && metric == "duration" && sessions.derivedDuration ? "min" : nil
        }
    }

    func view(of table: DataQuery.Table) -> TableView {
        table == .daily ? views.daily : views.sessions
    }

    /// The tables' views, made once.
    static func views(_ daily: DailyTable, _ sessions: SessionTable) -> (daily: TableView, sessions: TableView) {
        (
            TableView(
                table: .daily, days: daily.days, inputRows: daily.inputRows, metrics: daily.metrics,
                standardMetrics: DailyTable.standardMetrics),
            TableView(
                table: .sessions, days: sessions.days, inputRows: sessions.inputRows, metrics: sessions.metrics,
                standardMetrics: SessionTable.standardMetrics, activityCodes: sessions.activityCodes,
                distinctActivities: sessions.distinctActivities, activities: sessions.activities)
        )
    }

    /// Today in the tables' zone, as days since 1970-01-01.
    func today() -> Int {
        let now = Timestamp.now().seconds
        return ZoneOffsets(zone: timeZone, covering: now...now).localDay(at: now)
    }
}
