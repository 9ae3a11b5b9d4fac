/// A number written in a text: digits of any script with optional thousands
/// separators, decimals, sign and percent sign; a number form (Ⅻ, ⑫, ½); an
/// English number phrase ("twelve thousand", "a dozen", "half"); or an ISO
/// date. Offsets count Unicode scalars (Python's `str` indices). The rules
/// are docs/AI.md's "What a text may write".
public struct NumberMention: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A quantity: "7.2", "10,000", "-0.3", "twelve thousand".
        case number
        /// A percentage: "85%", "85 percent".
        case percent
        /// A day of the month beside a month name: "3" in "3 November" or "November 3".
        case dayOfMonth = "day_of_month"
        /// A year beside a month name: "2025" in "November 2025".
        case year
        /// "2025-11-03".
        case date
    }

    public var text: String
    public var kind: Kind
    /// The number as written (a date: days since 1970-01-01); not a number
    /// (NaN) when the text cannot be read as one number ("5,7.2", "dozens"),
    /// which no fact matches.
    public var value: Double
    /// Digits written after the decimal point.
    public var decimals: Int
    /// Whether the text wrote a sign: "-0.3" must match a negative fact, "0.3" either sign.
    public var signed: Bool
    /// The month named beside a day of the month or a year (1–12).
    public var month: Int?
    public var start: Int
    public var end: Int
    /// The word written after the number that says what it counts ("km",
    /// "hours", "steps", "marathons"), lowercased; nil when none does.
    public var unit: String?
    /// How many digits a plain run of digits has (no separator, sign or
    /// word); 0 otherwise. Only such a run may be a day of the month or a year.
    var plainDigits: Int = 0
}

extension NumberMention {
    /// A mention and where it lies among the scalars the reader sees.
    struct Reading {
        var mention: NumberMention
        var start: Int
        var end: Int
        /// A count word ("twice"): "times" is its unit, and no word after it is.
        var isCount = false

        init(_ text: ScannedText, _ start: Int, _ end: Int, kind: Kind, value: Double, decimals: Int) {
            let span = text.span(start, end)
            mention = NumberMention(
                text: span.text, kind: kind, value: value, decimals: decimals, signed: false, month: nil,
                start: span.start, end: span.end, unit: nil)
            self.start = start
            self.end = end
        }
    }

    /// The mentions in `text`, in order.
    static func find(in text: String) -> [NumberMention] {
        let scanned = ScannedText(text)
        var readings: [Reading] = []
        var index = 0
        while index < scanned.count {
            let scalar = scanned[index]
            if NumeralScalar.isNumeral(scalar) {
                guard startsToken(scanned, at: index) else {
                    index += 1
                    continue
                }
                let reading = isoDate(scanned, at: index) ?? scaled(numeral(scanned, at: index), in: scanned)
                readings.append(reading)
                index = max(reading.end, index + 1)
            } else if NumeralScalar.isLetter(scalar) {
                let wordEnd = endOfWord(scanned, from: index)
                if let reading = words(scanned, at: index) ?? otherNumber(scanned, at: index, wordEnd: wordEnd) {
                    readings.append(reading)
                    index = max(reading.end, index + 1)
                } else {
                    index = max(wordEnd, index + 1)
                }
            } else {
                index += 1
            }
        }
        readings = readings.map { classifiedByMonth($0, in: scanned) }
        return withUnits(readings, in: scanned).map(\.mention)
    }

    /// A digit or number form at `index` starts a number unless it continues a
    /// word or another number ("x2", "7.25", "1,000").
    static func startsToken(_ text: ScannedText, at index: Int) -> Bool {
        guard let previous = text.at(index - 1) else { return true }
        if NumeralScalar.gluesToNumeral(previous) { return false }
        if !NumeralScalar.isSpace(previous), NumeralScalar.isSeparator(previous),
            let before = text.at(index - 2), NumeralScalar.isNumeral(before)
        {
            return false
        }
        return true
    }

    /// "2025-11-03", in any script's digits.
    private static func isoDate(_ text: ScannedText, at start: Int) -> Reading? {
        let shape = Array("dddd-dd-dd".unicodeScalars)
        guard start + shape.count <= text.count else { return nil }
        var ascii = ""
        for (offset, expected) in shape.enumerated() {
            let actual = text[start + offset]
            if expected == "d" {
                guard NumeralScalar.isDecimalDigit(actual), let digit = NumeralScalar.digitValue(actual) else {
                    return nil
                }
                ascii += String(digit)
            } else {
                guard actual == expected else { return nil }
                ascii += "-"
            }
        }
        let end = start + shape.count
        if !endsToken(text, at: end) { return nil }
        guard let date = CalendarDate(parsing: ascii.utf8) else { return nil }
        return Reading(text, start, end, kind: .date, value: Double(date.daysSinceEpoch), decimals: 0)
    }

    /// A whole number of at most four plain digits beside a month name is a
    /// day of the month (1–31) or a year.
    private static func classifiedByMonth(_ reading: Reading, in text: ScannedText) -> Reading {
        let mention = reading.mention
        guard mention.kind == .number, (1...4).contains(mention.plainDigits),
            let month = monthName(before: reading.start, in: text) ?? monthName(after: reading.end, in: text)
        else { return reading }
        var classified = reading
        classified.mention.month = month
        if (1...31).contains(mention.value) {
            classified.mention.kind = .dayOfMonth
        } else if mention.plainDigits == 4 {
            classified.mention.kind = .year
        }
        return classified
    }

    static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december",
    ]

    /// The month named before a number: "November 3", "Nov 3", "November 16, 2025".
    private static func monthName(before index: Int, in text: ScannedText) -> Int? {
        var end = skipping(" ,", backwardFrom: index, in: text)
        if let month = word(endingAt: end, in: text).flatMap(month) { return month }
        // "November 16, 2025": past the day of the month.
        var start = end
        while start > 0, NumeralScalar.isDecimalDigit(text[start - 1]) { start -= 1 }
        guard start < end else { return nil }
        end = skipping(" ", backwardFrom: start, in: text)
        return word(endingAt: end, in: text).flatMap(month)
    }

    /// The month named after a number: "3 November", "3rd of Nov", and the
    /// first day of a range, "3 and 16 November", "3-16 November".
    private static func monthName(after index: Int, in text: ScannedText, acrossRange: Bool = true) -> Int? {
        var start = skipping(" ", forwardFrom: index, in: text)
        var next = word(startingAt: start, in: text)
        if ["st", "nd", "rd", "th"].contains(next.lowercased()) {
            start = skipping(" ", forwardFrom: start + next.unicodeScalars.count, in: text)
            next = word(startingAt: start, in: text)
        }
        if next.lowercased() == "of" {
            start = skipping(" ", forwardFrom: start + 2, in: text)
            next = word(startingAt: start, in: text)
        }
        if let month = month(next) { return month }
        let joiner = next.lowercased()
        let isRange =
            joiner == "and" || joiner == "to"
            || (start < text.count && ["-", "\u{2013}"].contains(text[start]))
        guard acrossRange, isRange else { return nil }
        var after = skipping(" ", forwardFrom: start + max(next.unicodeScalars.count, 1), in: text)
        guard after < text.count, NumeralScalar.isDecimalDigit(text[after]) else { return nil }
        while after < text.count, NumeralScalar.isDecimalDigit(text[after]) { after += 1 }
        return monthName(after: after, in: text, acrossRange: false)
    }

    /// Where the word at `start` ends: at the first scalar that is no letter,
    /// or where a cased script meets an uncased one ("steps歩きました" is
    /// "steps" and "歩きました": Japanese and Chinese put no space between them).
    static func endOfWord(_ text: ScannedText, from start: Int) -> Int {
        var end = start
        let cased = text.at(start)?.properties.isCased
        while end < text.count, NumeralScalar.isLetter(text[end]), text[end].properties.isCased == cased { end += 1 }
        return end
    }

    /// The word at `start`, or "" when it is longer than any word the reader looks for.
    static func word(startingAt start: Int, in text: ScannedText) -> String {
        let end = endOfWord(text, from: start)
        return end - start <= maximumWordLength ? text.string(start, end) : ""
    }

    private static func word(endingAt end: Int, in text: ScannedText) -> String? {
        var start = end
        while start > 0, end - start <= maximumWordLength, NumeralScalar.isLetter(text[start - 1]) { start -= 1 }
        return start < end && end - start <= maximumWordLength ? text.string(start, end) : nil
    }

    static func skipping(_ characters: String, forwardFrom index: Int, in text: ScannedText) -> Int {
        var index = index
        while index < text.count, characters.unicodeScalars.contains(text[index]) { index += 1 }
        return index
    }

    private static func skipping(_ characters: String, backwardFrom index: Int, in text: ScannedText) -> Int {
        var index = index
        while index > 0, characters.unicodeScalars.contains(text[index - 1]) { index -= 1 }
        return index
    }

    /// 1–12 for a month's name or its three-letter abbreviation.
    static func month(_ word: String) -> Int? {
        let lowered = word.lowercased()
        guard lowered.count >= 3 else { return nil }
        for (index, name) in monthNames.enumerated() where name == lowered || name.prefix(3) == lowered {
            return index + 1
        }
        return nil
    }

    /// A token ends at `index` unless a letter or digit follows, or a point and a digit ("2025-11-03.5").
    private static func endsToken(_ text: ScannedText, at index: Int) -> Bool {
        guard let next = text.at(index) else { return true }
        if NumeralScalar.isLetter(next) || NumeralScalar.isNumeral(next) || next == "_" { return false }
        return !(NumeralScalar.isPoint(next) && text.at(index + 1).map(NumeralScalar.isNumeral) == true)
    }
}
