import WellnessKitCore

extension Coach {
    /// What the rules make of a question about the user's own data.
    enum DataReply {
        /// The exact answer, read by the library's question reader (docs/QUERY.md).
        case answered(QuestionAnswer)
        /// A question the reader understood that the data here cannot answer, and why, in a sentence.
        case declined(String)
    }

    /// The exact answer to a question about the user's own check-ins, daily
    /// metrics and workouts ("How many steps did I take this week?"), in the
    /// user's calendar, or why there is none, or nil when the message is not
    /// such a question.
    ///
    /// A question about workouts, or conditioned on them, is answered only
    /// when the user has logged workouts here: an empty sessions table would
    /// answer "you didn't run" to someone whose runs are elsewhere.
    static func dataReply(to message: String, context: Context, today: CalendarDate) -> DataReply? {
        // The recorded names: "outdoor runs" reads as exactly "Outdoor Run" when the workouts hold it.
        let recorded = context.workouts.map(\.activity)
        guard let reading = QuestionReader.read(message, anchor: today, activities: recorded) else { return nil }
        let query = reading.query
        // A check-in's calories are what was eaten; the reader's daily calories are a day's burn.
        let dailyConditions = query.table == .daily ? query.conditions : query.dayConditions
        if (query.table == .daily && query.metric == "calories")
            || dailyConditions.contains(where: { $0.metric == "calories" })
        {
            return .declined(
                "Check-ins log the calories you ate, not the calories you burned, so I can't answer that exactly.")
        }
        let usesWorkouts = query.table == .sessions || !query.dayConditions.isEmpty
        if usesWorkouts && context.workouts.isEmpty {
            return .declined("No workouts are logged here yet, so I can't answer that exactly.")
        }
        // A metric these tables lack, or a workout name two activities share: the reader's reason.
        if let reason = context.queryTables?.reasonToDecline(reading) { return .declined(reason) }
        guard let tables = context.queryTables, let answer = try? tables.answer(reading) else {
            return .declined("I can't answer that exactly from the data logged here.")
        }
        return .answered(answer)
    }
}

extension Coach.Context {
    /// The check-ins joined by date with the daily metrics as the query's
    /// daily table (steps, sleep in minutes, calories, mood, workouts,
    /// biological age, then every daily metric; a daily metric of a day
    /// replaces the check-in's value of the same column, as the measured
    /// one), and the workouts as its sessions, with their units; sessions'
    /// days and "today", "this week" are the user's (``UserCalendar``).
    static func queryTables(
        checkIns: [CheckIn], dailyMetrics: [DailyMetrics] = [], workouts: [WorkoutRecord],
        calendar: UserCalendar = .utc
    ) -> QueryTables? {
        var rows: [CalendarDate: [String: Double]] = [:]
        for checkIn in checkIns {
            var row: [String: Double] = [:]
            row["steps"] = checkIn.steps
            row["sleep_minutes"] = checkIn.sleepHours.map { $0 * 60 }
            row["calories"] = checkIn.calories
            row["mood"] = checkIn.mood
            row["workouts"] = checkIn.workouts
            row["biological_age"] = checkIn.biologicalAge
            rows[checkIn.date] = row
        }
        for day in dailyMetrics {
            rows[day.date, default: [:]].merge(day.values) { _, measured in measured }
        }
        let days = rows.keys.sorted()
        let checkInColumns = ["steps", "sleep_minutes", "calories", "mood", "workouts", "biological_age"]
        let metricColumns = Set(dailyMetrics.flatMap(\.values.keys)).subtracting(checkInColumns).sorted()
        var daily = JSONObject([("date", .array(days.map(\.json)))])
        for name in checkInColumns + metricColumns {
            daily.append(name, .array(days.map { day in rows[day]?[name].map(JSONValue.double) ?? .null }))
        }
        let sessions = workouts.map { workout in
            var row = JSONObject([
                ("start", .double(Double(workout.start) / 1000)), ("end", .double(Double(workout.end) / 1000)),
                ("activity", .string(workout.activity)),
            ])
            for (name, value) in workout.fields.sorted(by: { $0.key < $1.key }) where row[name] == nil {
                row.append(name, .double(value))
            }
            return JSONValue.object(row)
        }
        var units = WorkoutRecord.units.merging(
            ["sleep_minutes": "min", "mood": "score", "workouts": "workouts", "biological_age": "years"]
        ) { session, _ in session }
        for name in metricColumns {
            if let metric = DailyMetricVocabulary.metrics[name], units[name] == nil { units[name] = metric.unit }
        }
        let tables = JSONObject([
            ("daily", .object(daily)), ("sessions", .array(sessions)), ("time_zone", .string(calendar.timeZoneName)),
            ("first_weekday", .int(calendar.firstWeekday)),
            ("units", .object(JSONObject(units.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))),
        ])
        return try? QueryTables(json: .object(tables))
    }
}
