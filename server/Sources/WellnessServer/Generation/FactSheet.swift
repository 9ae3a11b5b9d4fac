import WellnessKitCore

/// The facts a model may cite for one user: aggregates of their check-ins,
/// their check-in streak, a goal's progress, an insight's metrics, a data
/// query's answer; never raw rows, never who the user is. A model writes no
/// number: it cites facts by name (`{{avg_steps_last_7}}`) and the server
/// writes their values (``ReferencedText``, ``FactRenderer``).
///
/// Each fact has a role: a measurement (what the user's data says), or a
/// parameter of a data query (its threshold, window or count), which a text
/// may cite only as what it is ("more than 10,000 steps"), beside a
/// measurement of the same query.
public struct FactSheet: Sendable, Equatable {
    public private(set) var facts: [GroundingFact] = []
    /// The parameters among the facts, by name; every other fact is a measurement.
    public private(set) var parameters: [String: Parameter] = [:]

    /// What a fact is to a text that cites it.
    public enum Role: String, Sendable {
        case measurement
        case parameter
    }

    /// A number the model chose when it wrote a data query: never a measured amount.
    public struct Parameter: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// A condition's threshold, with its comparison.
            case condition(QueryCondition.Operator)
            /// The window's `last_days`.
            case lastDays
            /// `take`'s count, from the first or the last row.
            case take(first: Bool)
        }

        public var kind: Kind
        /// The query's prefix ("query_1"): a sentence citing the parameter cites a measurement under it too.
        public var query: String
    }

    /// The fact called `name`.
    public func fact(named name: String) -> GroundingFact? {
        facts.first { $0.name == name }
    }

    public func role(of name: String) -> Role {
        parameters[name] == nil ? .measurement : .parameter
    }

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
        guard let value, value.isFinite, fact(named: name) == nil else { return }
        facts.append(GroundingFact(name: name, value: .number((value * 100).rounded() / 100), unit: unit))
    }

    /// A date fact.
    public mutating func add(_ name: String, date: CalendarDate?) {
        guard let date, fact(named: name) == nil else { return }
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
    /// last day (measurements), and the numbers of the query itself (a
    /// condition's threshold in its metric's unit from `units`, `last_days`,
    /// `take`: parameters), which a sentence restates.
    public mutating func addQuery(_ result: QueryResult, prefix: String, units: [String: String] = [:]) {
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
        for (index, condition) in (query.conditions + query.dayConditions + query.sameDayConditions).enumerated() {
            if case .number(let threshold) = condition.value {
                add(
                    "\(prefix)_condition_\(index + 1)", threshold, unit: units[condition.metric],
                    parameter: Parameter(kind: .condition(condition.op), query: prefix))
            }
        }
        if case .lastDays(let days) = query.window {
            add("\(prefix)_last_days", Double(days), unit: "days", parameter: Parameter(kind: .lastDays, query: prefix))
        }
        switch query.take {
        case .first(let count)?:
            add(
                "\(prefix)_take", Double(count), unit: nil,
                parameter: Parameter(kind: .take(first: true), query: prefix))
        case .last(let count)?:
            add(
                "\(prefix)_take", Double(count), unit: nil,
                parameter: Parameter(kind: .take(first: false), query: prefix))
        case nil: break
        }
    }

    /// A query's parameter: a fact that is not a measurement.
    mutating func add(_ name: String, _ value: Double, unit: String?, parameter: Parameter) {
        guard value.isFinite, fact(named: name) == nil else { return }
        add(name, value, unit: unit)
        parameters[name] = parameter
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

    /// The facts as the model reads them: `[{"name", "value" | "date", "unit"?, "role", "written_as"}]`,
    /// `written_as` being what `{{name}}` becomes in the text.
    public var json: JSONValue {
        .array(
            facts.map { fact in
                var object = JSONObject([("name", .string(fact.name))])
                switch fact.value {
                case .number(let number): object.append("value", .double(number))
                case .date(let date): object.append("date", .string(date.description))
                }
                if let unit = fact.unit { object.append("unit", .string(unit)) }
                object.append("role", .string(role(of: fact.name).rawValue))
                object.append("written_as", .string(FactRenderer.text(of: fact, parameter: parameters[fact.name])))
                return .object(object)
            })
    }

    /// The facts under `prefix` ("query_1_"), as a tool result lists them: name to `{"role", "written_as"}`.
    public func json(prefix: String) -> JSONValue {
        .object(
            JSONObject(
                facts.filter { $0.name.hasPrefix(prefix) }.map { fact in
                    (
                        fact.name,
                        .object(
                            JSONObject([
                                ("role", .string(role(of: fact.name).rawValue)),
                                (
                                    "written_as",
                                    .string(FactRenderer.text(of: fact, parameter: parameters[fact.name]))
                                ),
                            ]))
                    )
                }))
    }
}
