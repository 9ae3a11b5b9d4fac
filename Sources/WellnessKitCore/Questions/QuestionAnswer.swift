/// The sentence that answers a question the reader understood, with the
/// number as the sentence writes it ("You ran on 4 days between 3 and 16
/// November."), so that a grounding check can cite it as a fact.
public struct QuestionAnswer: Sendable, Equatable {
    public var text: String
    /// The number in the sentence (sleep asked in hours is in hours), or nil.
    public var number: Double?
    public var unit: String?
    public var result: QueryResult

    /// Metres in a distance unit a table may declare, for a distance asked in miles.
    static let metresPerUnit: [String: Double] = [
        "km": 1000, "kilometers": 1000, "kilometres": 1000, "m": 1, "meters": 1, "metres": 1, "mi": 1609.344,
        "miles": 1609.344,
    ]
    static let metresPerMile = 1609.344

    init(text: String, number: Double?, unit: String?, result: QueryResult) {
        (self.text, self.number, self.unit, self.result) = (text, number, unit, result)
    }

    /// "on 3 November 2025", "between 3 and 16 November 2025".
    static func span(_ from: CalendarDate?, _ to: CalendarDate?) -> String {
        Words.span(from, to)
    }

    init(reading: QuestionReader.Reading, result: QueryResult, units: [String: String], context: Context) {
        self.result = result
        let words = Words(reading: reading, result: result, units: units, context: context)
        (text, number, unit) = words.sentence()
    }

    /// What an answer over no rows says instead of "you didn't": the rows the
    /// conditions excluded, or the days the data does cover.
    struct Context {
        /// Rows in the window before the conditions, when the query has conditions.
        var unconditioned: Int?
        /// The first and last day with the metric (or the activity), in any window.
        var dataFrom: CalendarDate?
        var dataTo: CalendarDate?
        /// For a total of 0 over some rows: how many of them have the metric at all.
        var present: Int?
        /// The window's first and last day when the result does not say them (the last few sessions of a window).
        var windowFrom: CalendarDate?
        var windowTo: CalendarDate?
    }
}

extension QuestionAnswer: JSONEncodable {
    public var json: JSONValue {
        .object(
            JSONObject([
                ("understood", .bool(true)),
                ("answer", .string(text)),
                ("number", number.map(JSONValue.double) ?? .null),
                ("unit", unit.map(JSONValue.string) ?? .null),
                ("result", result.json),
                ("reason", .null),
            ]))
    }

    /// A question answered, or declined with the reason.
    public enum Asked: Sendable, Equatable, JSONEncodable {
        case answered(QuestionAnswer)
        /// A sentence naming the words not read or the ambiguity ("I could not read 'fortnightly'.").
        case declined(String)

        /// The answer's document; a declined question's has `understood: false` and its `reason`.
        public var json: JSONValue {
            switch self {
            case .answered(let answer): return answer.json
            case .declined(let reason):
                return .object(
                    JSONObject([
                        ("understood", .bool(false)), ("answer", .null), ("number", .null), ("unit", .null),
                        ("result", .null), ("reason", .string(reason)),
                    ]))
            }
        }
    }
}

/// The words of one answer.
private struct Words {
    let reading: QuestionReader.Reading
    let result: QueryResult
    let units: [String: String]
    let context: QuestionAnswer.Context

    private var query: DataQuery { reading.query }
    /// The anchor the query ran with.
    private var anchorDay: CalendarDate { result.query.anchor ?? CalendarDate.epoch }
    private var metric: String { query.metric ?? "" }

    /// Verb forms and nouns of the reader's activities: (past, present, noun, plural noun).
    private static let activities: [String: (String, String, String, String)] = [
        "run": ("ran", "run", "run", "runs"), "bike": ("cycled", "cycle", "ride", "rides"),
        "swim": ("swam", "swim", "swim", "swims"), "yoga": ("did yoga", "do yoga", "yoga session", "yoga sessions"),
        "weights": ("lifted weights", "lift weights", "weights session", "weights sessions"),
        "walk": ("walked", "walk", "walk", "walks"), "hike": ("hiked", "hike", "hike", "hikes"),
        "elliptical": (
            "used the elliptical", "use the elliptical", "elliptical session", "elliptical sessions"
        ),
        "aerobic": ("did aerobic workouts", "do aerobic workouts", "aerobic workout", "aerobic workouts"),
        "hiit": ("did interval workouts", "do interval workouts", "interval workout", "interval workouts"),
        "treadmill": ("ran on the treadmill", "run on the treadmill", "treadmill run", "treadmill runs"),
        "spinning": ("did spinning", "do spinning", "spinning session", "spinning sessions"),
        "outdoor bike": ("rode outdoors", "ride outdoors", "outdoor ride", "outdoor rides"),
        "indoor bike": ("cycled indoors", "cycle indoors", "indoor ride", "indoor rides"),
        "outdoor run": ("ran outdoors", "run outdoors", "outdoor run", "outdoor runs"),
        "indoor run": ("ran indoors", "run indoors", "indoor run", "indoor runs"),
        "outdoor walk": ("walked outdoors", "walk outdoors", "outdoor walk", "outdoor walks"),
        "indoor walk": ("walked indoors", "walk indoors", "indoor walk", "indoor walks"),
        "pool swim": ("swam in a pool", "swim in a pool", "pool swim", "pool swims"),
        "open water swim": ("swam in open water", "swim in open water", "open water swim", "open water swims"),
    ]
    private static let anyActivity = ("worked out", "work out", "workout", "workouts")

    /// The activity asked about, or the one a condition on the sessions names ("heart rate when I ran").
    private var activityName: String? {
        if let named = reading.activity { return named }
        guard query.table == .sessions else { return nil }
        for condition in query.conditions where condition.metric == QueryCondition.activityMetric {
            if condition.op == .equal, case .activity(let name) = condition.value { return name }
        }
        return nil
    }

    private var activityWords: (past: String, present: String, noun: String, plural: String) {
        let words = activityName.flatMap { Self.activities[$0] } ?? Self.anyActivity
        return (words.0, words.1, words.2, words.3)
    }

    /// The same-table conditions in words ("distance more than 5 km"), activities left to the nouns.
    private var rowConditions: String? {
        ConditionWords.phrase(
            query.conditions.filter { query.table == .daily || $0.metric != QueryCondition.activityMetric },
            units: units)
    }

    private var dayConditions: String? {
        ConditionWords.phrase(query.dayConditions + query.sameDayConditions, units: units)
    }

    /// "on weekends", "on weekdays", "on Mondays and Fridays"; nil for every day.
    private var weekdayPhrase: String? {
        guard let days = query.weekdays else { return nil }
        if days == QueryWeekday.weekend { return "on weekends" }
        if days == QueryWeekday.workdays { return "on weekdays" }
        let names = days.map { $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() + "s" }
        return "on " + names.joined(separator: " and ")
    }

    /// Every condition of a daily query in words: "more than 5,000 steps and a run".
    private var allConditions: String? {
        ConditionWords.phrase(query.conditions + query.dayConditions, units: units)
    }

    /// What a sessions answer covered: " with distance more than 5 km on days with sleep less than 6 hours".
    private var sessionQualifier: String {
        (rowConditions.map { " with \($0)" } ?? "") + (dayConditions.map { " on days with \($0)" } ?? "")
    }

    private var hasConditions: Bool {
        !query.conditions.isEmpty || !query.dayConditions.isEmpty || !query.sameDayConditions.isEmpty
            || query.weekdays != nil
    }

    /// " between 1 and 3 November 2025.", " on 2 November 2025, the day of your last run."
    /// For a window that is the day of one row: "your last run", "your longest treadmill run",
    /// "your highest steps"; nil for other windows.
    private var dayOfWhat: String? {
        func noun(_ activities: [String]?) -> String {
            activities?.first.map { ConditionWords.nouns[$0] ?? $0.lowercased() } ?? "workout"
        }
        switch query.window {
        case .dayOf(let which, let activities):
            return "your \(which.rawValue) \(noun(activities))"
        case .dayOfExtreme(let extreme, let table, let metric, let activities):
            // "Longest" and "shortest" alone could be by time or by distance: the answer says which.
            if metric == "distance" {
                return extreme == .max
                    ? "your farthest \(noun(activities))" : "your shortest \(noun(activities)) by distance"
            }
            if metric == "duration" {
                return "your \(extreme == .min ? "shortest" : "longest") \(noun(activities)) by time"
            }
            let word = "\(extreme == .max ? "highest" : "lowest") \(ConditionWords.label(metric))"
            return table == .daily ? "your \(word)" : "the \(noun(activities)) with your \(word)"
        default:
            return nil
        }
    }

    /// " between 1 and 3 November 2025.", " on 2 November 2025, the day of your last run."
    private var suffix: String {
        let span = Self.span(result.fromDate, result.toDate)
        let days = weekdayPhrase.map { " \($0)" } ?? ""
        if let what = dayOfWhat {
            return span.isEmpty ? "\(days) (there is no day of \(what) yet)." : "\(days) \(span), the day of \(what)."
        }
        return span.isEmpty ? "\(days)." : "\(days) \(span)."
    }

    func sentence() -> (String, Double?, String?) {
        if let excluded = excludedSentence() { return excluded }
        let suffix = self.suffix
        let words = activityWords
        switch (query.reducer, result.value) {
        case (.countDays, .number(let days)) where query.table == .sessions:
            let conditions = (rowConditions.map { " with \($0)" } ?? "")
            let onDays = dayConditions.map { " with \($0)" } ?? ""
            if days == 0 && !hasConditions { return ("You didn't \(words.present)\(suffix)", 0, "days") }
            return ("You \(words.past)\(conditions) on \(Self.count(days, "day"))\(onDays)\(suffix)", days, "days")
        case (.countDays, .number(let days)),
            (.count, .number(let days)) where query.table == .daily:
            if let conditions = allConditions {
                return ("You had \(conditions) on \(Self.count(days, "day"))\(suffix)", days, "days")
            }
            return ("That was \(Self.count(days, "day"))\(suffix)", days, "days")
        case (.count, .number(let sessions)):
            let noun = sessions == 1 ? words.noun : words.plural
            return ("You did \(Self.format(sessions)) \(noun)\(sessionQualifier)\(suffix)", sessions, "sessions")
        case (.dateOfMax, .date(let date)), (.dateOfMin, .date(let date)):
            return (dateOfExtremeSentence(date), nil, nil)
        case (.lastDate, .date(let date)), (.firstDate, .date(let date)):
            let which = query.reducer == .lastDate ? "last" : "first"
            return ("Your \(which) \(words.noun)\(sessionQualifier) was on \(Self.day(date)).", nil, nil)
        case (.lastDate, _), (.firstDate, _):
            return ("I found no \(words.plural)\(suffix)", nil, nil)
        case (.activities, .names(let names)):
            return ("You did \(names.joined(separator: ", "))\(suffix)", nil, nil)
        case (.mostFrequentActivity, .name(let name)):
            return ("Your most frequent workout was \(name)\(suffix)", nil, nil)
        case (.countActivities, .number(let kinds)):
            let noun = kinds == 1 ? "activity" : "activities"
            return ("You did \(Self.format(kinds)) different \(noun)\(sessionQualifier)\(suffix)", kinds, "activities")
        case (_, .number(let value)):
            return numberSentence(value, suffix: suffix)
        default:
            let subject = query.table == .sessions ? " for your \(takenPlural)\(sessionQualifier)" : ""
            if query.reducer == .std, result.rows > 0 {
                // One value has no sample deviation: the data is there, not enough of it.
                let needs = "I need two \(label) values or more for a standard deviation"
                return ("\(needs), and have fewer\(subject)\(suffix)", nil, nil)
            }
            return ("I have no \(label) data\(subject)\(suffix)", nil, nil)
        }
    }

    /// "Your lowest HRV between 1 and 31 October 2025 was on 12 October 2025."
    private func dateOfExtremeSentence(_ date: CalendarDate) -> String {
        let which = query.reducer == .dateOfMax ? "highest" : "lowest"
        let subject: String
        if query.table == .sessions {
            subject = " of your \(takenPlural)\(sessionQualifier)"
        } else {
            subject = allConditions.map { " on days with \($0)" } ?? ""
        }
        let span = Self.span(result.fromDate, result.toDate)
        let within = span.isEmpty || query.window == .all ? "" : " \(span)"
        return "Your \(which) \(label)\(subject)\(within) was on \(Self.day(date))."
    }

    /// An answer over no rows: what excluded them ("None of your 2 runs … were on days with sleep
    /// less than 5 hours"), or that nothing was recorded in the window and when data was; nil when
    /// rows were found or a count's 0 says it all.
    private func excludedSentence() -> (String, Double?, String?)? {
        if result.rows > 0, context.present == 0 {
            // A total of nothing recorded is not 0: "your workouts have no calories recorded".
            guard query.table == .sessions else { return ("You have no \(label) recorded\(suffix)", nil, nil) }
            return ("Your \(takenPlural)\(sessionQualifier)\(suffix.dropLast()) have no \(label) recorded.", nil, nil)
        }
        guard result.rows == 0 else { return nil }
        let isCount = query.reducer == .count || query.reducer == .countDays
        let zero: (Double?, String?) =
            isCount ? (0, query.reducer == .count && query.table == .sessions ? "sessions" : "days") : (nil, nil)
        if let what = dayOfWhat, result.fromDate == nil {
            // No such session, so no day: not "you have no steps recorded".
            return (
                "There is no day of \(what) to look at: I found none on or before \(Self.day(anchorDay)).", nil, nil
            )
        }
        // "my last two walks today": the rows taken say no days, the window does.
        let span = Self.span(result.fromDate ?? context.windowFrom, result.toDate ?? context.windowTo)
        let within = span.isEmpty ? "" : " \(span)"
        if hasConditions, let unconditioned = context.unconditioned, unconditioned > 0 {
            if query.table == .sessions {
                let noun = unconditioned == 1 ? activityWords.noun : activityWords.plural
                let which = [
                    rowConditions.map { "had \($0)" }, dayConditions.map { "fell on a day with \($0)" },
                    weekdayPhrase.map { "fell \($0)" },
                ].compactMap { $0 }.joined(separator: " and ")
                let count = Self.format(Double(unconditioned))
                return ("None of your \(count) \(noun)\(within) \(which).", zero.0, zero.1)
            }
            let days = Self.count(Double(unconditioned), "day")
            let had =
                [allConditions.map { "had \($0)" }, weekdayPhrase.map { "fell \($0)" }].compactMap { $0 }
                .joined(separator: " and ")
            return ("None of the \(days)\(within) \(had).", zero.0, zero.1)
        }
        guard !isCount else { return nil }
        let thing = query.table == .sessions ? activityWords.plural : label
        let recorded = Self.span(context.dataFrom, context.dataTo)
        guard !recorded.isEmpty else {
            return ("You have no \(thing)\(query.table == .sessions ? "" : " data") recorded.", nil, nil)
        }
        if within.isEmpty { return ("You have no \(thing) recorded.", nil, nil) }
        let data = query.table == .sessions ? "your \(thing) are" : "your \(thing) data is"
        return ("You have no \(thing) recorded\(within); \(data) \(recorded).", nil, nil)
    }

    private func numberSentence(_ stored: Double, suffix: String) -> (String, Double?, String?) {
        let (value, shownUnit) = shown(stored)
        var unit = shownUnit
        var amount = Self.format(value) + (unit.map { $0 == "%" ? $0 : " \($0)" } ?? "")
        if QuestionClauses.clockMetrics.contains(metric) {
            // A time of day is said as one ("23:30"); a spread of times is minutes.
            if query.reducer == .std || query.reducer == .range {
                amount = Self.count(stored, "minute")
                unit = "minutes"
            } else if let clock = Self.clock(stored) {
                amount = clock
                unit = "minutes from midnight"
            }
        }
        let words = activityWords
        let sessions = query.table == .sessions
        // What the number covered: "on the 2 days with more than 5,000 steps", "(2 runs with …)".
        let dayCount = Self.count(Double(result.days), "day")
        let daily = allConditions.map { " on the \(dayCount) with \($0)" } ?? ""
        let covered =
            sessionQualifier.isEmpty
            ? ""
            : " (\(Self.format(Double(result.rows))) \(result.rows == 1 ? words.noun : words.plural)\(sessionQualifier))"
        switch (query.reducer, metric) {
        case (.sum, "steps") where !sessions:
            return ("You took \(amount)\(daily)\(suffix)", value, unit)
        case (.mean, "steps") where !sessions:
            return ("You averaged \(amount) a day\(daily)\(suffix)", value, unit)
        case (.sum, "duration") where query.take == nil:
            return ("You \(words.past) for \(amount) in total\(covered)\(suffix)", value, unit)
        case (.sum, "distance") where query.take == nil:
            return ("You \(words.past) \(amount) in total\(covered)\(suffix)", value, unit)
        case (.max, "duration"), (.max, "distance"):
            let which = metric == "duration" ? "longest" : "farthest"
            return ("Your \(which) \(words.noun)\(covered) was \(amount)\(suffix)", value, unit)
        default:
            break
        }
        let adjective: String
        switch query.reducer {
        case .sum: adjective = "total"
        case .mean: adjective = "average"
        case .median: adjective = "median"
        // A time of day is late or early, not high or low.
        case .max: adjective = QuestionClauses.clockMetrics.contains(metric) ? "latest" : "highest"
        case .min: adjective = QuestionClauses.clockMetrics.contains(metric) ? "earliest" : "lowest"
        case .std: adjective = "standard deviation of"
        case .range: adjective = "range of"
        case .first: adjective = "first"
        case .last: adjective = "last"
        default: adjective = query.reducer.rawValue
        }
        // "Your average heart rate", not "Your average average heart rate".
        let named = label.hasPrefix("\(adjective) ") ? label : "\(adjective) \(label)"
        let subject =
            sessions ? " \(query.take == nil ? "on your" : "over your") \(takenPlural)\(sessionQualifier)" : ""
        return ("Your \(named)\(subject) was \(amount)\(daily)\(suffix)", value, unit)
    }

    private var label: String {
        ConditionWords.label(metric)
    }

    private var takenPlural: String {
        switch query.take {
        case .last(let count)?:
            return count == 1 ? "last \(activityWords.noun)" : "last \(count) \(activityWords.plural)"
        case .first(let count)?:
            return count == 1 ? "first \(activityWords.noun)" : "first \(count) \(activityWords.plural)"
        case nil: return activityWords.plural
        }
    }

    /// The value in the unit asked: sleep and durations are kept in minutes.
    private func shown(_ stored: Double) -> (Double, String?) {
        if reading.asked == .miles, metric == "distance", let unit = result.unit,
            let metres = QuestionAnswer.metresPerUnit[unit.lowercased()]
        {
            return (stored * metres / QuestionAnswer.metresPerMile, "miles")
        }
        if QuestionClauses.minuteMetrics.contains(metric) && result.unit == nil || result.unit == "min" {
            if reading.asked == .hours || (metric == "sleep_minutes" && reading.asked == .natural) {
                return ((stored / 60 * 10).rounded() / 10, "hours")
            }
            return (stored, "minutes")
        }
        return (stored, result.unit ?? ConditionWords.defaultUnits[metric])
    }

    static func format(_ value: Double) -> String {
        ConditionWords.format(value)
    }

    /// Minutes from midnight as a time of day, "23:30" for -30; nil past a day either way.
    static func clock(_ minutes: Double) -> String? {
        guard minutes.isFinite, abs(minutes) <= 2_880 else { return nil }
        let whole = (Int(minutes.rounded()) % 1_440 + 1_440) % 1_440
        let hours = whole / 60
        let rest = whole % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    static func count(_ value: Double, _ noun: String) -> String {
        ConditionWords.count(value, noun)
    }

    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    static func day(_ date: CalendarDate) -> String {
        "\(date.day) \(months[date.month - 1]) \(date.year)"
    }

    /// "on 3 November 2025", "between 3 and 16 November 2025", "between 28 October and 3 November 2025".
    static func span(_ from: CalendarDate?, _ to: CalendarDate?) -> String {
        guard let from, let to else { return "" }
        if from == to { return "on \(day(from))" }
        if from.year == to.year && from.month == to.month { return "between \(from.day) and \(day(to))" }
        if from.year == to.year { return "between \(from.day) \(months[from.month - 1]) and \(day(to))" }
        return "between \(day(from)) and \(day(to))"
    }
}
