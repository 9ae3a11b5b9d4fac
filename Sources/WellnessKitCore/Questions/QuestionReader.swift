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

    /// - Parameters:
    ///   - question: the person's words.
    ///   - anchor: the day "today" means (the person's local today).
    /// - Returns: the reading, or nil when the question is not understood whole.
    public static func read(_ question: String, anchor: CalendarDate) -> Reading? {
        guard question.count <= maximumLength, let words = QuestionTokens.words(of: question) else { return nil }
        if QuestionCombinations.applies(to: words) { return QuestionCombinations.read(words, anchor: anchor) }
        return plain(words, anchor: anchor)
    }

    /// A question of one query, as words.
    static func plain(_ words: [String], anchor: CalendarDate) -> Reading? {
        guard var read = meanings(of: words) else { return nil }
        // "When was my HRV highest?", "when did I do my first swim": a day, not a condition.
        if words.first == "when", read.first == .condition(.either) { read[0] = .whichDay }
        guard let meanings = QuestionComparisons.prefixed(read) else { return nil }
        let clause = meanings.firstIndex { if case .condition = $0 { true } else { false } } ?? meanings.endIndex
        var scope = ConditionScope.rows
        if clause < meanings.endIndex, case .condition(let named) = meanings[clause] { scope = named }
        var reading = QuestionClauses(
            main: Array(meanings[..<clause]), condition: Array(meanings[clause...]).dropFirst(), scope: scope)
        return reading.query(anchor: anchor)
    }

    /// The meaning of each phrase, longest phrases first; nil at an unknown word.
    static func meanings(of words: [String]) -> [QuestionWord]? {
        var meanings: [QuestionWord] = []
        var index = 0
        while index < words.count {
            var matched = false
            for length in stride(from: min(QuestionVocabulary.longestPhrase, words.count - index), through: 1, by: -1) {
                let phrase = words[index..<(index + length)].joined(separator: " ")
                if var meaning = QuestionVocabulary.phrases[phrase] {
                    // "min" is minutes after a number ("30 min"), the smallest elsewhere ("my min resting HR").
                    let afterNumber = meanings.last.map { if case .number = $0 { true } else { false } } ?? false
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
            if !matched { return nil }
        }
        return meanings
    }
}
