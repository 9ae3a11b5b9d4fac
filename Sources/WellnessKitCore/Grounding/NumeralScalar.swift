/// How the number reader classifies one scalar, from the Unicode Character
/// Database: every decimal digit (General_Category Nd, any script: ASCII,
/// fullwidth, Arabic-Indic, Devanagari, mathematical bold), superscript and
/// subscript digits, every other scalar with a numeric value that is a
/// number (Nl, No: Ⅻ, ⑫, ⑴, ⒈, ½), and the separators a number may hold.
enum NumeralScalar {
    /// Positional digits: a run of one kind is one number.
    enum DigitKind: Equatable {
        case decimal
        case superscript
        case subscript_
    }

    /// The kind of positional digit `scalar` is, if it is one.
    static func digitKind(_ scalar: Unicode.Scalar) -> DigitKind? {
        if scalar.properties.generalCategory == .decimalNumber { return .decimal }
        switch scalar.value {
        case 0x00B2, 0x00B3, 0x00B9, 0x2070, 0x2074...0x2079: return .superscript
        case 0x2080...0x2089: return .subscript_
        default: return nil
        }
    }

    /// The value 0–9 of a positional digit.
    static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        guard digitKind(scalar) != nil, let value = scalar.properties.numericValue else { return nil }
        return Int(exactly: value).flatMap { (0...9).contains($0) ? $0 : nil }
    }

    static func isDecimalDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .decimalNumber
    }

    /// The value of a number scalar that stands alone (Ⅻ 12, ⑫ 12, ⒈ 1,
    /// ½ 0.5). Ideographs with a numeric value (一, 十, 万) are words, like
    /// "one", and are not read.
    static func standaloneValue(_ scalar: Unicode.Scalar) -> Double? {
        let properties = scalar.properties
        guard properties.numericType != nil, digitKind(scalar) == nil else { return nil }
        switch properties.generalCategory {
        case .letterNumber, .otherNumber: return properties.numericValue.flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    /// A vulgar fraction (½, ⅞), which may follow whole digits: "1½".
    static func isFraction(_ scalar: Unicode.Scalar) -> Bool {
        guard let value = standaloneValue(scalar) else { return false }
        return value > 0 && value < 1
    }

    static func isNumeral(_ scalar: Unicode.Scalar) -> Bool {
        digitKind(scalar) != nil || standaloneValue(scalar) != nil
    }

    /// A letter of a word (numerals such as Ⅻ are alphabetic, but are numbers).
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic && !isNumeral(scalar)
    }

    /// Whether a numeral after `scalar` continues a word or a number ("x2",
    /// "B12", "7²") rather than starting one. Only cased scripts glue digits to
    /// words: in Chinese, Japanese or Arabic text a digit after a letter is a number.
    static func gluesToNumeral(_ scalar: Unicode.Scalar) -> Bool {
        if isNumeral(scalar) || scalar == "_" { return true }
        return isLetter(scalar) && scalar.properties.isCased
    }

    /// Spaces that group thousands, "10 000" (regular, no-break, thin,
    /// narrow no-break, figure space), and that may stand between a number and its unit.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        [0x20, 0xA0, 0x2007, 0x2009, 0x202F].contains(scalar.value)
    }

    /// A decimal mark that is never a thousands separator: ".", fullwidth "．", Arabic "٫".
    static func isPoint(_ scalar: Unicode.Scalar) -> Bool {
        [0x2E, 0xFF0E, 0x066B].contains(scalar.value)
    }

    /// A comma, ASCII or fullwidth: a thousands separator, or a decimal comma ("7,2").
    static func isComma(_ scalar: Unicode.Scalar) -> Bool {
        [0x2C, 0xFF0C].contains(scalar.value)
    }

    /// Separators that may join two digit groups of one number.
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        isPoint(scalar) || isComma(scalar) || isSpace(scalar) || groupingClass(scalar) != nil
    }

    /// Separators of one class may group one number's thousands: commas, the
    /// Arabic thousands separator U+066C, apostrophes (Swiss "10'000"), spaces.
    static func groupingClass(_ scalar: Unicode.Scalar) -> Int? {
        if isComma(scalar) { return 0 }
        if scalar.value == 0x066C { return 1 }
        if scalar == "'" || scalar.value == 0x2019 { return 2 }
        if isSpace(scalar) { return 3 }
        return nil
    }

    /// "%", Arabic "٪", fullwidth "％", small "﹪".
    static func isPercentSign(_ scalar: Unicode.Scalar) -> Bool {
        [0x25, 0x066A, 0xFF05, 0xFE6A].contains(scalar.value)
    }

    /// "-", "+", "−" (U+2212), fullwidth "－" and "＋".
    static func sign(_ scalar: Unicode.Scalar) -> Double? {
        switch scalar.value {
        case 0x2D, 0x2212, 0xFF0D: return -1
        case 0x2B, 0xFF0B: return 1
        default: return nil
        }
    }
}
