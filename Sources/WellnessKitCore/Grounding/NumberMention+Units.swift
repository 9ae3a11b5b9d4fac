/// The word after a number that says what it counts (docs/AI.md, "Units").
extension NumberMention {
    /// What follows a number: a unit the check knows, another noun, or "percent".
    enum UnitWord: Equatable {
        case known(String, end: Int)
        case noun(String)
        case percent(end: Int)
    }

    /// The unit written after `end`: directly ("5km"), after spaces or a
    /// hyphen ("5 km", "5-day"); a known unit may follow one other word ("5
    /// consecutive days", "4 more hours"); otherwise the first word is a noun
    /// unit ("30 marathons") unless it is a function word ("7 on average") or a month.
    static func unitWord(after end: Int, in text: ScannedText) -> UnitWord? {
        var start = end
        var hyphens = 0
        while let scalar = text.at(start), start - end < 3,
            NumeralScalar.isSpace(scalar) || (isHyphen(scalar) && hyphens == 0)
        {
            if isHyphen(scalar) { hyphens += 1 }
            start += 1
        }
        var phrase = words(text, from: start, limit: 2)
        guard var first = phrase.first else { return nil }
        // A hyphenated noun is one unit: "check-ins".
        if let hyphen = text.at(first.end), isHyphen(hyphen), let letter = text.at(first.end + 1),
            NumeralScalar.isLetter(letter)
        {
            let end = min(endOfWord(text, from: first.end + 1), first.start + maximumWordLength)
            first = Word(text: text.string(first.start, end).lowercased(), start: first.start, end: end)
            phrase = [first] + after(end, in: text)
        }
        if ["percent", "pct"].contains(first.text) { return .percent(end: first.end) }
        if first.text == "per", phrase.count > 1, phrase[1].text == "cent" { return .percent(end: phrase[1].end) }
        if MeasureUnit.named(first.text) != nil { return .known(first.text, end: first.end) }
        // "10 this week", "3 per day": the period a number falls in, not its unit.
        if phrase.count > 1, MeasureUnit.named(phrase[1].text) != nil, !isNumberWord(first.text),
            !periodWords.contains(first.text)
        {
            return .known(phrase[1].text, end: phrase[1].end)
        }
        // Scripts without case (Chinese, Japanese) write no space after a unit: a
        // known unit may begin the "word"; any other is no unit.
        if !first.text.unicodeScalars.contains(where: { $0.properties.isCased }) {
            return MeasureUnit.unspacedUnits.first { first.text.hasPrefix($0) }.map { .known($0, end: first.end) }
        }
        if MeasureUnit.functionWords.contains(first.text) || month(first.text) != nil || isNumberWord(first.text) {
            return nil
        }
        return .noun(first.text)
    }

    /// Words that put a time unit after a number as its period ("this week", "per day").
    static let periodWords: Set<String> = ["this", "that", "last", "next", "per", "a", "an", "each", "every", "the"]

    /// The word after `end` and spaces, as a one-word phrase.
    private static func after(_ end: Int, in text: ScannedText) -> [Word] {
        var start = end
        while let scalar = text.at(start), NumeralScalar.isSpace(scalar) { start += 1 }
        return start > end ? Array(words(text, from: start, limit: 1)) : []
    }

    /// Whether a unit the check knows follows `end` ("one hour", "a half hour").
    static func knownUnit(after end: Int, in text: ScannedText) -> Bool {
        if case .known? = unitWord(after: end, in: text) { return true }
        return false
    }

    private static func isNumberWord(_ word: String) -> Bool {
        ones[word] != nil || tens[word] != nil || multipliers[word] != nil || word == "dozen"
    }

    /// The readings with their units: the word after each quantity, and in a
    /// range ("7-8 hours", "seven to eight hours") the unit of its end.
    static func withUnits(_ readings: [Reading], in text: ScannedText) -> [Reading] {
        var result = readings
        for index in result.indices where result[index].mention.kind == .number && !result[index].isCount {
            switch unitWord(after: result[index].end, in: text) {
            case .known(let word, _)?, .noun(let word)?: result[index].mention.unit = word
            case .percent(let end)?:
                result[index] = extended(result[index], to: end, in: text)
                result[index].mention.kind = .percent
            case nil: break
            }
        }
        for index in result.indices.dropLast().reversed() {
            let next = result[index + 1]
            guard result[index].mention.kind == .number, !result[index].isCount, result[index].mention.unit == nil,
                next.mention.kind == .number, let unit = next.mention.unit
            else { continue }
            let between = text.string(result[index].end, next.start).lowercased()
                .unicodeScalars.filter { !NumeralScalar.isSpace($0) }
            if ["-", "\u{2013}", "\u{2014}", "to"].contains(String(String.UnicodeScalarView(between))) {
                result[index].mention.unit = unit
            }
        }
        return result
    }
}
