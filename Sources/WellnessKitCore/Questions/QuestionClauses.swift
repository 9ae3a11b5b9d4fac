/// A question's meanings split at its condition ("on days I slept less than
/// 6 hours"), assembled into a query when every part has one reading.
struct QuestionClauses {
    let main: [QuestionWord]
    let condition: ArraySlice<QuestionWord>
    /// Which rows the condition clause is about ("on days …", "with …").
    let scope: ConditionScope

    private var signal: QuestionWord?
    private var reducer: QueryReducer?
    private var metric: (table: DataQuery.Table, name: String)?
    private var asked = AskedUnit.natural
    private var activity: ActivityMention?
    private var window: QueryWindow?
    private var take: DataQuery.Take?
    /// Each condition with the rows it is about.
    private var conditions: [(QueryCondition, ConditionScope)] = []
    /// "longest", "farthest": the superlative's own metric, unless the question names one.
    private var superlative: String?
    /// Whether the question named its metric (not a superlative's or "how long"'s default).
    private var metricNamed = false
    /// "last night", "this morning": today's row, for a night's metrics only.
    private var nightly = false
    /// "walks", "my walk": walking as sessions, not as how a day's steps were taken.
    private var walkSessions = false
    private var anchor = CalendarDate.epoch
    /// "per day", "a night": an average, unless another reducer is named ("most steps in a day").
    private var perDay = false
    /// "variability": a standard deviation, declined for heart rates ("heart rate variability" is HRV).
    private var saidVariability = false
    /// Where the last comparison ended and its metric: a comparison right after it with no metric of
    /// its own compares the same one ("more than 6 hours and less than 8 hours").
    private var compared: (end: Int, metric: String)?
    /// "on weekends", "on Mondays": the days of the week asked about.
    private var weekdays: [QueryWeekday]?
    /// Kinds of workout named that a synonym group would blur ("treadmill"): read as exact names.
    private var exactKeys: Set<String> = []
    /// "what time": only a clock-time metric answers it.
    private var askedTime = false
    /// The recorded activity names, for kinds of workout read as exact names.
    private let recorded: [String]
    /// Why the question was declined, when a rule said so.
    private(set) var failure: String?

    init(
        main: [QuestionWord], condition: ArraySlice<QuestionWord>, scope: ConditionScope, recorded: [String] = []
    ) {
        self.main = main
        self.condition = condition
        self.scope = scope
        self.recorded = recorded
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
        // "steps last night" would be the whole day's steps: only a night's metrics are read.
        guard !nightly || (table == .daily && Self.nightlyMetrics.contains(query.metric ?? "")) else {
            return decline("'last night' reads only a night's metrics (sleep, HRV, resting heart rate)")
        }
        // "what percentage of days …" asks a share no reducer gives; percent fits only a metric kept in percent.
        guard asked != .percent || Self.percentMetrics.contains(query.metric ?? "") else {
            return decline("I cannot give a share of days; I read percent only for a metric kept in percent")
        }
        // "what time" asks a time of day: only bed time and wake time hold one.
        guard !askedTime || Self.clockMetrics.contains(query.metric ?? "") else {
            return decline("I cannot read 'what time' here: the only times of day I know are bed time and wake time")
        }
        query.window = window ?? .all
        query.anchor = anchor
        query.take = take
        query.weekdays = weekdays
        for (condition, scope) in conditions {
            guard let conditionTable = Self.table(of: condition.metric, scope: scope, asked: table) else {
                let label = ConditionWords.label(condition.metric)
                return decline(
                    "'\(label)' after 'when' or 'if' could be the day's or the workout's; say 'on days with'")
            }
            if conditionTable != table {
                query.dayConditions.append(condition)
            } else if scope == .days && table == .sessions {
                // "walks on days I also ran": another session of the same day, not the walk itself.
                // "walks on days I worked out": the walk is a workout too; whether it counts is not said.
                guard condition != activityCondition(.any) else {
                    return decline("'on days I worked out' does not say whether the workouts asked about count")
                }
                query.sameDayConditions.append(condition)
            } else if table == .sessions, case .named(let asked)? = activity,
                case .activity(let named) = condition.value, named != asked
            {
                // "my yoga when I ran": no yoga session is a run; another session of the day is meant, but
                // only "on days" says so. "My heart rate when I ran" names no other session: the runs' own.
                return decline("'when' with another workout could mean that workout's day; say 'on days I …'")
            } else {
                query.conditions.append(condition)
            }
        }
        guard exactKeys.isEmpty || exactNames(&query) else { return nil }
        return QuestionReader.Reading(query: query, asked: asked, activity: activity?.name)
    }

    private mutating func decline<T>(_ reason: String) -> T? {
        if failure == nil { failure = reason }
        return nil
    }

    private mutating func fail(_ reason: String) -> Bool {
        if failure == nil { failure = reason }
        return false
    }

    /// A kind of workout named exactly ("treadmill") as the recorded names that are exactly it, every name of
    /// the query matched exactly; declined when the workouts hold no such name, or when it sits beside a name
    /// that needs its synonyms ("walks on days I ran on the treadmill").
    private mutating func exactNames(_ query: inout DataQuery) -> Bool {
        var held: [String: [String]] = [:]
        for key in exactKeys {
            let names = Set((QuestionVocabulary.exactActivities[key]?.names ?? []).map(ActivityName.init))
            var seen = Set<ActivityName>()
            let found = recorded.filter { names.contains(ActivityName($0)) && seen.insert(ActivityName($0)).inserted }
            guard !found.isEmpty else { return fail("your workouts have no activity recorded as '\(key)'") }
            // "Treadmill Walk" beside "Treadmill Run": which does "treadmill" mean?
            let phrase = ActivityName(key)
            if let other = recorded.first(where: {
                ActivityName($0).contains(phrase) && !names.contains(ActivityName($0))
            }) {
                return fail("your workouts hold '\(found[0])' and '\(other)'; I cannot tell which '\(key)' means")
            }
            held[key] = found
        }
        func resolve(_ names: [String]?) -> [String]?? {
            guard let names else { return .some(nil) }
            var resolved: [String] = []
            for name in names {
                guard let found = held[name] else { return nil }
                resolved += found
            }
            return .some(resolved)
        }
        let mixed = "I cannot read '\(exactKeys.sorted().joined(separator: "', '"))' beside another kind of workout"
        guard case .some(let activities) = resolve(query.activities) else { return fail(mixed) }
        query.activities = activities
        query.activityMatch = .exact
        for list in [\DataQuery.conditions, \DataQuery.dayConditions, \DataQuery.sameDayConditions] {
            for index in query[keyPath: list].indices {
                guard case .activity(let name) = query[keyPath: list][index].value else { continue }
                // One condition names one activity: two recorded names would have to hold at once.
                guard let found = held[name], found.count == 1 else { return fail(mixed) }
                query[keyPath: list][index].value = .activity(found[0])
            }
        }
        switch query.window {
        case .dayOf(let which, let names):
            guard case .some(let resolved) = resolve(names) else { return fail(mixed) }
            query.window = .dayOf(which, activities: resolved)
        case .dayOfExtreme(let extreme, let table, let metric, let names):
            guard case .some(let resolved) = resolve(names) else { return fail(mixed) }
            query.window = .dayOfExtreme(extreme, table: table, metric: metric, activities: resolved)
        default:
            break
        }
        return true
    }

    /// "on weekends", "on Saturdays and Sundays": the days named, Monday first; a day named twice is declined.
    private mutating func add(weekdays named: [QueryWeekday]) -> Bool {
        let current = weekdays ?? []
        guard Set(current).isDisjoint(with: named) else { return fail("a day of the week is named twice") }
        weekdays = (current + named).sorted { ($0.number + 5) % 7 < ($1.number + 5) % 7 }
        return true
    }

    /// An activity named after another: the same one, "workouts" after a kind, or a kind of workout
    /// read exactly after its group ("runs on the treadmill"); nil for two different activities.
    private func merged(_ current: ActivityMention?, _ mention: ActivityMention) -> ActivityMention? {
        guard case .named(let old)? = current, case .named(let new) = mention else {
            return mention == .any && current != nil ? current : mention
        }
        if old == new { return current }
        if QuestionVocabulary.exactActivities[old]?.group == new { return current }
        if QuestionVocabulary.exactActivities[new]?.group == old { return mention }
        return nil
    }

    /// "the day of my longest run by distance": the day of the session with the largest distance. "Longest"
    /// and "shortest" alone are declined: by time, or by distance? The words used, or nil.
    private mutating func readDayOfExtreme(_ words: [QuestionWord], at index: Int) -> Int? {
        guard case .dayOfExtreme(let extreme, var name) = words[index], window == nil, index + 1 < words.count,
            let mention = words[index + 1].activityMention
        else { return decline("I could not read 'the day of my …' without an activity after it") }
        if case .exactActivity(let key) = words[index + 1] { exactKeys.insert(key) }
        var used = 2
        if index + 2 < words.count, case .metric(.sessions, let said, _) = words[index + 2],
            said == "distance" || said == "duration"
        {
            // "by distance", "by time": which the superlative means ("farthest by time" is no reading).
            guard name == "duration" || said == name else { return decline("'farthest' is by distance") }
            name = said
            used = 3
        } else if name == "duration" {
            return decline("'longest' or 'shortest' could be by time or by distance; say 'by distance' or 'by time'")
        }
        window = .dayOfExtreme(extreme, table: .sessions, metric: name, activities: mention.name.map { [$0] })
        return used
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
                    guard let used = readComparison(&words, at: index) else {
                        return fail(
                            "a comparison needs its number with a unit that fits its metric ('more than 6 hours', 'over 5 km')"
                        )
                    }
                    index += used
                    continue
                }
                // A comparison whose number is not read ("less than usual") would drop the condition.
                guard index + 1 < words.count, Self.startsWindow(words[index + 1]) else { return false }
            case .number, .monthName:
                // "on November 15", "15 Nov", "from 1 Nov to 15 Nov": those days.
                guard window == nil, let (named, used) = dateWindow(words, at: index) else {
                    return fail("a number with no comparison before it ('more than 6 hours') is not read")
                }
                window = named
                index += used
                continue
            case .weekday(let weekday):
                // "on Saturday": the last one before today; on a Saturday it could be today or a week ago.
                guard window == nil, let day = lastWeekday(weekday) else {
                    return fail("a weekday alone, asked on that weekday, could mean today or a week ago; say 'today'")
                }
                window = .between(day, day)
            case .between:
                // "between Nov 1 and Nov 7": both days and those between.
                guard window == nil, let (named, used) = dateWindow(words, at: index + 1), used >= 4 else {
                    return fail("'between' needs two dates ('between Nov 1 and Nov 7') or two numbers with a unit")
                }
                window = named
                index += used + 1
                continue
            case .weeks, .months, .fortnight, .condition, .postfixComparator:
                return false
            case .unanswerable:
                return fail("'a Monday' or 'each Monday' is not read; say 'on Mondays'")
            case .whatTime:
                askedTime = true
            case .weekdays(let days):
                // "how many weekends did I run" counts weekends, which no reducer gives.
                if index > 0, [.howMany, .howManyDays, .howManyTimes].contains(words[index - 1]) {
                    return fail("I cannot count weekends or weekdays themselves")
                }
                guard add(weekdays: days) else { return false }
            case .dayOfExtreme:
                guard let used = readDayOfExtreme(words, at: index) else { return false }
                index += used
                continue
            case .clockExtreme(let name, let named):
                guard metric == nil || metric?.name == name, reducer == nil || reducer == named else { return false }
                metric = (.daily, name)
                reducer = named
            case .since, .month:
                guard window == nil, let (named, used) = calendarWindow(words, at: index) else { return false }
                window = named
                index += used
                continue
            case .variability:
                guard reducer == nil || reducer == .std else { return false }
                reducer = .std
                saidVariability = true
            case .days:
                // "Days with at least 12,000 steps": how many.
                if words == [.days] { signal = .howManyDays }
            case .filler:
                break
            case .window(let named):
                guard window == nil else { return fail("the question names two windows of days") }
                window = named
            case .lastNight:
                guard window == nil else { return false }
                window = .today
                nightly = true
            case .thisYear, .lastYear:
                guard window == nil, let named = year(words[index] == .thisYear ? 0 : -1) else { return false }
                window = named
            case .unit(let unit):
                guard asked == .natural || asked == unit else { return false }
                asked = unit
            case .metric(let table, let name, let unit):
                guard metric == nil || (metric?.name == name) else {
                    return fail("the question names two metrics")
                }
                metric = (table, name)
                if unit != .natural { asked = unit }
            case .activity, .walks, .exactActivity:
                // "strength training sessions": a generic noun after an activity adds nothing.
                if words[index] == .walks { walkSessions = true }
                if case .exactActivity(let key) = words[index] { exactKeys.insert(key) }
                guard let mention = words[index].activityMention, let next = merged(activity, mention) else {
                    return fail("the question names two different activities")
                }
                activity = next
            case .reducer(let named):
                guard reducer == nil || reducer == named else {
                    return fail("the question asks for two different statistics")
                }
                reducer = named
            case .perDay:
                perDay = true
            case .longest(let name):
                guard reducer == nil, superlative == nil else { return false }
                reducer = .max
                superlative = name
            case .extreme(let named, let name):
                guard reducer == nil, superlative == nil else { return false }
                reducer = named
                superlative = name
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
        if next == .days, used == 1, index + 2 < words.count, let mention = words[index + 2].activityMention {
            // "the most recent day I ran": the day of that session.
            guard window == nil else { return nil }
            if case .exactActivity(let key) = words[index + 2] { exactKeys.insert(key) }
            window = .dayOf(isLast ? .last : .first, activities: mention.name.map { [$0] })
            return 3
        }
        switch next {
        case .days?, .weeks?, .months?, .fortnight?:
            // "the past 3 months": 30 days a month, as "the past month" is 30 days.
            guard isLast, window == nil else { return nil }
            let perUnit = next == .weeks ? 7 : next == .months ? 30 : next == .fortnight ? 14 : 1
            // Past the longest window a query takes (100 years): no such question is answered.
            guard count * perUnit <= 36_600 else { return nil }
            window = .lastDays(count * perUnit)
            return used + 1
        case .activity?, .walks?, .exactActivity?:
            if index > 0, words[index - 1] == .days {
                // "the day of my last hike": that day's rows, not the hike's; "the days of my last 3 runs" is not read.
                guard used == 1, window == nil, let mention = next?.activityMention else { return nil }
                if case .exactActivity(let key)? = next { exactKeys.insert(key) }
                window = .dayOf(isLast ? .last : .first, activities: mention.name.map { [$0] })
                return used + 1
            }
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
        let rest = Array(words[index...])
        let fallback = compared?.end == index ? compared?.metric : nil
        guard
            let (condition, used) = comparison(
                rest, metric: before, afterActivity: activity != nil, fallback: fallback)
        else {
            return nil
        }
        conditions.append((condition, .rows))
        compared = (index + used, condition.metric)
        return used
    }

    // MARK: The condition clause

    private mutating func readCondition() -> Bool {
        var pendingMetric: (DataQuery.Table, String, AskedUnit)?
        var pendingActivity: ActivityMention?
        /// The activity a comparison already took: one clause holds on one session, so an activity named
        /// after it must be the same one ("on days I ran more than 5 km and swam" has no reading).
        var usedActivity: ActivityMention?
        let words = Array(condition)
        var position = 0
        compared = nil
        while position < words.count {
            switch words[position] {
            case .metric(let table, let name, let unit):
                pendingMetric = (table, name, unit)
            case .activity, .walks, .exactActivity:
                if case .exactActivity(let key) = words[position] { exactKeys.insert(key) }
                // "on days I ran and did yoga": one session is not both, and dropping either is a wrong number.
                guard let mention = words[position].activityMention,
                    let next = merged(pendingActivity ?? usedActivity, mention)
                else { return fail("the condition names two different activities") }
                pendingActivity = next
            case .weekdays(let days):
                guard add(weekdays: days) else { return false }
            case .dayOfExtreme:
                guard let used = readDayOfExtreme(words, at: position) else { return false }
                position += used
                continue
            case .comparator:
                // "on days with under 12,000 steps over the past two weeks": "over" starts the window.
                if position + 1 < words.count, Self.startsWindow(words[position + 1]) { break }
                let rest = Array(words[position...])
                let fallback = compared?.end == position ? compared?.metric : nil
                guard
                    let (made, used) = comparison(
                        rest, metric: pendingMetric, afterActivity: pendingActivity != nil, fallback: fallback)
                else {
                    return fail(
                        "a comparison needs its number with a unit that fits its metric ('more than 6 hours', 'over 5 km')"
                    )
                }
                compared = (position + used, made.metric)
                // "on days with more than 10 km": one workout's distance, or the day's total? Only a workout
                // named ("on days I ran more than 10 km") says whose.
                if scope == .days, Self.sessionOnlyMetrics.contains(made.metric), pendingActivity == nil,
                    usedActivity == nil
                {
                    let label = ConditionWords.label(made.metric)
                    return fail("'on days with' a \(label) could be one workout's or the day's total; name the workout")
                }
                if let activityName = pendingActivity {
                    usedActivity = activityName
                    if Self.sessionOnlyMetrics.contains(made.metric) {
                        conditions.append((activityCondition(activityName), scope))
                    } else if activityName != .named("walk") || made.metric != "steps" {
                        return false  // "on days I ran more than 10,000 steps": whose steps?
                    }
                    pendingActivity = nil
                }
                conditions.append((made, scope))
                pendingMetric = nil
                position += used
                continue
            case .window(let named):
                guard window == nil else { return fail("the question names two windows of days") }
                window = named
            case .thisYear, .lastYear:
                guard window == nil, let named = year(words[position] == .thisYear ? 0 : -1) else { return false }
                window = named
            case .since, .month:
                guard window == nil, let (named, used) = calendarWindow(words, at: position) else { return false }
                window = named
                position += used
                continue
            case .takeLast, .takeFirst:
                // "on days with over 10,000 steps in the past 3 months": a window; the last few
                // sessions of a condition ("on days I ran my last 3 runs") are no condition.
                let taken = take
                guard let used = readLastOrFirst(words, at: position), take == taken else { return false }
                position += used
                continue
            case .days, .filler, .condition:
                break
            default:
                return false
            }
            position += 1
        }
        // "on days I ran": another session that day; "heart rate when I ran": the session itself.
        if let activityName = pendingActivity {
            conditions.append((activityCondition(activityName), scope == .days ? .days : .rows))
        }
        // "Number of days with HRV data": the days the metric was recorded, when nothing else is asked.
        if let (table, name, _) = pendingMetric, conditions.isEmpty, metric == nil, signal == .howManyDays {
            metric = (table, name)
            return true
        }
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

    /// comparator, number, unit?: the condition and the words it used. Right after an
    /// activity, a time with no metric is the session's duration ("runs longer than 30 minutes").
    private func comparison(
        _ words: [QuestionWord], metric given: (DataQuery.Table, String, AskedUnit)?, afterActivity: Bool,
        fallback: String? = nil
    ) -> (QueryCondition, Int)? {
        guard words.count >= 2, case .comparator(let op) = words[0], case .number(let number) = words[1] else {
            return nil
        }
        var used = 2
        var unit = given?.2 ?? .natural
        var metric = given.map { ($0.0, $0.1) }
        if words.count > 2, case .unit(let named) = words[2] {
            unit = named
            used = 3
        }
        // The metric after the number names what is compared: "less than 252 minutes in REM sleep".
        if words.count > used, case .metric(let table, let name, let named) = words[used] {
            guard
                metric == nil || metric?.1 == name || (metric?.1 == "sleep_minutes" && Self.sleepStages.contains(name))
            else { return nil }
            metric = (table, name)
            if named != .natural {
                guard used == 2 || named == unit else { return nil }
                unit = named
            }
            used += 1
        }
        // "deep sleep over 20 percent": the stage's share of the night, not its minutes.
        if unit == .percent, let name = metric?.1, let share = Self.percentOf[name] { metric = (.daily, share) }
        if metric == nil, unit == .kilometres { metric = (.sessions, "distance") }
        if metric == nil, afterActivity, unit == .hours || unit == .minutes { metric = (.sessions, "duration") }
        if metric == nil, let fallback { metric = (.daily, fallback) }
        // A clock time ("after 11 pm") is not read; minutes from midnight compared as a number would be wrong.
        // Miles are not compared: the distance's unit is not known here.
        guard let (_, name) = metric, unit != .miles, Self.unit(unit, fits: name), !Self.clockMetrics.contains(name)
        else {
            return nil
        }
        let scale = Self.minuteMetrics.contains(name) ? unit.minutes : 1
        return (QueryCondition(metric: name, op: op, value: .number(number * scale)), used)
    }

    /// Whether a number in `unit` can be compared with `metric`: time with times,
    /// kilometres with distance, steps with steps; a time without its unit is not read.
    private static func unit(_ unit: AskedUnit, fits metric: String) -> Bool {
        switch unit {
        case .hours, .minutes:
            return minuteMetrics.contains(metric) || (unit == .minutes && metric.hasSuffix("minutes"))
        case .kilometres: return metric == "distance"
        case .steps: return metric == "steps"
        case .percent: return percentMetrics.contains(metric)
        case .milliseconds: return metric == "heart_rate_variability"
        case .metres: return metric == "elevation_gain"
        case .miles: return metric == "distance"
        case .beatsPerMinute: return metric.hasSuffix("heart_rate")
        case .natural: return !minuteMetrics.contains(metric) && metric != "distance"
        }
    }

    // MARK: Assembly

    static let minuteMetrics: Set<String> = [
        "sleep_minutes", "deep_sleep_minutes", "rem_sleep_minutes", "duration", "light_sleep_minutes",
        "awake_minutes", "time_in_bed_minutes",
    ]

    static let sleepStages: Set<String> = ["deep_sleep_minutes", "rem_sleep_minutes", "light_sleep_minutes"]

    /// Each stage's share of the night, for a number in percent ("more than 20% deep sleep").
    static let percentOf: [String: String] = [
        "deep_sleep_minutes": "deep_sleep_percent", "rem_sleep_minutes": "rem_sleep_percent",
        "light_sleep_minutes": "light_sleep_percent", "awake_minutes": "awake_percent",
    ]

    /// Metrics kept in percent.
    static let percentMetrics: Set<String> = Set(percentOf.values).union(["spo2"])

    /// Daily metrics a table may lack (not standard ones): a reading that names one the tables lack is declined.
    static let summaryMetrics: Set<String> = percentMetrics.union(clockMetrics).union([
        "light_sleep_minutes", "awake_minutes", "time_in_bed_minutes", "sleep_score", "stress_score", "vo2_max",
        "weight",
    ])

    /// Times of day, in minutes from the midnight that starts the row's day (docs/QUERY.md, "Bed time and wake time").
    static let clockMetrics: Set<String> = ["bed_time", "wake_time"]

    /// Metrics only sessions have; the daily table's only ones are ``dailyOnlyMetrics``; steps, active
    /// zone minutes and calories (a day's burn, when the daily table has it) are in both.
    static let sessionOnlyMetrics: Set<String> = [
        QueryCondition.activityMetric, "distance", "average_heart_rate", "elevation_gain", "duration", "speed",
    ]
    static let dailyOnlyMetrics: Set<String> = summaryMetrics.union([
        "sleep_minutes", "deep_sleep_minutes", "rem_sleep_minutes", "resting_heart_rate", "heart_rate_variability",
    ])

    /// Metrics whose values are rates or levels, never added up ("total HRV"): their default is the mean.
    static let rateMetrics: Set<String> = percentMetrics.union(clockMetrics).union([
        "resting_heart_rate", "heart_rate_variability", "average_heart_rate", "speed", "sleep_score", "stress_score",
        "vo2_max", "weight",
    ])

    /// What "last night" and "this morning" may ask: the night's sleep and what the watch measured overnight.
    static let nightlyMetrics: Set<String> = minuteMetrics.subtracting(["duration"]).union(percentMetrics).union([
        "sleep_score", "heart_rate_variability", "resting_heart_rate", "weight",
    ])

    /// The daily metrics kept in minutes: "the longest I slept", "shortest sleep" are their maximum and minimum.
    static let dailyMinuteMetrics: Set<String> = minuteMetrics.subtracting(["duration"])

    /// The table a condition reads: the one that has its metric; for a metric both have,
    /// the day's row after "on days …", the rows asked about after "with" or in the main
    /// clause; nil when that is ambiguous ("runs when my steps were over 10,000").
    private static func table(
        of metric: String, scope: ConditionScope, asked: DataQuery.Table
    ) -> DataQuery.Table? {
        if sessionOnlyMetrics.contains(metric) { return .sessions }
        if dailyOnlyMetrics.contains(metric) { return .daily }
        switch scope {
        case .days: return .daily
        case .rows: return asked
        case .either: return asked == .daily ? .daily : nil
        }
    }

    /// Whether a word after a comparator starts a window ("over the past week").
    private static func startsWindow(_ word: QuestionWord) -> Bool {
        switch word {
        case .window, .takeLast, .thisYear, .lastYear: return true
        default: return false
        }
    }

    /// Metrics that add up over days, whose single number is a total ("step count this week").
    static let cumulativeMetrics: Set<String> = [
        "steps", "active_zone_minutes", "calories", "distance", "duration", "elevation_gain",
    ]

    private mutating func table() -> DataQuery.Table? {
        // "walked 10,000 steps": walking is how the steps were taken, not a session; "my last walk on
        // days with over 10,000 steps" asks for a walk.
        if activity == .named("walk"), !walkSessions, take == nil,
            metric?.name == "steps" || conditions.contains(where: { $0.0.metric == "steps" && $0.1 == .rows })
        {
            activity = nil
        }
        metricNamed = metric != nil
        // A named unit names the metric: "how long was my longest hike in kilometers" is a distance.
        if metric == nil, asked == .kilometres || asked == .miles { metric = (.sessions, "distance") }
        if metric == nil {
            switch signal {
            case .howFar?: metric = (.sessions, "distance")
            case .howLong?: metric = (.sessions, "duration")
            default:
                if asked == .kilometres { metric = (.sessions, "distance") }
                if (asked == .hours || asked == .minutes) && activity != nil { metric = (.sessions, "duration") }
            }
        }
        if let superlative {
            // A named metric wins ("the distance of my longest run"); another metric of the
            // longest row ("the heart rate of my longest run") is no query's answer.
            if let named = metric?.name {
                let fits =
                    named == superlative || (superlative == "duration" && named == "distance")
                    || (superlative == "duration" && Self.dailyMinuteMetrics.contains(named))
                guard fits else {
                    return decline("another metric of the longest or farthest session is one row's value, not read")
                }
            } else {
                // "my shortest this month": the shortest what? A workout or a metric must be named.
                if reducer == .min, superlative == "duration", activity == nil, take == nil {
                    return decline("'shortest' needs a workout or a metric ('my shortest run')")
                }
                metric = (superlative == "weight" ? .daily : .sessions, superlative)
            }
        }
        // A unit the metric is not kept in: "how far was my longest run in minutes".
        if let name = metric?.name, [.hours, .minutes, .kilometres, .milliseconds, .metres, .miles].contains(asked),
            !Self.unit(asked, fits: name)
        {
            return decline("the unit asked does not fit \(ConditionWords.label(name)) ('how far … in minutes')")
        }
        // "heart rate" with no workout named: resting, or during workouts? Declined (docs/QUERY.md).
        // "calories" likewise: a day's calories burned, or its workouts'?
        // "heart rate on days I ran" names run days, not which workouts: the day's heart rate, or every workout's?
        let namesWorkouts =
            activity != nil || take != nil
            || conditions.contains { $0.0.metric == QueryCondition.activityMetric && $0.1 != .days }
        if metric?.name == "average_heart_rate", !namesWorkouts {
            return decline(
                "'heart rate' alone could be the day's or your workouts'; name the workouts or say 'resting'")
        }
        if metric?.name == "calories", !namesWorkouts {
            // "calories on days I ran": the day's burn, or the runs'?
            guard !conditions.contains(where: { $0.0.metric == QueryCondition.activityMetric }) else {
                return decline("'calories' on days of a workout could be the day's or the workouts'; name which")
            }
            // "calories burned today" with no workout named: the day's burn (declined when the daily table lacks it).
            metric = (.daily, "calories")
        }
        // "how many times did I burn more than 500 calories": days, or workouts?
        if signal == .howManyTimes, !namesWorkouts, conditions.contains(where: { $0.0.metric == "calories" }) {
            return decline("'how many times' with calories could count days or workouts; say 'how many days'")
        }
        if let metric, metric.table == .daily, activity != nil {
            // "steps on my runs" are the sessions' steps, "zone minutes on my walks" their active zone
            // minutes; other daily metrics have no session.
            guard metric.name == "steps" || metric.name == "active_zone_minutes" else {
                return decline("\(ConditionWords.label(metric.name)) is a daily metric, which workouts do not have")
            }
            self.metric = (.sessions, metric.name)
        }
        // "the distance on the day of my longest run": that run's, or every workout's that day?
        if metric?.table == .sessions, activity == nil, take == nil {
            switch window {
            case .dayOf?, .dayOfExtreme?:
                return decline("a workout's metric on the day of a workout needs the workouts named")
            default:
                break
            }
        }
        if case .activitiesReducer? = signal { return .sessions }
        if activity != nil || take != nil { return .sessions }
        return metric?.table ?? .daily
    }

    private mutating func finalReducer(table: DataQuery.Table) -> QueryReducer? {
        if signal == .whichDay { return dayReducer() }
        // "how many swims did I do in total", "total number of hikes": a count, not a sum of a metric.
        let counted = signal == .howMany || signal == .howManyTimes || signal == .howManyDays
        let reducer = self.reducer == .sum && metric == nil && counted ? nil : self.reducer
        // "When did I first log my weight": the first day with it, or the window's first day? Declined.
        if table == .daily, signal == .whenFirst || signal == .whenLast {
            return decline("'when did I first' or 'last' of a daily metric is not read; ask for its value")
        }
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
            case .howMany?:
                if let name = metric?.name {
                    chosen = Self.rateMetrics.contains(name) ? .mean : .sum
                } else {
                    chosen = table == .sessions ? .count : nil
                }
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
        if chosen.needsMetric && metric == nil {
            return decline("'\(chosen.rawValue)' needs a metric ('the range of my run distances')")
        }
        // "how many times did I wake up" counts awakenings, not days with a wake time.
        if chosen == .count || chosen == .countDays, let name = metric?.name, Self.clockMetrics.contains(name) {
            return decline("I cannot count times of day; 'how many times did I wake up' is not in the data")
        }
        if chosen == .sum, let name = metric?.name, Self.rateMetrics.contains(name) {
            return decline("a total of \(ConditionWords.label(name)) means nothing; ask for the average")
        }
        if chosen.readsActivities, case .named? = activity { return nil }
        // "heart rate variability" is HRV: "variability of my heart rate" is too close to it to read as a spread.
        if saidVariability, let name = metric?.name, name.hasSuffix("heart_rate") {
            return decline("'variability' of a heart rate is too close to HRV to read as a spread")
        }
        return chosen
    }

    /// "On what day was my HRV lowest", "when did I do my first swim": the day of the largest or smallest
    /// value, or of the first or last session. "When was my longest run" is declined: the longest by time,
    /// or by distance?
    private mutating func dayReducer() -> QueryReducer? {
        guard metric != nil || reducer == nil else {
            return decline("'which day' needs a metric to be largest or smallest")
        }
        let byWhat = "'longest' or 'shortest' could be by time or by distance; say 'by distance' or 'by time'"
        switch (reducer, take) {
        case (.max?, nil):
            guard superlative != "duration" || metricNamed else { return decline(byWhat) }
            return .dateOfMax
        case (.min?, nil):
            guard superlative != "duration" || metricNamed else { return decline(byWhat) }
            return .dateOfMin
        case (nil, .last(1)?): return .lastDate
        case (nil, .first(1)?): return .firstDate
        default: return decline("'which day' is read of the largest or smallest value, or of the first or last workout")
        }
    }

    /// "November 15", "15 Nov", "Nov 20th 2025", and two in a row ("from 1 Nov to 15 Nov"): those days.
    private func dateWindow(_ words: [QuestionWord], at index: Int) -> (QueryWindow, Int)? {
        guard let (first, used) = date(words, at: index) else { return nil }
        if let (last, more) = date(words, at: index + used) {
            guard first <= last else { return nil }
            return (.between(first, last), used + more)
        }
        return (.between(first, first), used)
    }

    /// A day of a month, with its year when written; without one, the last such day on or before the anchor.
    private func date(_ words: [QuestionWord], at index: Int) -> (CalendarDate, Int)? {
        guard index + 1 < words.count else { return nil }
        let month: Int
        let day: Double
        switch (words[index], words[index + 1]) {
        case (.monthName(let named), .number(let number)), (.number(let number), .monthName(let named)):
            month = named
            day = number
        default:
            return nil
        }
        guard day == day.rounded(), day >= 1, day <= 31 else { return nil }
        let dayOfMonth = Int(day)
        if index + 2 < words.count, case .number(let given) = words[index + 2], given == given.rounded(),
            given >= 1900, given <= 2100
        {
            return CalendarDate(year: Int(given), month: month, day: dayOfMonth).map { ($0, 3) }
        }
        if let this = CalendarDate(year: anchor.year, month: month, day: dayOfMonth), this <= anchor {
            return (this, 2)
        }
        return CalendarDate(year: anchor.year - 1, month: month, day: dayOfMonth).map { ($0, 2) }
    }

    /// The last `weekday` before the anchor; nil when the anchor is one (today, or a week ago?).
    private func lastWeekday(_ weekday: Int) -> CalendarDate? {
        let anchorDay = anchor.daysSinceEpoch
        let back = (LocalCalendar.weekday(of: anchorDay) - weekday + 7) % 7
        guard back > 0 else { return nil }
        return LocalCalendar.calendarDate(of: anchorDay - back)
    }

    /// "in October [2024]", "since Monday", "since October": the window and the words it used.
    /// A month without a year is the anchor's year's, or last year's when it has not yet come;
    /// "since Monday" on a Monday could mean today or a week ago, and is declined.
    private mutating func calendarWindow(_ words: [QuestionWord], at index: Int) -> (QueryWindow, Int)? {
        var position = index
        var since = words[index] == .since
        if since { position += 1 }
        guard position < words.count else { return nil }
        if case .month(_, let named) = words[position] { since = named }
        let anchorDay = anchor.daysSinceEpoch
        switch words[position] {
        case .weekday(let weekday) where since:
            let back = (LocalCalendar.weekday(of: anchorDay) - weekday + 7) % 7
            guard back > 0 else {
                return decline("'since' today's weekday could mean today or a week ago")
            }
            return (.between(LocalCalendar.calendarDate(of: anchorDay - back), anchor), position + 1 - index)
        case .month(let month, _) where words[index] != .since:
            var year = month <= anchor.month ? anchor.year : anchor.year - 1
            var used = position + 1 - index
            if since, position + 1 < words.count, case .number(let day) = words[position + 1], day == day.rounded(),
                day >= 1, day <= 31
            {
                // "since November 1st": from that day.
                var rest = words
                rest[position] = .monthName(month)
                guard let (first, dateUsed) = date(rest, at: position), dateUsed == 2, first <= anchor else {
                    return nil
                }
                return (.between(first, anchor), used + 1)
            }
            if position + 1 < words.count, case .number(let given) = words[position + 1],
                given == given.rounded(), given >= 1900, given <= 2100
            {
                year = Int(given)
                used += 1
            }
            guard let first = CalendarDate(year: year, month: month, day: 1),
                let last = CalendarDate(year: year, month: month, day: CalendarDate.daysIn(month: month, year: year))
            else { return nil }
            guard since else { return (.between(first, last), used) }
            guard first <= anchor else { return nil }
            return (.between(first, anchor), used)
        default:
            return nil
        }
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
