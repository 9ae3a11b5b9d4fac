/// A question's meanings split at its condition ("on days I slept less than
/// 6 hours"), assembled into a query when every part has one reading.
struct QuestionClauses {
    let main: [QuestionWord]
    let condition: ArraySlice<QuestionWord>

    private var signal: QuestionWord?
    private var reducer: QueryReducer?
    private var metric: (table: DataQuery.Table, name: String)?
    private var asked = AskedUnit.natural
    private var activity: ActivityMention?
    private var window: QueryWindow?
    private var take: DataQuery.Take?
    private var conditions: [QueryCondition] = []
    private var anchor = CalendarDate.epoch
    /// "per day", "a night": an average, unless another reducer is named ("most steps in a day").
    private var perDay = false

    init(main: [QuestionWord], condition: ArraySlice<QuestionWord>) {
        self.main = main
        self.condition = condition
    }

    /// The query, or nil when a part has no reading or two.
    mutating func query(anchor: CalendarDate) -> QuestionReader.Reading? {
        self.anchor = anchor
        guard readMain(), readCondition(), let table = table(), let reducer = finalReducer(table: table) else {
            return nil
        }
        var query = DataQuery(table: table, metric: metric?.name, reducer: reducer)
        if reducer.readsActivities || (!reducer.needsMetric && reducer != .count && metric == nil) {
            query.metric = nil
        }
        if case .named(let name)? = activity { query.activities = [name] }
        guard table == .sessions || activity == nil else { return nil }
        query.window = window ?? .all
        query.anchor = anchor
        query.take = take
        for condition in conditions {
            let onSessions = condition.metric == QueryCondition.activityMetric || isSessionMetric(condition.metric)
            if onSessions == (table == .sessions) {
                query.conditions.append(condition)
            } else {
                query.dayConditions.append(condition)
            }
        }
        return QuestionReader.Reading(query: query, asked: asked, activity: activity?.name)
    }

    // MARK: The main clause

    private mutating func readMain() -> Bool {
        var index = 0
        var words = main
        while index < words.count {
            switch words[index] {
            case .takeLast, .takeFirst:
                guard let used = readLastOrFirst(words, at: index) else { return false }
                index += used
                continue
            case .comparator:
                // "over the past week" compares nothing; "runs over 5 km" is a condition.
                if index + 1 < words.count, case .number = words[index + 1] {
                    guard let used = readComparison(&words, at: index) else { return false }
                    index += used
                    continue
                }
            case .number, .weeks, .condition:
                return false
            case .days, .filler:
                break
            case .window(let named):
                guard window == nil else { return false }
                window = named
            case .thisYear, .lastYear:
                guard window == nil, let named = year(words[index] == .thisYear ? 0 : -1) else { return false }
                window = named
            case .unit(let unit):
                guard asked == .natural || asked == unit else { return false }
                asked = unit
            case .metric(let table, let name, let unit):
                guard metric == nil || (metric?.name == name) else { return false }
                metric = (table, name)
                if unit != .natural { asked = unit }
            case .activity(let name):
                // "strength training sessions": a generic noun after an activity adds nothing.
                let mention = ActivityMention(name)
                if mention == .any, activity != nil { break }
                if case .named? = activity, activity != mention { return false }
                activity = mention
            case .reducer(let named):
                guard reducer == nil || reducer == named else { return false }
                reducer = named
            case .perDay:
                perDay = true
            case .longest(let name):
                guard reducer == nil, metric == nil || metric?.name == name else { return false }
                reducer = .max
                metric = (.sessions, name)
            default:
                guard signal == nil || signal == words[index] else { return false }
                signal = words[index]
            }
            index += 1
        }
        return true
    }

    /// "last 3 days", "past two weeks" (windows); "last three swims", "my last run" (rows).
    private mutating func readLastOrFirst(_ words: [QuestionWord], at index: Int) -> Int? {
        let isLast = words[index] == .takeLast
        var count = 1
        var used = 1
        if index + 1 < words.count, case .number(let number) = words[index + 1] {
            guard number == number.rounded(), number >= 1, number <= 3_660 else { return nil }
            count = Int(number)
            used = 2
        }
        let next = index + used < words.count ? words[index + used] : nil
        switch next {
        case .days?, .weeks?:
            guard isLast, window == nil else { return nil }
            window = .lastDays(next == .weeks ? count * 7 : count)
            return used + 1
        case .activity?:
            guard take == nil else { return nil }
            take = isLast ? .last(count) : .first(count)
            return used
        default:
            return nil
        }
    }

    /// A comparison in the main clause, "more than 5 km": a condition on the
    /// metric just before it or the one its unit names.
    private mutating func readComparison(_ words: inout [QuestionWord], at index: Int) -> Int? {
        var before: (DataQuery.Table, String, AskedUnit)?
        if index > 0, case .metric(let table, let name, let unit) = words[index - 1] {
            before = (table, name, unit)
            if metric?.name == name { metric = nil }
        }
        guard let (condition, used) = comparison(Array(words[index...]), metric: before) else { return nil }
        conditions.append(condition)
        return used
    }

    // MARK: The condition clause

    private mutating func readCondition() -> Bool {
        var pendingMetric: (DataQuery.Table, String, AskedUnit)?
        var pendingActivity: ActivityMention?
        let words = Array(condition)
        var position = 0
        while position < words.count {
            switch words[position] {
            case .metric(let table, let name, let unit):
                pendingMetric = (table, name, unit)
            case .activity(let name):
                pendingActivity = ActivityMention(name)
            case .comparator:
                guard let (made, used) = comparison(Array(words[position...]), metric: pendingMetric) else {
                    return false
                }
                if let activityName = pendingActivity {
                    if isSessionMetric(made.metric) {
                        conditions.append(activityCondition(activityName))
                    } else if activityName != .named("walk") {
                        return false  // "on days I ran more than 10,000 steps": whose steps?
                    }
                    pendingActivity = nil
                }
                conditions.append(made)
                pendingMetric = nil
                position += used
                continue
            case .window(let named):
                guard window == nil else { return false }
                window = named
            case .days, .filler, .condition:
                break
            default:
                return false
            }
            position += 1
        }
        if let activityName = pendingActivity { conditions.append(activityCondition(activityName)) }
        return pendingMetric == nil
    }

    private func activityCondition(_ mention: ActivityMention) -> QueryCondition {
        switch mention {
        case .named(let name):
            return QueryCondition(metric: QueryCondition.activityMetric, op: .equal, value: .activity(name))
        case .any:
            // Any workout: the condition a session's duration (end - start by default) meets.
            return QueryCondition(metric: "duration", op: .greaterOrEqual, value: .number(0))
        }
    }

    /// comparator, number, unit?: the condition and the words it used.
    private func comparison(
        _ words: [QuestionWord], metric given: (DataQuery.Table, String, AskedUnit)?
    ) -> (QueryCondition, Int)? {
        guard words.count >= 2, case .comparator(let op) = words[0], case .number(let number) = words[1] else {
            return nil
        }
        var used = 2
        var unit = given?.2 ?? .natural
        var metric = given.map { ($0.0, $0.1) }
        if words.count > 2 {
            switch words[2] {
            case .unit(let named):
                unit = named
                used = 3
            case .metric(let table, let name, let named):
                guard metric == nil || metric?.1 == name else { return nil }
                metric = (table, name)
                if named != .natural { unit = named }
                used = 3
            default:
                break
            }
        }
        if metric == nil, unit == .kilometres { metric = (.sessions, "distance") }
        guard let (_, name) = metric else { return nil }
        let scale = Self.minuteMetrics.contains(name) ? unit.minutes : 1
        guard unit != .kilometres || name == "distance" else { return nil }
        return (QueryCondition(metric: name, op: op, value: .number(number * scale)), used)
    }

    // MARK: Assembly

    static let minuteMetrics: Set<String> = ["sleep_minutes", "deep_sleep_minutes", "rem_sleep_minutes", "duration"]

    private func isSessionMetric(_ name: String) -> Bool {
        ["distance", "calories", "average_heart_rate", "elevation_gain", "duration"].contains(name)
    }

    /// Metrics that add up over days, whose single number is a total ("step count this week").
    static let cumulativeMetrics: Set<String> = [
        "steps", "active_zone_minutes", "calories", "distance", "duration", "elevation_gain",
    ]

    private mutating func table() -> DataQuery.Table? {
        // "walked 10,000 steps": walking is how the steps were taken, not a session.
        if activity == .named("walk"),
            metric?.name == "steps" || conditions.contains(where: { $0.metric == "steps" })
        {
            activity = nil
        }
        if metric == nil {
            switch signal {
            case .howFar?: metric = (.sessions, "distance")
            case .howLong?: metric = (.sessions, "duration")
            default:
                if asked == .kilometres { metric = (.sessions, "distance") }
                if (asked == .hours || asked == .minutes) && activity != nil { metric = (.sessions, "duration") }
            }
        }
        if let metric, metric.table == .daily, activity != nil {
            // "steps on my runs" are the sessions' steps; other daily metrics have no session.
            guard metric.name == "steps" else { return nil }
            self.metric = (.sessions, "steps")
        }
        if case .activitiesReducer? = signal { return .sessions }
        if activity != nil || take != nil { return .sessions }
        return metric?.table ?? .daily
    }

    private func finalReducer(table: DataQuery.Table) -> QueryReducer? {
        let chosen: QueryReducer?
        if let reducer {
            chosen = reducer
        } else if perDay {
            chosen = .mean
        } else {
            switch signal {
            case .activitiesReducer(let named)?: chosen = named
            case .whenLast?: chosen = .lastDate
            case .whenFirst?: chosen = .firstDate
            case .howManyDays?: chosen = .countDays
            case .howManyTimes?: chosen = .count
            case .howMany?: chosen = metric != nil ? .sum : (table == .sessions ? .count : nil)
            case .howFar?, .howLong?: chosen = .sum
            case nil:
                // A question needs something to ask: "run run run" asks nothing.
                guard metric != nil || window != nil || take != nil else { return nil }
                if let name = metric?.name {
                    chosen = Self.cumulativeMetrics.contains(name) ? .sum : .mean
                } else {
                    chosen = activity != nil ? .countDays : nil
                }
            default: chosen = nil
            }
        }
        guard let chosen else { return nil }
        if chosen.needsMetric && metric == nil { return nil }
        if chosen.readsActivities, case .named? = activity { return nil }
        return chosen
    }

    /// The calendar year of the anchor (0) or the one before (-1).
    private func year(_ offset: Int) -> QueryWindow? {
        let year = anchor.year + offset
        guard let first = CalendarDate(year: year, month: 1, day: 1),
            let last = CalendarDate(year: year, month: 12, day: 31)
        else { return nil }
        return .between(first, last)
    }
}
