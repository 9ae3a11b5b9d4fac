import WellnessKitCore

extension Coach {
    /// What the rules make of a question about the user's own data.
    enum DataReply {
        /// The exact answer, read by the library's question reader (docs/QUERY.md).
        case answered(QuestionAnswer)
        /// A question the reader understood that the data here cannot answer, and why, in a sentence.
        case declined(String)
    }

    /// The exact answer to a question about the user's own check-ins and
    /// workouts ("How many steps did I take this week?"), or why there is
    /// none, or nil when the message is not such a question.
    ///
    /// A question about workouts, or conditioned on them, is answered only
    /// when the user has logged workouts here: an empty sessions table would
    /// answer "you didn't run" to someone whose runs are elsewhere.
    static func dataReply(to message: String, context: Context, today: CalendarDate) -> DataReply? {
        guard let reading = QuestionReader.read(message, anchor: today) else { return nil }
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
        guard let tables = context.queryTables, let answer = try? tables.answer(reading) else {
            return .declined("I can't answer that exactly from the data logged here.")
        }
        return .answered(answer)
    }
}

extension Coach.Context {
    /// The check-ins as the query's daily table (steps, sleep in minutes,
    /// calories, mood, workouts, biological age) and the workouts as its
    /// sessions, with their units; days are UTC days, as check-ins' are.
    static func queryTables(checkIns: [CheckIn], workouts: [WorkoutRecord]) -> QueryTables? {
        var latest: [CalendarDate: CheckIn] = [:]
        for checkIn in checkIns { latest[checkIn.date] = checkIn }
        let days = latest.values.sorted { $0.date < $1.date }
        func column(_ value: (CheckIn) -> Double?) -> JSONValue {
            .array(days.map { value($0).map(JSONValue.double) ?? .null })
        }
        let daily = JSONObject([
            ("date", .array(days.map(\.date.json))),
            ("steps", column(\.steps)),
            ("sleep_minutes", column { $0.sleepHours.map { $0 * 60 } }),
            ("calories", column(\.calories)),
            ("mood", column(\.mood)),
            ("workouts", column(\.workouts)),
            ("biological_age", column(\.biologicalAge)),
        ])
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
        let units = WorkoutRecord.units.merging(
            ["sleep_minutes": "min", "mood": "score", "workouts": "workouts", "biological_age": "years"]
        ) { session, _ in session }
        let tables = JSONObject([
            ("daily", .object(daily)), ("sessions", .array(sessions)), ("time_zone", .string("UTC")),
            ("units", .object(JSONObject(units.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))),
        ])
        return try? QueryTables(json: .object(tables))
    }
}
