/// English number words (docs/AI.md, "Number words"): a phrase of them is
/// one mention, checked as the number it writes.
extension NumberMention {
    static let ones: [String: Double] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
        "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    static let tens: [String: Double] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
        "ninety": 90,
    ]
    static let scales: [String: Double] = ["thousand": 1e3, "million": 1e6, "billion": 1e9]
    /// Counts written as one word: "twice", "thrice" ("once" only as a count: see ``words(_:at:)``).
    static let counts: [String: Double] = ["twice": 2, "thrice": 3]
    /// Vague plural quantities: a number no fact can ground.
    static let vague: Set<String> = ["dozens", "hundreds", "thousands", "millions", "billions", "scores"]
    /// What makes "once" a count: "once a week", "once this week".
    static let afterOnce: Set<String> = ["a", "an", "per", "every", "each", "this", "last", "today", "yesterday"]
    /// What makes "half" a number: "half an hour", "half of your runs", "half the time".
    static let afterHalf: Set<String> = ["a", "an", "of", "the", "as", "your", "my", "that", "this"]

    /// The longest word a phrase or a unit may hold (scalars).
    static let maximumWordLength = 40

    /// A word of a phrase, lowercased, and where it lies.
    struct Word {
        var text: String
        var start: Int
        var end: Int
    }

    /// Up to `limit` words from `start`, separated by spaces or one hyphen ("twenty-one").
    static func words(_ text: ScannedText, from start: Int, limit: Int) -> [Word] {
        var found: [Word] = []
        var index = start
        while found.count < limit {
            let end = endOfWord(text, from: index)
            // No number word or unit is longer; a longer word ends the phrase.
            guard end > index, end - index <= maximumWordLength else { break }
            found.append(Word(text: text.string(index, end).lowercased(), start: index, end: end))
            var next = end
            var hyphens = 0
            while let scalar = text.at(next), NumeralScalar.isSpace(scalar) || (isHyphen(scalar) && hyphens == 0) {
                if isHyphen(scalar) { hyphens += 1 }
                next += 1
            }
            guard next > end else { break }
            index = next
        }
        return found
    }

    static func isHyphen(_ scalar: Unicode.Scalar) -> Bool {
        [0x2D, 0x2010, 0x2011].contains(scalar.value)
    }

    /// The number phrase starting at the word at `start`, if it is one.
    /// "one" alone is read only before a unit ("one hour", not "one of your
    /// runs", "no one"); "a"/"an" only before a scale ("a hundred", "a dozen",
    /// "a couple"); ordinals ("third") are positions, not read.
    static func words(_ text: ScannedText, at start: Int) -> Reading? {
        if let previous = text.at(start - 1), NumeralScalar.isLetter(previous) { return nil }
        let firstEnd = endOfWord(text, from: start)
        guard firstEnd - start <= maximumWordLength else { return nil }
        let first = text.string(start, firstEnd).lowercased()
        let starts = ones[first] != nil || tens[first] != nil || counts[first] != nil || vague.contains(first)
        guard starts || ["a", "an", "half", "once"].contains(first) else { return nil }
        let phrase = words(text, from: start, limit: 12)
        guard let head = phrase.first else { return nil }
        if let count = counts[head.text] {
            return Reading(text, head.start, head.end, kind: .number, value: count, decimals: 0).counting()
        }
        if vague.contains(head.text) {
            return Reading(text, head.start, head.end, kind: .number, value: .nan, decimals: 0)
        }
        if head.text == "once" {
            guard phrase.count > 1, afterOnce.contains(phrase[1].text) else { return nil }
            return Reading(text, head.start, head.end, kind: .number, value: 1, decimals: 0).counting()
        }
        if head.text == "half" {
            guard phrase.count > 1, afterHalf.contains(phrase[1].text) else { return nil }
            return Reading(text, head.start, head.end, kind: .number, value: 0.5, decimals: 1)
        }
        return phraseValue(phrase, in: text)
    }

    /// Reads "twelve thousand", "two hundred and five", "twenty-one", "a
    /// dozen", "two dozen", "a couple", "one and a half", "a half hour".
    private static func phraseValue(_ phrase: [Word], in text: ScannedText) -> Reading? {
        var index = 0
        var group = 0.0
        var total = 0.0
        var hasOnes = false
        var hasTens = false
        var hasHundred = false
        var groupEmpty = true
        var lastScale = Double.infinity
        var consumed = 0
        var decimals = 0
        if ["a", "an"].contains(phrase[0].text) {
            guard phrase.count > 1 else { return nil }
            switch phrase[1].text {
            case "dozen": return reading(phrase, 2, value: 12, decimals: 0, in: text)
            case "couple": return reading(phrase, 2, value: 2, decimals: 0, in: text)
            case "half" where knownUnit(after: phrase[1].end, in: text):
                return reading(phrase, 2, value: 0.5, decimals: 1, in: text)
            case "hundred", "thousand", "million", "billion":
                group = 1
                groupEmpty = false
                index = 1
            default: return nil
            }
        }
        while index < phrase.count {
            let word = phrase[index].text
            if let value = ones[word] {
                if hasOnes || (hasTens && (value >= 10 || value == 0)) { break }
                group += value
                hasOnes = true
            } else if let value = tens[word] {
                if hasOnes || hasTens { break }
                group += value
                hasTens = true
            } else if word == "hundred" {
                if groupEmpty || hasHundred || group >= 100 || group == 0 { break }
                group *= 100
                hasHundred = true
                hasOnes = false
                hasTens = false
            } else if let scale = scales[word] {
                if groupEmpty || scale >= lastScale || group == 0 { break }
                total += group * scale
                group = 0
                (hasOnes, hasTens, hasHundred, groupEmpty) = (false, false, false, true)
                lastScale = scale
                index += 1
                consumed = index
                continue
            } else if word == "dozen" {
                if groupEmpty || hasHundred || total > 0 { break }
                group *= 12
                consumed = index + 1
                break
            } else if word == "and", consumed == index {
                if index + 2 < phrase.count, phrase[index + 1].text == "a", phrase[index + 2].text == "half" {
                    group += 0.5
                    decimals = 1
                    consumed = index + 3
                    break
                }
                let next = index + 1 < phrase.count ? phrase[index + 1].text : ""
                guard hasHundred || lastScale.isFinite, ones[next] != nil || tens[next] != nil, groupEmpty || hasHundred
                else { break }
                index += 1
                continue
            } else {
                break
            }
            groupEmpty = false
            index += 1
            consumed = index
        }
        guard consumed > 0 else { return nil }
        // "one" alone is mostly a pronoun or an article: read before a unit only.
        if consumed == 1, phrase[0].text == "one", !isMeasure(oneAt: phrase[0], in: text) { return nil }
        return reading(phrase, consumed, value: total + group, decimals: decimals, in: text)
    }

    /// "one" before a unit ("one hour"), but not the idiom "one step at a time".
    private static func isMeasure(oneAt word: Word, in text: ScannedText) -> Bool {
        guard case .known(_, let end)? = unitWord(after: word.end, in: text) else { return false }
        var start = end
        while let scalar = text.at(start), NumeralScalar.isSpace(scalar) { start += 1 }
        return words(text, from: start, limit: 3).map(\.text) != ["at", "a", "time"]
    }

    private static func reading(_ phrase: [Word], _ count: Int, value: Double, decimals: Int, in text: ScannedText)
        -> Reading
    {
        Reading(text, phrase[0].start, phrase[count - 1].end, kind: .number, value: value, decimals: decimals)
    }

    static let multipliers: [String: Double] = ["hundred": 100, "thousand": 1e3, "million": 1e6, "billion": 1e9]

    /// Digits with a scale after them: "12 thousand", "1.5 million", "12k", "2 dozen".
    static func scaled(_ reading: Reading, in text: ScannedText) -> Reading {
        guard reading.mention.kind == .number, reading.mention.value.isFinite else { return reading }
        if let scalar = text.at(reading.end), scalar == "k" || scalar == "K",
            text.at(reading.end + 1).map(isWordCharacter) != true
        {
            return rescaled(extended(reading, to: reading.end + 1, in: text), by: 1e3)
        }
        guard let space = text.at(reading.end), NumeralScalar.isSpace(space) else { return reading }
        let start = reading.end + 1
        let end = endOfWord(text, from: start)
        let word = text.string(start, end).lowercased()
        if let multiplier = multipliers[word] { return rescaled(extended(reading, to: end, in: text), by: multiplier) }
        if word == "dozen" {
            var result = extended(reading, to: end, in: text)
            result.mention.value *= 12
            return result
        }
        return reading
    }

    /// A reading multiplied by a power of ten, keeping the decimals it still writes.
    private static func rescaled(_ reading: Reading, by multiplier: Double) -> Reading {
        var result = reading
        result.mention.value *= multiplier
        var shift = 0
        var remaining = multiplier
        while remaining >= 10 {
            remaining /= 10
            shift += 1
        }
        result.mention.decimals = max(0, reading.mention.decimals - shift)
        return result
    }
}

extension NumberMention.Reading {
    /// A count written as a word ("twice"), which no unit word follows.
    func counting() -> Self {
        var result = self
        result.isCount = true
        return result
    }
}
