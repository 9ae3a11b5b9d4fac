/// The sentence that answers a question the reader understood, with the
/// number as the sentence writes it ("You ran on 4 days between 3 and 16
/// November."), so that a grounding check can cite it as a fact.
public struct QuestionAnswer: Sendable, Equatable {
    public var text: String
    /// The number in the sentence (sleep asked in hours is in hours), or nil.
    public var number: Double?
    public var unit: String?
    public var result: QueryResult

    init(reading: QuestionReader.Reading, result: QueryResult) {
        self.result = result
        let words = Words(reading: reading, result: result)
        (text, number, unit) = words.sentence()
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
            ]))
    }
}

/// The words of one answer.
private struct Words {
    let reading: QuestionReader.Reading
    let result: QueryResult

    private var query: DataQuery { reading.query }
    private var metric: String { query.metric ?? "" }

    /// Verb forms and nouns of the reader's activities: (past, present, noun, plural noun).
    private static let activities: [String: (String, String, String, String)] = [
        "run": ("ran", "run", "run", "runs"), "bike": ("cycled", "cycle", "ride", "rides"),
        "swim": ("swam", "swim", "swim", "swims"), "yoga": ("did yoga", "do yoga", "yoga session", "yoga sessions"),
        "weights": ("lifted weights", "lift weights", "weights session", "weights sessions"),
        "walk": ("walked", "walk", "walk", "walks"), "hike": ("hiked", "hike", "hike", "hikes"),
    ]
    private static let anyActivity = ("worked out", "work out", "workout", "workouts")

    private var activityWords: (past: String, present: String, noun: String, plural: String) {
        let words = reading.activity.flatMap { Self.activities[$0] } ?? Self.anyActivity
        return (words.0, words.1, words.2, words.3)
    }

    private static let labels: [String: String] = [
        "steps": "steps", "sleep_minutes": "sleep", "deep_sleep_minutes": "deep sleep",
        "rem_sleep_minutes": "REM sleep", "resting_heart_rate": "resting heart rate",
        "heart_rate_variability": "HRV", "active_zone_minutes": "active zone minutes",
        "average_heart_rate": "heart rate", "distance": "distance", "duration": "time", "calories": "calories",
        "elevation_gain": "elevation gain",
    ]
    private static let defaultUnits: [String: String] = [
        "resting_heart_rate": "bpm", "average_heart_rate": "bpm", "heart_rate_variability": "ms",
        "active_zone_minutes": "minutes", "calories": "kcal", "elevation_gain": "m", "steps": "steps",
    ]

    func sentence() -> (String, Double?, String?) {
        let span = Self.span(result.fromDate, result.toDate)
        let suffix = span.isEmpty ? "." : " \(span)."
        let words = activityWords
        switch (query.reducer, result.value) {
        case (.countDays, .number(let days)) where query.table == .sessions:
            if days == 0 { return ("You didn't \(words.present)\(suffix)", 0, "days") }
            return ("You \(words.past) on \(Self.count(days, "day"))\(suffix)", days, "days")
        case (.countDays, .number(let days)):
            return ("That was \(Self.count(days, "day"))\(suffix)", days, "days")
        case (.count, .number(let days)) where query.table == .daily:
            return ("That was \(Self.count(days, "day"))\(suffix)", days, "days")
        case (.count, .number(let sessions)):
            let noun = sessions == 1 ? words.noun : words.plural
            return ("You did \(Self.format(sessions)) \(noun)\(suffix)", sessions, "sessions")
        case (.lastDate, .date(let date)), (.firstDate, .date(let date)):
            let which = query.reducer == .lastDate ? "last" : "first"
            return ("Your \(which) \(words.noun) was on \(Self.day(date)).", nil, nil)
        case (.lastDate, _), (.firstDate, _):
            return ("I found no \(words.plural)\(suffix)", nil, nil)
        case (.activities, .names(let names)):
            return ("You did \(names.joined(separator: ", "))\(suffix)", nil, nil)
        case (.mostFrequentActivity, .name(let name)):
            return ("Your most frequent workout was \(name)\(suffix)", nil, nil)
        case (_, .number(let value)):
            return numberSentence(value, suffix: suffix)
        default:
            let subject = query.table == .sessions ? " for your \(words.plural)" : ""
            return ("I have no \(label) data\(subject)\(suffix)", nil, nil)
        }
    }

    private func numberSentence(_ stored: Double, suffix: String) -> (String, Double?, String?) {
        let (value, unit) = shown(stored)
        let amount = Self.format(value) + (unit.map { " \($0)" } ?? "")
        let words = activityWords
        let sessions = query.table == .sessions
        if result.rows == 0 {
            return (sessions ? "You didn't \(words.present)\(suffix)" : "I have no \(label) data\(suffix)", nil, nil)
        }
        switch (query.reducer, metric) {
        case (.sum, "steps") where !sessions:
            return ("You took \(amount)\(suffix)", value, unit)
        case (.mean, "steps") where !sessions:
            return ("You averaged \(amount) a day\(suffix)", value, unit)
        case (.sum, "duration") where query.take == nil:
            return ("You \(words.past) for \(amount) in total\(suffix)", value, unit)
        case (.sum, "distance") where query.take == nil:
            return ("You \(words.past) \(amount) in total\(suffix)", value, unit)
        case (.max, "duration"), (.max, "distance"):
            let which = metric == "duration" ? "longest" : "farthest"
            return ("Your \(which) \(words.noun) was \(amount)\(suffix)", value, unit)
        default:
            break
        }
        let adjective: String
        switch query.reducer {
        case .sum: adjective = "total"
        case .mean: adjective = "average"
        case .median: adjective = "median"
        case .max: adjective = "highest"
        case .min: adjective = "lowest"
        case .std: adjective = "standard deviation of"
        case .first: adjective = "first"
        case .last: adjective = "last"
        default: adjective = query.reducer.rawValue
        }
        let subject = sessions ? " \(query.take == nil ? "on your" : "over your") \(takenPlural)" : ""
        return ("Your \(adjective) \(label)\(subject) was \(amount)\(suffix)", value, unit)
    }

    private var label: String {
        Self.labels[metric] ?? metric.replacingUnderscores
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
        if QuestionClauses.minuteMetrics.contains(metric) && result.unit == nil || result.unit == "min" {
            if reading.asked == .hours || (metric == "sleep_minutes" && reading.asked == .natural) {
                return ((stored / 60 * 10).rounded() / 10, "hours")
            }
            return (stored, "minutes")
        }
        return (stored, result.unit ?? Self.defaultUnits[metric])
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            return grouped(Int64(rounded))
        }
        return DisplayNumber.fixed(rounded, digits: 1)
    }

    /// 12500 as "12,500".
    private static func grouped(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }

    static func count(_ value: Double, _ noun: String) -> String {
        "\(format(value)) \(noun)\(value == 1 ? "" : "s")"
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

extension String {
    fileprivate var replacingUnderscores: String {
        String(map { $0 == "_" ? " " : $0 })
    }
}
