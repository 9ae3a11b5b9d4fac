/// A number written in a text: digits with optional thousands separators,
/// decimals, sign and percent sign, or an ISO date. Offsets count Unicode
/// scalars (Python's `str` indices).
public struct NumberMention: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A quantity: "7.2", "10,000", "-0.3".
        case number
        /// A percentage: "85%".
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
    /// The number as written (a date: days since 1970-01-01).
    public var value: Double
    /// Digits written after the decimal point.
    public var decimals: Int
    /// Whether the text wrote a sign: "-0.3" must match a negative fact, "0.3" either sign.
    public var signed: Bool
    /// The month named beside a day of the month or a year (1–12).
    public var month: Int?
    public var start: Int
    public var end: Int
}

extension NumberMention {
    /// The mentions in `text`, in order.
    static func find(in text: String) -> [NumberMention] {
        let scalars = Array(text.unicodeScalars)
        var mentions: [NumberMention] = []
        var index = 0
        while index < scalars.count {
            guard isDigit(scalars[index]), startsToken(scalars, at: index) else {
                index += 1
                continue
            }
            if let date = isoDate(scalars, at: index) {
                mentions.append(date)
                index = date.end
                continue
            }
            let mention = number(scalars, at: index)
            mentions.append(mention)
            index = max(mention.end, index + 1)
        }
        return mentions.map { classifiedByMonth($0, in: scalars) }
    }

    private static func number(_ scalars: [Unicode.Scalar], at start: Int) -> NumberMention {
        var end = start
        var digits = ""
        // Thousands separators only between groups of three digits: "10,000" but not "3,4".
        while end < scalars.count {
            if isDigit(scalars[end]) {
                digits.unicodeScalars.append(scalars[end])
                end += 1
            } else if scalars[end] == ",", isThousandsGroup(scalars, at: end + 1) {
                end += 1
            } else {
                break
            }
        }
        var decimals = 0
        if end + 1 < scalars.count, scalars[end] == ".", isDigit(scalars[end + 1]) {
            digits.append(".")
            end += 1
            while end < scalars.count, isDigit(scalars[end]) {
                digits.unicodeScalars.append(scalars[end])
                decimals += 1
                end += 1
            }
        }
        var first = start
        var negative = false
        if start > 0, ["-", "\u{2212}", "+"].contains(scalars[start - 1]),
            start == 1 || !isWordCharacter(scalars[start - 2])
        {
            first = start - 1
            negative = scalars[start - 1] != "+"
        }
        let percent = end < scalars.count && scalars[end] == "%"
        let last = percent ? end + 1 : end
        let magnitude = Double(digits) ?? 0
        return NumberMention(
            text: String(String.UnicodeScalarView(scalars[first..<last])),
            kind: percent ? .percent : .number, value: negative ? -magnitude : magnitude,
            decimals: decimals, signed: first < start, month: nil, start: first, end: last)
    }

    private static func isoDate(_ scalars: [Unicode.Scalar], at start: Int) -> NumberMention? {
        let shape = "dddd-dd-dd"
        guard start + shape.count <= scalars.count else { return nil }
        for (offset, expected) in shape.unicodeScalars.enumerated() {
            let actual = scalars[start + offset]
            if expected == "d" ? !isDigit(actual) : actual != expected { return nil }
        }
        let end = start + shape.count
        if !endsToken(scalars, at: end) { return nil }
        let text = String(String.UnicodeScalarView(scalars[start..<end]))
        guard let date = CalendarDate(parsing: text.utf8) else { return nil }
        return NumberMention(
            text: text, kind: .date, value: Double(date.daysSinceEpoch), decimals: 0, signed: false,
            month: nil, start: start, end: end)
    }

    /// A whole number of at most four digits beside a month name is a day of
    /// the month (1–31) or a year.
    private static func classifiedByMonth(_ mention: NumberMention, in scalars: [Unicode.Scalar]) -> NumberMention {
        guard mention.kind == .number, mention.decimals == 0, !mention.signed, mention.text.count <= 4,
            let month = monthName(before: mention.start, in: scalars) ?? monthName(after: mention.end, in: scalars)
        else { return mention }
        var classified = mention
        classified.month = month
        if (1...31).contains(mention.value) {
            classified.kind = .dayOfMonth
        } else if mention.text.count == 4 {
            classified.kind = .year
        }
        return classified
    }

    static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december",
    ]

    /// The month named before a number: "November 3", "Nov 3", "November 16, 2025".
    private static func monthName(before index: Int, in scalars: [Unicode.Scalar]) -> Int? {
        var end = skipping(" ,", backwardFrom: index, in: scalars)
        if let month = word(endingAt: end, in: scalars).flatMap(month) { return month }
        // "November 16, 2025": past the day of the month.
        var start = end
        while start > 0, isDigit(scalars[start - 1]) { start -= 1 }
        guard start < end else { return nil }
        end = skipping(" ", backwardFrom: start, in: scalars)
        return word(endingAt: end, in: scalars).flatMap(month)
    }

    /// The month named after a number: "3 November", "3rd of Nov", and the
    /// first day of a range, "3 and 16 November", "3-16 November".
    private static func monthName(after index: Int, in scalars: [Unicode.Scalar], acrossRange: Bool = true) -> Int? {
        var start = skipping(" ", forwardFrom: index, in: scalars)
        var next = word(startingAt: start, in: scalars)
        if ["st", "nd", "rd", "th"].contains(next.lowercased()) {
            start = skipping(" ", forwardFrom: start + next.unicodeScalars.count, in: scalars)
            next = word(startingAt: start, in: scalars)
        }
        if next.lowercased() == "of" {
            start = skipping(" ", forwardFrom: start + 2, in: scalars)
            next = word(startingAt: start, in: scalars)
        }
        if let month = month(next) { return month }
        let joiner = next.lowercased()
        let isRange =
            joiner == "and" || joiner == "to"
            || (start < scalars.count && ["-", "\u{2013}"].contains(scalars[start]))
        guard acrossRange, isRange else { return nil }
        var after = skipping(" ", forwardFrom: start + max(next.unicodeScalars.count, 1), in: scalars)
        guard after < scalars.count, isDigit(scalars[after]) else { return nil }
        while after < scalars.count, isDigit(scalars[after]) { after += 1 }
        return monthName(after: after, in: scalars, acrossRange: false)
    }

    private static func word(startingAt start: Int, in scalars: [Unicode.Scalar]) -> String {
        var end = start
        while end < scalars.count, isLetter(scalars[end]) { end += 1 }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }

    private static func word(endingAt end: Int, in scalars: [Unicode.Scalar]) -> String? {
        var start = end
        while start > 0, isLetter(scalars[start - 1]) { start -= 1 }
        return start < end ? String(String.UnicodeScalarView(scalars[start..<end])) : nil
    }

    private static func skipping(_ characters: String, forwardFrom index: Int, in scalars: [Unicode.Scalar]) -> Int {
        var index = index
        while index < scalars.count, characters.unicodeScalars.contains(scalars[index]) { index += 1 }
        return index
    }

    private static func skipping(_ characters: String, backwardFrom index: Int, in scalars: [Unicode.Scalar]) -> Int {
        var index = index
        while index > 0, characters.unicodeScalars.contains(scalars[index - 1]) { index -= 1 }
        return index
    }

    /// 1–12 for a month's name or its three-letter abbreviation.
    private static func month(_ word: String) -> Int? {
        let lowered = word.lowercased()
        guard lowered.count >= 3 else { return nil }
        for (index, name) in monthNames.enumerated() where name == lowered || name.prefix(3) == lowered {
            return index + 1
        }
        return nil
    }

    /// Exactly three digits at `index`, then no digit.
    private static func isThousandsGroup(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 3 <= scalars.count, scalars[index..<index + 3].allSatisfy(isDigit) else { return false }
        return index + 3 == scalars.count || !isDigit(scalars[index + 3])
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || isDigit(scalar) || scalar == "_"
    }

    /// A digit at `index` starts a number unless it continues a word or
    /// another number ("x2", "7.25", "1,000").
    private static func startsToken(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index > 0 else { return true }
        let previous = scalars[index - 1]
        if isWordCharacter(previous) { return false }
        if previous == "." || previous == "," { return index < 2 || !isDigit(scalars[index - 2]) }
        return true
    }

    /// A token ends at `index` unless a letter or digit follows, or a point and a digit ("2025-11-03.5").
    private static func endsToken(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index < scalars.count else { return true }
        if isWordCharacter(scalars[index]) { return false }
        return !(scalars[index] == "." && index + 1 < scalars.count && isDigit(scalars[index + 1]))
    }
}
