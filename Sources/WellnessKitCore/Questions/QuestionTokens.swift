/// A question as lowercase words and numbers, spelling slips corrected
/// against the reader's vocabulary.
enum QuestionTokens {
    /// The words of `question`: letters (with apostrophes) and numbers
    /// ("10,000", "6.5", "10k"); nil when it holds nothing readable.
    static func words(of question: String) -> [String]? {
        let corrected = quantities(in: rawWords(of: question).map(corrected))
        return corrected.isEmpty ? nil : corrected
    }

    /// The word of `question` as written (lowercase) that reads as `word` after correction: the
    /// words a declined question names are the person's, not their corrections ("weather", not "water").
    static func written(_ word: String, in question: String) -> String {
        rawWords(of: question).first { corrected($0) == word } ?? word
    }

    /// The lowercase words and numbers of `question`, uncorrected.
    private static func rawWords(of question: String) -> [String] {
        var words: [String] = []
        var word = ""
        let characters = Array(question.lowercased().replacingApostrophes)
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            let previous = index > 0 ? characters[index - 1] : " "
            let inNumber = (character == "," || character == ".") && previous.isNumber && next.isNumber
            if character.isLetter || character.isNumber || character == "'" || inNumber {
                if character != "," { word.append(character) }
            } else if character == "%" {
                // "20%" is "20 percent": the sign is a unit, not a separator to drop.
                if !word.isEmpty { words.append(word) }
                words.append("percent")
                word = ""
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// Quantities in words as numbers: "an hour" as "1 hour", "half an hour" as
    /// "30 minutes", "ten thousand" as "10000".
    static func quantities(in words: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        func next(_ phrase: [String]) -> Bool {
            index + phrase.count <= words.count && Array(words[index..<(index + phrase.count)]) == phrase
        }
        while index < words.count {
            if let (phrase, replacement) = spelledQuantities.first(where: { next($0.0) }) {
                result += replacement
                index += phrase.count
                continue
            }
            let value = QuestionVocabulary.numbers[words[index]] ?? number(words[index])
            // "seven and a half hours": 450 minutes.
            if let value, next([words[index], "and", "a", "half"]), index + 4 < words.count,
                ["hours", "hour", "hrs"].contains(words[index + 4])
            {
                result += [String(value * 60 + 30), "minutes"]
                index += 5
                continue
            }
            if let value, index + 1 < words.count, let scale = scales[words[index + 1]] {
                result.append(String(value * scale))
                index += 2
                continue
            }
            result.append(words[index])
            index += 1
        }
        return result
    }

    /// Longest phrases first, so that "an hour and a half" is not read as "an hour".
    private static let spelledQuantities: [([String], [String])] = [
        (["an", "hour", "and", "a", "half"], ["90", "minutes"]),
        (["one", "and", "a", "half", "hours"], ["90", "minutes"]),
        (["half", "an", "hour"], ["30", "minutes"]), (["a", "half", "hour"], ["30", "minutes"]),
        (["an", "hour"], ["1", "hour"]), (["a", "hour"], ["1", "hour"]),
    ]

    private static let scales: [String: Double] = ["thousand": 1000, "hundred": 100]

    /// "10000", "6.5", "10k" as a number.
    static func number(_ word: String) -> Double? {
        let value: Double
        if word.hasSuffix("k"), let thousands = Double(word.dropLast()) {
            value = thousands * 1000
        } else if let day = ordinal(word) {
            value = day
        } else if word.first?.isNumber == true, let number = Double(word) {
            value = number
        } else {
            return nil
        }
        // A number past a metric's range reads as nothing: no window or count is that large.
        return value.isFinite && abs(value) < 1e12 ? value : nil
    }

    /// "1st", "15th": a day of a month, as the number.
    private static func ordinal(_ word: String) -> Double? {
        let digits = word.dropLast(2)
        guard ["st", "nd", "rd", "th"].contains(String(word.suffix(2))), !digits.isEmpty,
            digits.allSatisfy(\.isASCII), let day = Int(digits), day >= 1, day <= 31
        else { return nil }
        return Double(day)
    }

    /// Plural weekdays ("mondays") name every such day, not one: never read as the singular.
    private static let weekdayPlurals: Set<String> = [
        "sundays", "mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays",
    ]

    private static let known = Set(
        QuestionVocabulary.phrases.keys.flatMap { $0.split(separator: " ").map(String.init) }
    )
    .union(QuestionVocabulary.numbers.keys)

    /// The words a slip may be corrected to: short month names and "may" are too close to other words
    /// ("slep" is not "sep", "mnay" is "many", not "may").
    private static let vocabulary: [String] = Array(
        known.subtracting(QuestionVocabulary.shortMonthNames.joined()).subtracting(["may"])
    ).sorted()

    /// A word of the vocabulary, or the one vocabulary word a slip away
    /// ("avrage", "yesterady"); unknown words stay as they are. A correction
    /// must never turn one real word into another ("lightest" is not
    /// "highest", "speed" not "spend"): the first letter must match, a short
    /// word may only lose, gain or swap a letter, and an English word near
    /// the vocabulary (``QuestionRealWords``) is never corrected.
    static func corrected(_ word: String) -> String {
        guard word.count >= 3, !known.contains(word), number(word) == nil,
            !QuestionRealWords.words.contains(word), !weekdayPlurals.contains(word)
        else { return word }
        let close = vocabulary.filter { isSlip(word, of: $0) }
        if close.count == 1 { return close[0] }
        // "slep" is a slip of "sleep" and of "slept": either reads the same, so either will do.
        let meanings = close.map { QuestionVocabulary.phrases[$0] }
        if let first = meanings.first, let meaning = first, meanings.allSatisfy({ $0 == meaning }) {
            return close[0]
        }
        return word
    }

    /// Whether `word` is `target` with a slip: same first letter; within two edits
    /// for words of 7 letters or more, else one edit that is not a substitution.
    static func isSlip(_ word: String, of target: String) -> Bool {
        guard word.first == target.first else { return false }
        let allowed = word.count >= 7 ? 2 : 1
        guard abs(target.count - word.count) <= allowed, distance(word, target) <= allowed else { return false }
        return allowed == 2 || word.count != target.count || distance(word, target, substitution: 2) <= 1
    }

    /// Edits between two words, a swap of neighbours counting as one.
    static func distance(_ a: String, _ b: String, substitution: Int = 1) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : substitution
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

extension String {
    fileprivate var replacingApostrophes: String {
        String(map { $0 == "\u{2019}" ? "'" : $0 })
    }
}
