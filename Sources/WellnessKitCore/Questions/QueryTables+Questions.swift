extension QueryTables {
    /// Answers a question in words when ``QuestionReader`` understands it whole.
    /// - Parameters:
    ///   - question: the person's words.
    ///   - anchor: the day "today" means; today in ``timeZone`` when nil.
    /// - Returns: the answer, or nil when the question is not understood (never a guessed number).
    /// - Throws: a validation error when the question reads as a query these tables cannot run.
    public func answer(_ question: String, anchor: CalendarDate? = nil) throws -> QuestionAnswer? {
        if case .answered(let answer) = try ask(question, anchor: anchor) { return answer }
        return nil
    }

    /// Answers a question in words, or says why it was declined.
    /// - Parameters:
    ///   - question: the person's words.
    ///   - anchor: the day "today" means; today in ``timeZone`` when nil.
    /// - Returns: the answer, or the reason the question was not understood (never a guessed number).
    /// - Throws: a validation error when the question reads as a query these tables cannot run.
    public func ask(_ question: String, anchor: CalendarDate? = nil) throws -> QuestionAnswer.Asked {
        let day = anchor ?? LocalCalendar.calendarDate(of: today())
        let recorded = QueryTables.distinct(sessions.activities)
        switch QuestionReader.interpret(question, anchor: day, activities: recorded) {
        case .declined(let reason):
            return .declined(reason)
        case .read(let reading):
            if let reason = reasonToDecline(reading) { return .declined(reason) }
            return .answered(try answer(reading))
        }
    }

    /// Why these tables cannot answer a reading whole, in a sentence: a metric they lack, a recorded
    /// name two activities find ("Treadmill Walk"), or a unit the answer cannot be said in; nil when they can.
    /// - Parameter reading: what ``QuestionReader`` read.
    /// - Returns: the reason, or nil.
    public func reasonToDecline(_ reading: QuestionReader.Reading) -> String? {
        if let missing = missingMetric(reading.query) {
            return "Your data has no \(ConditionWords.label(missing)) (column \"\(missing)\")."
        }
        if let (recorded, asked, other) = ambiguousActivity(reading.query) {
            return "Your workout '\(recorded)' reads as both \(asked) and \(other), so I cannot count it as either."
        }
        return unsayable(reading)
    }

    /// The first metric a reading names that its table lacks, or nil: a daily summary's scores and
    /// shares ("sleep score", "deep sleep percent") are columns only some tables have, and a question
    /// about one these tables lack is declined, not an error.
    func missingMetric(_ query: DataQuery) -> String? {
        let (asked, other) = query.table == .daily ? (views.daily, views.sessions) : (views.sessions, views.daily)
        func has(_ metric: String, in view: TableView) -> Bool {
            metric == QueryCondition.activityMetric || view.metrics.contains(metric)
                || view.standardMetrics.contains(metric)
        }
        var named: [(String, TableView)] = query.metric.map { [($0, asked)] } ?? []
        named += (query.conditions + query.sameDayConditions).map { ($0.metric, asked) }
        named += query.dayConditions.map { ($0.metric, other) }
        if case .dayOfExtreme(_, let table, let metric, _) = query.window { named.append((metric, view(of: table))) }
        return named.first { !has($0.0, in: $0.1) }?.0
    }

    /// A recorded name that an asked activity and another of the reader's activities both find by synonyms
    /// ("Treadmill Walk": a run by "treadmill", a walk by "walk"), with the two; nil when there is none.
    /// Counting it as either would be a guess.
    func ambiguousActivity(_ query: DataQuery) -> (String, String, String)? {
        guard query.activityMatch == .synonyms else { return nil }
        var asked = query.activities ?? []
        for condition in query.conditions + query.dayConditions + query.sameDayConditions {
            if case .activity(let name) = condition.value { asked.append(name) }
        }
        switch query.window {
        case .dayOf(_, let names?), .dayOfExtreme(_, _, _, let names?): asked += names
        default: break
        }
        let view = views.sessions
        for name in Set(asked) {
            let matched = QueryPlan.matchingCodes([name], in: view.distinctActivities)
            for other in Self.readerActivities where other != name {
                let also = QueryPlan.matchingCodes([other], in: view.distinctActivities)
                guard let code = view.distinctActivities.indices.first(where: { matched[$0] && also[$0] }),
                    let row = view.activityCodes.firstIndex(of: code)
                else { continue }
                return (view.activities[row], name, other)
            }
        }
        return nil
    }

    /// The activities the reader names by synonyms (docs/QUERY.md).
    static let readerActivities = [
        "run", "bike", "swim", "yoga", "weights", "walk", "hike", "elliptical", "aerobic", "hiit",
    ]

    /// Why the tables' units cannot say a reading's answer, in a sentence: miles and a pace need the
    /// distance's unit, a pace durations in minutes; nil when they can.
    func unsayable(_ reading: QuestionReader.Reading) -> String? {
        if reading.asked == .miles, QuestionAnswer.metresPerUnit[units["distance"]?.lowercased() ?? ""] == nil {
            return "Your data's distance has no unit I can say in miles."
        }
        guard canCombine(reading.combination) else {
            return "A pace needs your data's distance unit and durations in minutes, which it does not declare."
        }
        return nil
    }

    /// Whether the tables' units let the answer be said (``unsayable(_:)``).
    func canSay(_ reading: QuestionReader.Reading) -> Bool {
        unsayable(reading) == nil
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
        open.sameDayConditions = []
        open.weekdays = nil
        open.take = nil
        open.metric = nil
        open.reducer = .count
        let window = try evaluate(open)
        if !query.conditions.isEmpty || !query.dayConditions.isEmpty || !query.sameDayConditions.isEmpty
            || query.weekdays != nil
        {
            context.unconditioned = window.rows
        }
        if query.take != nil, query.window != .all {
            // Without the take, the result says the window's days.
            (context.windowFrom, context.windowTo) = (window.fromDate, window.toDate)
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
