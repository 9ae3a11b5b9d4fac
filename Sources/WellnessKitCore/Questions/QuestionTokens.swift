/// A question as lowercase words and numbers, spelling slips corrected
/// against the reader's vocabulary.
enum QuestionTokens {
    /// The words of `question`: letters (with apostrophes) and numbers
    /// ("10,000", "6.5", "10k"); nil when it holds nothing readable.
    static func words(of question: String) -> [String]? {
        var words: [String] = []
        var word = ""
        let characters = Array(question.lowercased().replacingApostrophes)
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            let previous = index > 0 ? characters[index - 1] : " "
            let inNumber = (character == "," || character == ".") && previous.isNumber && next.isNumber
            if character.isLetter || character.isNumber || character == "'" || inNumber {
                if character != "," { word.append(character) }
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        let corrected = words.map(corrected)
        return corrected.isEmpty ? nil : corrected
    }

    /// "10000", "6.5", "10k" as a number.
    static func number(_ word: String) -> Double? {
        let value: Double
        if word.hasSuffix("k"), let thousands = Double(word.dropLast()) {
            value = thousands * 1000
        } else if word.first?.isNumber == true, let number = Double(word) {
            value = number
        } else {
            return nil
        }
        // A number past a metric's range reads as nothing: no window or count is that large.
        return value.isFinite && abs(value) < 1e12 ? value : nil
    }

    private static let vocabulary: [String] = Array(
        Set(QuestionVocabulary.phrases.keys.flatMap { $0.split(separator: " ").map(String.init) })
            .union(QuestionVocabulary.numbers.keys)
    ).sorted()

    private static let known = Set(vocabulary)

    /// A word of the vocabulary, or the one vocabulary word a slip away
    /// ("avrage", "yesterady"); unknown words stay as they are.
    static func corrected(_ word: String) -> String {
        guard word.count >= 3, !known.contains(word), number(word) == nil else { return word }
        let allowed = word.count >= 7 ? 2 : 1
        let close = vocabulary.filter { abs($0.count - word.count) <= allowed && distance(word, $0) <= allowed }
        return close.count == 1 ? close[0] : word
    }

    /// Edits between two words, a swap of neighbours counting as one.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
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
