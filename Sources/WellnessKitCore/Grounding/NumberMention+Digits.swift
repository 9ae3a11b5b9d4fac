extension NumberMention {
    /// Reads the number whose first numeral is at `start` (a token start). A
    /// run of digits with the separators between them is read as a whole:
    /// when it is no valid number ("5,7.2", "1,22.3", "10²") its value is NaN,
    /// so that it is reported, never shortened to its leading digits.
    static func numeral(_ text: ScannedText, at start: Int) -> Reading {
        if let value = NumeralScalar.standaloneValue(text[start]) {
            let fraction = NumeralScalar.isFraction(text[start])
            return signedAndPercent(
                Reading(text, start, start + 1, kind: .number, value: value, decimals: fraction ? 2 : 0), in: text)
        }
        let kind = NumeralScalar.digitKind(text[start])
        var groups: [[Int]] = [[]]
        var separators: [Unicode.Scalar] = []
        // Whether every separator so far is a space (kept, not recounted: a long number stays linear).
        var onlySpaces = true
        var end = start
        while let scalar = text.at(end) {
            if NumeralScalar.digitKind(scalar) == kind, let digit = NumeralScalar.digitValue(scalar) {
                groups[groups.count - 1].append(digit)
                end += 1
            } else if kind == .decimal, NumeralScalar.isSeparator(scalar),
                text.at(end + 1).map(NumeralScalar.isDecimalDigit) == true,
                !NumeralScalar.isSpace(scalar) || spaceGroups(text, at: end, groups: groups, onlySpaces: onlySpaces)
            {
                onlySpaces = onlySpaces && NumeralScalar.isSpace(scalar)
                separators.append(scalar)
                groups.append([])
                end += 1
            } else {
                break
            }
        }
        var fraction = 0.0
        if kind == .decimal, separators.isEmpty, let scalar = text.at(end), NumeralScalar.isFraction(scalar) {
            fraction = NumeralScalar.standaloneValue(scalar) ?? 0
            end += 1
        }
        // A numeral of another kind glued on ("10²", "7①") leaves the whole unreadable.
        var glued = false
        while let scalar = text.at(end), NumeralScalar.isNumeral(scalar) {
            glued = true
            end += 1
        }
        let parsed = glued ? nil : parse(groups, separators)
        var reading = Reading(
            text, start, end, kind: .number, value: (parsed?.value ?? .nan) + fraction,
            decimals: fraction > 0 ? 2 : parsed?.decimals ?? 0)
        if kind == .decimal, separators.isEmpty, fraction == 0, !glued { reading.mention.plainDigits = groups[0].count }
        return signedAndPercent(reading, in: text)
    }

    /// A space joins digit groups only as a thousands separator: after 1–3
    /// digits (or a group of 3), before exactly 3, in a number grouped by
    /// spaces so far ("10 000", "1 000 000"; "3 10" is two numbers).
    private static func spaceGroups(
        _ text: ScannedText, at index: Int, groups: [[Int]], onlySpaces: Bool
    ) -> Bool {
        guard onlySpaces, let current = groups.last else { return false }
        guard groups.count == 1 ? (1...3).contains(current.count) : current.count == 3 else { return false }
        for offset in 1...3 where text.at(index + offset).map(NumeralScalar.isDecimalDigit) != true { return false }
        return text.at(index + 4).map(NumeralScalar.isNumeral) != true
    }

    /// The value of digit groups and their separators, or nil when they are
    /// no number. The last separator is the decimal mark when it is a point,
    /// or a comma that does not group thousands ("7,2", "10 000,5").
    static func parse(_ groups: [[Int]], _ separators: [Unicode.Scalar]) -> (value: Double, decimals: Int)? {
        guard let last = separators.last, let fraction = groups.last else {
            return groups.first.flatMap { value(of: [$0], fraction: []) }.map { ($0, 0) }
        }
        let isDecimalComma = NumeralScalar.isComma(last) && !isGrouping(groups, separators)
        if NumeralScalar.isPoint(last) || isDecimalComma {
            let whole = Array(groups.dropLast())
            let marks = Array(separators.dropLast())
            guard isGrouping(whole, marks), !(isDecimalComma && marks.contains(where: NumeralScalar.isComma)) else {
                return nil
            }
            return value(of: whole, fraction: fraction).map { ($0, fraction.count) }
        }
        guard isGrouping(groups, separators) else { return nil }
        return value(of: groups, fraction: []).map { ($0, 0) }
    }

    /// Groups of thousands: 1–3 digits, then groups of exactly 3, all
    /// separated by one class of separator.
    private static func isGrouping(_ groups: [[Int]], _ separators: [Unicode.Scalar]) -> Bool {
        guard let first = separators.first else { return groups.count == 1 }
        guard let kind = NumeralScalar.groupingClass(first),
            separators.allSatisfy({ NumeralScalar.groupingClass($0) == kind }),
            let lead = groups.first, (1...3).contains(lead.count)
        else { return false }
        return groups.dropFirst().allSatisfy { $0.count == 3 }
    }

    private static func value(of groups: [[Int]], fraction: [Int]) -> Double? {
        var ascii = ""
        for group in groups { for digit in group { ascii += String(digit) } }
        if !fraction.isEmpty {
            ascii += "."
            for digit in fraction { ascii += String(digit) }
        }
        return Double(ascii)
    }

    /// A sign before a number ("-0.3", not "a-3") and a percent sign after it,
    /// directly or after one space ("85%", "85 %", "٨٥٪").
    private static func signedAndPercent(_ reading: Reading, in text: ScannedText) -> Reading {
        var result = reading
        if let scalar = text.at(reading.start - 1), let sign = NumeralScalar.sign(scalar),
            text.at(reading.start - 2).map(isWordCharacter) != true
        {
            let span = text.span(reading.start - 1, reading.end)
            result.start -= 1
            result.mention.start = span.start
            result.mention.text = span.text
            result.mention.value *= sign
            result.mention.signed = true
            result.mention.plainDigits = 0
        }
        var percentAt = reading.end
        if let scalar = text.at(percentAt), NumeralScalar.isSpace(scalar) { percentAt += 1 }
        if let scalar = text.at(percentAt), NumeralScalar.isPercentSign(scalar) {
            result = extended(result, to: percentAt + 1, in: text)
            result.mention.kind = .percent
        }
        return result
    }

    /// The reading with its text extended to `end` (a percent sign, a scale word).
    static func extended(_ reading: Reading, to end: Int, in text: ScannedText) -> Reading {
        var result = reading
        let span = text.span(reading.start, end)
        result.end = end
        result.mention.text = span.text
        result.mention.end = span.end
        result.mention.plainDigits = 0
        return result
    }

    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        NumeralScalar.isLetter(scalar) || NumeralScalar.isNumeral(scalar) || scalar == "_"
    }
}
