import WellnessKitCore

/// The facts a model may cite for one user: aggregates of their check-ins,
/// their check-in streak, a goal's progress, an insight's metrics; never raw
/// rows, never who the user is. The same facts check the answer
/// (``GroundingCheck``), so every number the model writes must be one of them.
public struct FactSheet: Sendable, Equatable {
    public private(set) var facts: [GroundingFact] = []

    public init() {}

    /// Windows of recent check-ins the aggregates cover.
    static let windows = [7, 30]

    /// The user's aggregates over the last 7 and 30 check-ins, the latest
    /// day's values and the current check-in streak.
    public init(checkIns: [CheckIn]) {
        let sorted = checkIns.sorted { $0.date < $1.date }
        guard let latest = sorted.last else { return }
        add("latest_checkin", date: latest.date)
        add("latest_steps", latest.steps, unit: "steps")
        add("latest_sleep_hours", latest.sleepHours, unit: "hours")
        add("latest_calories", latest.calories, unit: "kcal")
        add("latest_mood", latest.mood, unit: "mood_score")
        add("latest_workouts", latest.workouts, unit: "workouts")
        for days in Self.windows {
            let recent = sorted.suffix(days)
            add("checkins_last_\(days)", Double(recent.count), unit: "checkins")
            add("avg_steps_last_\(days)", GoalAdvisor.average(recent.compactMap(\.steps)), unit: "steps")
            add("avg_sleep_hours_last_\(days)", GoalAdvisor.average(recent.compactMap(\.sleepHours)), unit: "hours")
            add("avg_calories_last_\(days)", GoalAdvisor.average(recent.compactMap(\.calories)), unit: "kcal")
            add("avg_mood_last_\(days)", GoalAdvisor.average(recent.compactMap(\.mood)), unit: "mood_score")
            let workouts = recent.compactMap(\.workouts)
            if !workouts.isEmpty {
                add("workouts_last_\(days)", workouts.reduce(0, +), unit: "workouts")
            }
        }
        add("checkin_streak_days", Double(Self.currentStreak(sorted.map(\.date.daysSinceEpoch))), unit: "days")
    }

    /// A numeric fact, rounded to 2 decimals (nil and non-finite values are left out).
    public mutating func add(_ name: String, _ value: Double?, unit: String?) {
        guard let value, value.isFinite, !facts.contains(where: { $0.name == name }) else { return }
        facts.append(GroundingFact(name: name, value: .number((value * 100).rounded() / 100), unit: unit))
    }

    /// A date fact.
    public mutating func add(_ name: String, date: CalendarDate?) {
        guard let date, !facts.contains(where: { $0.name == name }) else { return }
        facts.append(GroundingFact(name: name, value: .date(date), unit: nil))
    }

    /// A goal's target, current value and progress in percent, under `prefix`.
    public mutating func addGoal(_ goal: Goal, prefix: String = "goal") {
        add("\(prefix)_target", goal.targetValue, unit: goal.targetUnit)
        add("\(prefix)_current", goal.currentValue, unit: goal.targetUnit)
        if let target = goal.targetValue, target > 0 {
            let current = goal.currentValue ?? 0
            add(
                "\(prefix)_progress_percent",
                Double(GoalProgress.percent(of: min(current / target, GoalProgress.maximum))),
                unit: "percent")
        }
    }

    /// An insight's metrics and period, under `prefix`.
    public mutating func addDataContext(_ context: DataContext?, prefix: String) {
        if let metrics = context?.metrics {
            add("\(prefix)_steps", metrics.steps.map(Double.init), unit: "steps")
            add("\(prefix)_sleep_hours", metrics.sleepHours, unit: "hours")
            add("\(prefix)_calories", metrics.calories, unit: "kcal")
            add("\(prefix)_mood", metrics.moodScore, unit: "mood_score")
            add("\(prefix)_workouts", metrics.workouts.map(Double.init), unit: "workouts")
        }
        if let range = context?.dateRange {
            add("\(prefix)_period_start", date: Self.date(range.startDate))
            add("\(prefix)_period_end", date: Self.date(range.endDate))
        }
    }

    /// The numbers the rules wrote in `text` (grounded by construction: the
    /// rules compute them from the user's data), under `prefix`, so that a
    /// model rewriting that text may keep them.
    public mutating func addNumbers(of text: String, prefix: String) {
        let mentions = GroundingCheck(text: text, facts: []).results.map(\.mention)
        for (index, mention) in mentions.enumerated() where mention.kind == .number || mention.kind == .percent {
            add("\(prefix)_\(index + 1)", mention.value, unit: mention.kind == .percent ? "percent" : nil)
        }
    }

    /// A query's answer under `prefix`: its value, rows, days and first and
    /// last day, and the numbers of the query itself (a condition's
    /// threshold, `last_days`, `take`), which a sentence restates.
    public mutating func addQuery(_ result: QueryResult, prefix: String) {
        switch result.value {
        case .number(let number): add("\(prefix)_value", number, unit: result.unit)
        case .date(let date): add("\(prefix)_value", date: date)
        case .null, .name, .names: break
        }
        add("\(prefix)_rows", Double(result.rows), unit: result.query.table == .sessions ? "sessions" : "days")
        add("\(prefix)_days", Double(result.days), unit: "days")
        add("\(prefix)_from_date", date: result.fromDate)
        add("\(prefix)_to_date", date: result.toDate)
        let query = result.query
        for (index, condition) in (query.conditions + query.dayConditions).enumerated() {
            if case .number(let threshold) = condition.value {
                add("\(prefix)_condition_\(index + 1)", threshold, unit: nil)
            }
        }
        if case .lastDays(let days) = query.window { add("\(prefix)_last_days", Double(days), unit: "days") }
        switch query.take {
        case .first(let count)?, .last(let count)?: add("\(prefix)_take", Double(count), unit: nil)
        case nil: break
        }
    }

    /// Consecutive days up to the last of `days` (sorted ascending).
    static func currentStreak(_ days: [Int]) -> Int {
        var streak = 0
        var expected = days.last
        for day in days.reversed() {
            guard day == expected else { break }
            streak += 1
            expected = day - 1
        }
        return streak
    }

    static func date(_ timestamp: Timestamp?) -> CalendarDate? {
        guard let seconds = timestamp?.seconds else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        guard let day = Int(exactly: days) else { return nil }
        return CalendarDate(daysSinceEpoch: day)
    }

    /// The facts as the model reads them: `[{"name", "value", "unit"} | {"name", "date"}]`.
    public var json: JSONValue {
        .array(
            facts.map { fact in
                var object = JSONObject([("name", .string(fact.name))])
                switch fact.value {
                case .number(let number): object.append("value", .double(number))
                case .date(let date): object.append("date", .string(date.description))
                }
                if let unit = fact.unit { object.append("unit", .string(unit)) }
                return .object(object)
            })
    }
}
