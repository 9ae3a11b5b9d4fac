/// Questions whose answer combines two queries, which no one query gives: a
/// share ("what % of nights last month did I sleep at least 7 hours"), a pace
/// ("avg running pace in October": total minutes over total distance), and a
/// difference between two windows ("how many more steps did I take in October
/// than in November"). Each part is read by ``QuestionReader`` as a question of
/// its own; a part it cannot read whole declines the whole question.
enum QuestionCombinations {
    /// How the two results combine into the answer's number.
    enum Combination: Sendable, Equatable {
        /// 100 × the reading's count / this count (percent).
        case share(of: DataQuery)
        /// The reading's total duration / this total distance (minutes per distance unit).
        case pace(distance: DataQuery)
        /// sign × (the reading's value − this value): "more" is +1, "less" −1.
        case difference(DataQuery, sign: Double)
    }

    /// Whether `words` ask a combined question; it is then read here whole or not at all.
    static func applies(to words: [String]) -> Bool {
        shareNoun(words) != nil || words.contains("pace") || comparison(words) != nil
    }

    /// What the parts of a combined question are read with, and the reason the first part declined was given.
    struct Part {
        /// The question as written, for the words a declined part quotes.
        let question: String
        let anchor: CalendarDate
        /// The recorded activity names (``QuestionReader/interpret(_:anchor:activities:)``).
        let activities: [String]
        /// The reason the first part not read was declined.
        fileprivate(set) var reason: String?

        init(question: String, anchor: CalendarDate, activities: [String]) {
            self.question = question
            self.anchor = anchor
            self.activities = activities
        }

        /// One part read as a question of its own; nil (its reason kept) when it is declined.
        fileprivate mutating func read(_ words: [String]) -> QuestionReader.Reading? {
            switch QuestionReader.plain(words, self) {
            case .read(let reading):
                return reading
            case .declined(let why):
                if reason == nil { reason = why }
                return nil
            }
        }
    }

    /// The combined reading of `words`, or why it was declined: a part's own reason, or what the
    /// combination reads.
    static func read(_ words: [String], _ given: Part) -> QuestionReader.Outcome {
        var part = given
        let reading: QuestionReader.Reading?
        let form: String
        if let (noun, rest) = shareNoun(words) {
            reading = share(noun: noun, rest: rest, &part)
            form = "a share only of days, or of one activity's workouts, that meet a condition"
        } else if words.contains("pace") {
            reading = pace(words, &part)
            form = "a pace only from the total time and distance of workouts with a distance"
        } else if let (left, right, sign) = comparison(words) {
            reading = difference(left: left, right: right, sign: sign, &part)
            form = "a difference only of one metric between two windows of days ('in October than in November')"
        } else {
            reading = nil
            form = "a share, a pace or a difference between two windows"
        }
        if let reading { return .read(reading) }
        if let reason = part.reason { return .declined(reason) }
        return .declined("I could not read the question whole: I read \(form).")
    }

    // MARK: Shares

    private static let sharePrefixes: [[String]] = [
        ["what", "percent", "of"], ["what", "percentage", "of"], ["what", "fraction", "of"],
        ["what", "share", "of"], ["what", "proportion", "of"], ["what", "per", "cent", "of"],
    ]

    /// "what % of nights …", "what fraction of my workouts …": the noun (days, or sessions of an
    /// activity, nil for any) and the words after it.
    private static func shareNoun(_ words: [String]) -> (ShareNoun, [String])? {
        guard let prefix = sharePrefixes.first(where: { words.starts(with: $0) }) else { return nil }
        var rest = Array(words.dropFirst(prefix.count))
        while rest.first == "my" || rest.first == "the" { rest.removeFirst() }
        guard let noun = rest.first else { return nil }
        rest.removeFirst()
        // "…, in percent": the unit already asked.
        for tail in [["in", "percent"], ["as", "a", "percent"], ["as", "a", "percentage"]] where rest.ends(with: tail) {
            rest.removeLast(tail.count)
        }
        if ["days", "nights", "day", "night"].contains(noun) { return (.days, rest) }
        guard case .activity(let name)? = QuestionVocabulary.phrases[noun] else { return (.unknown, rest) }
        return (.sessions(name), rest)
    }

    private enum ShareNoun: Equatable {
        case days
        case sessions(String?)
        case unknown
    }

    /// The share of days (of the days the daily table has in the window) or of sessions that meet the rest.
    private static func share(noun: ShareNoun, rest: [String], _ part: inout Part) -> QuestionReader.Reading? {
        switch noun {
        case .unknown:
            return nil
        case .days:
            guard var reading = part.read(["how", "many", "days"] + rest),
                reading.query.reducer == .countDays, reading.query.take == nil
            else { return nil }
            var all = DataQuery(table: .daily, metric: nil, reducer: .count)
            all.window = reading.query.window
            all.anchor = reading.query.anchor
            reading.combination = .share(of: all)
            return reading
        case .sessions(let name):
            let noun = name ?? "workouts"
            guard var reading = part.read(["how", "many", noun] + rest),
                reading.query.table == .sessions, reading.query.reducer == .count, reading.query.take == nil
            else { return nil }
            var all = reading.query
            all.conditions = []
            all.dayConditions = []
            // "What % of my workouts were runs": a name finds its whole synonym group ("run" finds
            // "Treadmill" too), which the person may not mean; declined. Nothing narrowed: no share asked.
            guard reading.query.activities == name.map({ [$0] }), all != reading.query else { return nil }
            reading.combination = .share(of: all)
            return reading
        }
    }

    // MARK: Pace

    /// "pace of my last run", "avg running pace in October": total duration over total distance of the
    /// sessions with a distance (so a pace over several is their time per unit of distance together).
    private static func pace(_ words: [String], _ part: inout Part) -> QuestionReader.Reading? {
        guard words.filter({ $0 == "pace" }).count == 1 else { return nil }
        let asked = words.map { $0 == "pace" ? "duration" : $0 }
        guard var reading = part.read(asked), reading.query.table == .sessions,
            reading.query.metric == "duration", reading.query.reducer == .sum || reading.query.reducer == .mean
        else { return nil }
        reading.query.reducer = .sum
        reading.query.conditions.append(QueryCondition(metric: "distance", op: .greater, value: .number(0)))
        var distance = reading.query
        distance.metric = "distance"
        reading.combination = .pace(distance: distance)
        return reading
    }

    // MARK: Differences

    private static let more: Set<String> = ["more", "higher", "longer", "greater", "bigger"]
    private static let less: Set<String> = ["less", "fewer", "lower", "shorter", "smaller"]

    /// "… more … in October than in November": the words before "than" without the comparative, the
    /// window after it, and the sign; nil when "than" compares with a number ("more than 5 km").
    private static func comparison(_ words: [String]) -> ([String], [String], Double)? {
        guard let than = words.firstIndex(of: "than"), than + 1 < words.count,
            QuestionTokens.number(words[than + 1]) == nil, QuestionVocabulary.numbers[words[than + 1]] == nil
        else { return nil }
        var left = Array(words[..<than])
        // "more than", "less than or equal to": a comparison with what follows, not between two windows.
        guard let position = left.firstIndex(where: { more.contains($0) || less.contains($0) }),
            position + 1 < than
        else { return nil }
        let sign: Double = more.contains(left[position]) ? 1 : -1
        left.remove(at: position)
        return (left, Array(words[(than + 1)...]), sign)
    }

    /// The same question over two windows, and their difference.
    private static func difference(left: [String], right: [String], sign: Double, _ part: inout Part)
        -> QuestionReader.Reading?
    {
        guard var reading = part.read(left), reading.query.metric != nil,
            reading.query.take == nil, isCalendarWindow(reading.query.window),
            let other = window(right, &part), other != reading.query.window
        else { return nil }
        var second = reading.query
        second.window = other
        reading.combination = .difference(second, sign: sign)
        return reading
    }

    /// The window the words after "than" name, and nothing else ("in November", "last week", "November").
    private static func window(_ words: [String], _ part: inout Part) -> QueryWindow? {
        var phrase = words
        // "than November": the month, as "in November" would name it.
        if phrase.count == 1, case .monthName? = QuestionVocabulary.phrases[phrase[0]] { phrase = ["in"] + phrase }
        guard let reading = part.read(["how", "many", "steps"] + phrase),
            reading.query.conditions.isEmpty, reading.query.take == nil, isCalendarWindow(reading.query.window)
        else { return nil }
        return reading.query.window
    }

    /// A window of days named by the calendar or counted back from today; not all days, not a session's day.
    private static func isCalendarWindow(_ window: QueryWindow) -> Bool {
        switch window {
        case .all, .dayOf: return false
        default: return true
        }
    }
}

extension Array where Element == String {
    fileprivate func ends(with tail: [String]) -> Bool {
        count >= tail.count && Array(suffix(tail.count)) == tail
    }
}
