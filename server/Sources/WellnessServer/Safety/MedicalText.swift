/// A normalised text as the medical-advice screens read it: words (runs of
/// letters, lower case), numbers (runs of decimal digits of any script, with
/// a `.` or `,` between digits), and boundaries (the punctuation that ends a
/// clause: `. , ! ? ; : …`). Everything else (spaces, hyphens, apostrophes,
/// quotes, brackets, symbols) only separates words, so "omega-3" reads
/// `omega 3`, "Alzheimer's" `alzheimer s` and "5mg" `5 mg`, as the
/// vocabularies are written (server/tools/generate_medical_vocabulary.py).
struct MedicalText {
    enum Token: Equatable {
        case word(String)
        case number(String)
        case boundary
    }

    private(set) var tokens: [Token] = []

    init(_ normalized: String) {
        let scalars = Array(normalized.unicodeScalars)
        var word = String.UnicodeScalarView()
        var number = ""
        for (index, scalar) in scalars.enumerated() {
            if let digit = Self.digit(scalar) {
                flush(&word)
                number.append(digit)
                continue
            }
            if !number.isEmpty, scalar == "." || scalar == ",", index + 1 < scalars.count,
                Self.digit(scalars[index + 1]) != nil
            {
                number.append(Character(scalar))
                continue
            }
            flush(number: &number)
            if Self.isLetter(scalar) {
                word.append(scalar)
                continue
            }
            // "Dr. Smith" and "St. John's wort" go on after the abbreviation's period.
            let adjacent = !word.isEmpty
            flush(&word)
            let abbreviation = scalar == "." && adjacent && Self.abbreviations.contains(lastWord)
            if Self.boundaries.contains(scalar) && !abbreviation { tokens.append(.boundary) }
        }
        flush(&word)
        flush(number: &number)
    }

    /// The last token, if it is a word.
    private var lastWord: String {
        guard case .word(let word)? = tokens.last else { return "" }
        return word
    }

    /// The word at `index`, or nil (a number, a boundary, past the end).
    func word(at index: Int) -> String? {
        guard tokens.indices.contains(index), case .word(let word) = tokens[index] else { return nil }
        return word
    }

    /// Whether the token at `index` is a number written in digits.
    func isNumber(at index: Int) -> Bool {
        guard tokens.indices.contains(index), case .number = tokens[index] else { return false }
        return true
    }

    /// The words and numbers from `index`, up to `count` of them, stopping at a boundary.
    func run(from index: Int, count: Int) -> [String] {
        var result: [String] = []
        var at = index
        while result.count < count, tokens.indices.contains(at) {
            switch tokens[at] {
            case .word(let text), .number(let text): result.append(text)
            case .boundary: return result
            }
            at += 1
        }
        return result
    }

    /// Whether the tokens from `index` are `phrase`'s words (written with single spaces).
    func matches(_ phrase: [String], at index: Int) -> Bool {
        guard index >= 0, index + phrase.count <= tokens.count else { return false }
        for (offset, expected) in phrase.enumerated() {
            switch tokens[index + offset] {
            case .word(let text), .number(let text): if text != expected { return false }
            case .boundary: return false
            }
        }
        return true
    }

    /// The words of the clause around `index` (between boundaries).
    func clause(around index: Int) -> [String] {
        guard tokens.indices.contains(index) else { return [] }
        var start = index
        while start > 0, tokens[start - 1] != .boundary { start -= 1 }
        return run(from: start, count: tokens.count)
    }

    private mutating func flush(_ word: inout String.UnicodeScalarView) {
        guard !word.isEmpty else { return }
        tokens.append(.word(String(word)))
        word = String.UnicodeScalarView()
    }

    private mutating func flush(number: inout String) {
        guard !number.isEmpty else { return }
        tokens.append(.number(number))
        number = ""
    }

    /// A decimal digit of any script (`٣`, `３`, `𝟑`) as its ASCII digit.
    private static func digit(_ scalar: Unicode.Scalar) -> Character? {
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
            value >= 0, value <= 9
        else { return nil }
        return Character(String(Int(value.rounded())))
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isAlphabetic { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Words whose period ends no clause.
    private static let abbreviations: Set<String> = ["dr", "st", "mr", "mrs", "ms", "prof", "vs"]

    private static let boundaries: Set<Unicode.Scalar> = [
        ".", ",", "!", "?", ";", ":", "\u{2026}", "\u{3002}", "\u{FF0C}", "\u{FF01}", "\u{FF1F}", "\u{061F}",
    ]
}
