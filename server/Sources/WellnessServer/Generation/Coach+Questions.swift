import WellnessKitCore

extension Coach {
    /// The exact answer to a question about the user's own check-ins ("How
    /// many steps did I take this week?"), read by the library's question
    /// reader (docs/QUERY.md), or nil when the message is not such a question.
    ///
    /// Only the daily table exists here (steps, and sleep from the check-ins'
    /// hours): a question about workouts, or conditioned on them, is left to
    /// the other rules, since an empty sessions table would answer "you didn't
    /// run" to someone who ran without logging it here.
    static func dataAnswer(to message: String, checkIns: [CheckIn], today: CalendarDate) -> String? {
        guard let reading = QuestionReader.read(message, anchor: today), reading.query.table == .daily,
            reading.query.dayConditions.isEmpty, let tables = try? QueryTables(json: dailyTable(checkIns))
        else { return nil }
        return (try? tables.answer(reading))?.text
    }

    /// The check-ins as the query's daily table: steps, and sleep in minutes.
    private static func dailyTable(_ checkIns: [CheckIn]) -> JSONValue {
        var latest: [CalendarDate: CheckIn] = [:]
        for checkIn in checkIns { latest[checkIn.date] = checkIn }
        let days = latest.values.sorted { $0.date < $1.date }
        let columns = JSONObject([
            ("date", .array(days.map(\.date.json))),
            ("steps", .array(days.map { $0.steps.map(JSONValue.double) ?? .null })),
            ("sleep_minutes", .array(days.map { $0.sleepHours.map { .double($0 * 60) } ?? .null })),
        ])
        let units = JSONObject([("steps", .string("steps"))])
        return .object(JSONObject([("daily", .object(columns)), ("units", .object(units))]))
    }
}
