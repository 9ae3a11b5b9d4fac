/// Turns the common questions about one's own numbers into query documents,
/// deterministically and without a model: "How many days did I run in the
/// last two weeks?", "average deep sleep on days I walked more than 10,000
/// steps", "my last three swims' heart rate". A question with a word it does
/// not know, or a form it cannot read whole, is not understood (nil): the
/// reader never guesses a number.
public enum QuestionReader {
    /// A question read into a query, with how to say the answer.
    public struct Reading: Sendable, Equatable {
        public var query: DataQuery
        /// The unit the question asked in (hours for sleep asked in hours).
        var asked: AskedUnit
        /// The activity the question named, for the sentence ("ran", "swims").
        var activity: String?
        /// A second query the answer combines with this one: a share, a pace, a difference.
        var combination: QuestionCombinations.Combination? = nil
    }

    /// Most characters of a question read.
    public static let maximumLength = 500

    /// What the reader made of a question: a reading, or why it declined.
    public enum Outcome: Sendable, Equatable {
        case read(Reading)
        /// The reason, in a sentence naming the words not read or the ambiguity.
        case declined(String)
    }

    /// - Parameters:
    ///   - question: the person's words.
    ///   - anchor: the day "today" means (the person's local today).
    ///   - activities: the recorded activity names, for kinds of workout read as exact names ("treadmill").
    /// - Returns: the reading, or nil when the question is not understood whole.
    public static func read(_ question: String, anchor: CalendarDate, activities: [String] = []) -> Reading? {
        if case .read(let reading) = interpret(question, anchor: anchor, activities: activities) { return reading }
        return nil
    }

    /// The reading of a question, or why there is none.
    /// - Parameters:
    ///   - question: the person's words.
    ///   - anchor: the day "today" means (the person's local today).
    ///   - activities: the recorded activity names, for kinds of workout read as exact names ("treadmill").
    /// - Returns: the reading, or the reason it was declined.
    public static func interpret(_ question: String, anchor: CalendarDate, activities: [String] = []) -> Outcome {
        guard question.count <= maximumLength else {
            return .declined("The question is longer than \(maximumLength) characters.")
        }
        guard let words = QuestionTokens.words(of: question) else {
            return .declined("I found no words to read in the question.")
        }
        let part = QuestionCombinations.Part(question: question, anchor: anchor, activities: activities)
        if QuestionCombinations.applies(to: words) { return QuestionCombinations.read(words, part) }
        return plain(words, part)
    }

    /// A question of one query, as words; `part` holds the question as written, its anchor and the recorded
    /// activity names.
    static func plain(_ words: [String], _ part: QuestionCombinations.Part) -> Outcome {
        var read: [QuestionWord]
        switch meanings(of: words) {
        case .failure(let unread):
            let quoted = unread.words.prefix(3).map { "'\(QuestionTokens.written($0, in: part.question))'" }
                .joined(separator: ", ")
            return .declined("I could not read \(quoted).")
        case .success(let meanings):
            read = meanings
        }
        // "When was my HRV highest?", "when did I do my first swim": a day, not a condition.
        if words.first == "when", read.first == .condition(.either) { read[0] = .whichDay }
        guard let meanings = QuestionComparisons.prefixed(read) else {
            return .declined(
                "I could not read the comparison whole (a number needs its unit, and either of two conditions "
                    + "is not read as both).")
        }
        let clause = meanings.firstIndex { if case .condition = $0 { true } else { false } } ?? meanings.endIndex
        var scope = ConditionScope.rows
        if clause < meanings.endIndex, case .condition(let named) = meanings[clause] { scope = named }
        var reading = QuestionClauses(
            main: Array(meanings[..<clause]), condition: Array(meanings[clause...]).dropFirst(), scope: scope,
            recorded: part.activities)
        if let query = reading.query(anchor: part.anchor) { return .read(query) }
        guard let failure = reading.failure else {
            return .declined("I could not read the question whole as one query; its parts do not fit together.")
        }
        return .declined("I could not read the question whole: \(failure).")
    }

    /// The meaning of each phrase, longest phrases first; the words no phrase holds when there are any.
    static func meanings(of words: [String]) -> Result<[QuestionWord], UnreadWords> {
        var meanings: [QuestionWord] = []
        var unread: [String] = []
        var index = 0
        while index < words.count {
            var matched = false
            for length in stride(from: min(QuestionVocabulary.longestPhrase, words.count - index), through: 1, by: -1) {
                let phrase = words[index..<(index + length)].joined(separator: " ")
                if var meaning = QuestionVocabulary.phrases[phrase] {
                    // "min" is minutes after a number ("30 min"), the smallest elsewhere ("my min resting HR").
                    let afterNumber = Self.isNumber(meanings.last)
                    if phrase == "min", !afterNumber { meaning = .reducer(.min) }
                    // "above 60 bpm": a unit after a number, the heart rate elsewhere.
                    if phrase == "bpm", afterNumber { meaning = .unit(.beatsPerMinute) }
                    if meaning != .filler { meanings.append(meaning) }
                    index += length
                    matched = true
                    break
                }
                if let number = QuestionVocabulary.numbers[phrase] ?? QuestionTokens.number(phrase), length == 1 {
                    meanings.append(.number(number))
                    index += 1
                    matched = true
                    break
                }
            }
            if !matched {
                if !unread.contains(words[index]) { unread.append(words[index]) }
                index += 1
            }
        }
        return unread.isEmpty ? .success(meanings) : .failure(UnreadWords(words: unread))
    }

    /// The words of a question no phrase of the reader's vocabulary holds.
    struct UnreadWords: Error {
        let words: [String]
    }

    private static func isNumber(_ meaning: QuestionWord?) -> Bool {
        if case .number? = meaning { return true }
        return false
    }
}
