extension QueryTables {
    /// Answers a question in words when ``QuestionReader`` understands it whole.
    /// - Parameters:
    ///   - question: the person's words.
    ///   - anchor: the day "today" means; today in ``timeZone`` when nil.
    /// - Returns: the answer, or nil when the question is not understood (never a guessed number).
    /// - Throws: a validation error when the question reads as a query these tables cannot run.
    public func answer(_ question: String, anchor: CalendarDate? = nil) throws -> QuestionAnswer? {
        let day = anchor ?? LocalCalendar.calendarDate(of: today())
        guard let reading = QuestionReader.read(question, anchor: day), holds(reading.query), canSay(reading) else {
            return nil
        }
        return try answer(reading)
    }

    /// Whether the tables have every metric a reading names: a daily summary's
    /// scores and shares ("sleep score", "deep sleep percent") are columns only some
    /// tables have, and a question about one these tables lack is declined, not an error.
    func holds(_ query: DataQuery) -> Bool {
        let (asked, other) = query.table == .daily ? (views.daily, views.sessions) : (views.sessions, views.daily)
        func has(_ metric: String, in view: TableView) -> Bool {
            metric == QueryCondition.activityMetric || view.metrics.contains(metric)
                || view.standardMetrics.contains(metric)
        }
        return (query.metric.map { has($0, in: asked) } ?? true)
            && query.conditions.allSatisfy { has($0.metric, in: asked) }
            && query.dayConditions.allSatisfy { has($0.metric, in: other) }
    }

    /// Whether the tables' units let the answer be said: miles and a pace need the distance's unit, a
    /// pace durations in minutes.
    func canSay(_ reading: QuestionReader.Reading) -> Bool {
        if reading.asked == .miles, QuestionAnswer.metresPerUnit[units["distance"]?.lowercased() ?? ""] == nil {
            return false
        }
        return canCombine(reading.combination)
    }

    /// Answers a question already read.
    /// - Parameter reading: what ``QuestionReader`` read.
    /// - Returns: the answer in words.
    /// - Throws: a validation error when these tables cannot run the reading's query.
    public func answer(_ reading: QuestionReader.Reading) throws -> QuestionAnswer {
        guard canSay(reading) else {
            throw WellnessError(
                kind: .validation, message: "the distance or duration has no unit this answer can be said in")
        }
        if let combination = reading.combination { return try combinedAnswer(reading, combination) }
        let result = try evaluate(reading.query)
        var context = result.rows == 0 ? try emptyContext(reading.query) : QuestionAnswer.Context()
        if result.rows > 0, reading.query.reducer == .sum, result.value == .number(0) {
            var present = reading.query
            present.reducer = .count
            if case .number(let count) = try evaluate(present).value { context.present = Int(exactly: count) }
        }
        return QuestionAnswer(reading: reading, result: result, units: units, context: context)
    }

    /// For an answer over no rows: the rows the window held before the conditions,
    /// and the days the metric (or the activity) was recorded at all.
    private func emptyContext(_ query: DataQuery) throws -> QuestionAnswer.Context {
        var context = QuestionAnswer.Context()
        var open = query
        open.conditions = []
        open.dayConditions = []
        open.take = nil
        open.metric = nil
        open.reducer = .count
        if !query.conditions.isEmpty || !query.dayConditions.isEmpty {
            context.unconditioned = try evaluate(open).rows
        }
        open.window = .all
        open.metric = query.reducer.readsActivities ? nil : query.metric
        open.reducer = .firstDate
        if case .date(let first) = try evaluate(open).value { context.dataFrom = first }
        open.reducer = .lastDate
        if case .date(let last) = try evaluate(open).value { context.dataTo = last }
        return context
    }
}
