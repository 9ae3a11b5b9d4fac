import Foundation

/// The one reading of a text that every safety screen works on, so that a
/// crisis phrase or a dose cannot hide behind Unicode or spelling tricks
/// (docs/AI.md, "Safety").
///
/// ``normalized(_:)`` is, in order:
/// 1. format and invisible characters removed: every general category Cf
///    scalar (zero-width spaces and joiners U+200B–U+200D, marks U+200E–U+200F,
///    bidi embeddings and isolates U+202A–U+202E and U+2066–U+2069, invisible
///    operators U+2060–U+2064, U+FEFF, the soft hyphen U+00AD), variation
///    selectors and the combining grapheme joiner;
/// 2. Unicode NFKC (fullwidth `ｋｉｌｌ`, mathematical bold `𝐤𝐢𝐥𝐥`, ligatures);
/// 3. lower case (a full case mapping: `ẞ` to `ß`, Greek and Cyrillic too);
/// 4. confusables mapped to their ASCII skeleton, from Unicode's published
///    `confusables.txt` (Cyrillic `а` to `a`, Greek `ο` to `o`; the generated
///    table in `SafetyText+Confusables.swift`, its source and licence in
///    `server/tools/unicode/`); only non-ASCII sources, and no CJK or kana ones,
///    so that ASCII text and the Chinese and Japanese scripts stay as written;
/// 5. the hand-written part, for what the table maps elsewhere or not at all:
///    every hyphen and dash (U+2010–U+2015, U+2212, U+FE58, U+FE63, U+FF0D) to
///    `-`, typographic apostrophes and primes to `'`;
/// 6. whitespace (any Unicode space or line break) collapsed to one space,
///    and trimmed.
///
/// Accents stay: `é` and `è` differ in French, `ü` in German. Screens match
/// on ``withoutDiacritics(_:)`` of both the text and their own phrases, so a
/// phrase matches with or without its accents.
///
/// ``deLeeted(_:)`` is a second reading for screens, never a replacement:
/// "5 km" must stay "5 km" for the number checks, while "d1e" must read "die".
/// Every step is total: no input traps, whatever its size.
public enum SafetyText {
    /// The normalised text (see the type's documentation).
    public static func normalized(_ text: String) -> String {
        var visible = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isInvisible(scalar) { visible.append(scalar) }
        let folded = String(visible).precomposedStringWithCompatibilityMapping.lowercased()
        var mapped = ""
        mapped.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if scalar.properties.isWhitespace || scalar == "\u{85}" {
                pendingSpace = !mapped.isEmpty
                continue
            }
            if pendingSpace {
                mapped.append(" ")
                pendingSpace = false
            }
            mapped.append(contentsOf: replacement(for: scalar))
        }
        // A confusable can map to upper case (the table's prototypes are as Unicode wrote them).
        return mapped.lowercased()
    }

    /// `text` with the Latin, Greek and Cyrillic combining accents
    /// (U+0300–U+036F) removed, in NFC: `qué` reads `que`, `müde` `mude`.
    /// Japanese voicing marks are not accents and stay (`が` is not `か`).
    public static func withoutDiacritics(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars
        where !(0x300...0x36F).contains(scalar.value) {
            kept.append(scalar)
        }
        return String(kept).precomposedStringWithCanonicalMapping
    }

    /// The common leetspeak digits and symbols read as letters, in the words
    /// that hold at least one letter (`d1e` to `die`, `k1ll` to `kill`,
    /// `$uicide` to `suicide`, `5elf` to `self`, `h@ng` to `hang`); a word of
    /// digits alone ("5", "2024") is left as it is unless `wordsOfDigits`
    /// (for a message already written in leet: "70" reads "to"). `!` reads
    /// `i` only before a letter, so "die!" stays "die!". Takes normalised text.
    public static func deLeeted(_ normalized: String, wordsOfDigits: Bool = false) -> String {
        normalized.split(separator: " ", omittingEmptySubsequences: true).map { word -> String in
            guard wordsOfDigits || word.contains(where: \.isLetter) else { return String(word) }
            var result = ""
            let characters = Array(word)
            for (index, character) in characters.enumerated() {
                if character == "!" {
                    let next = characters.index(after: index)
                    let beforeLetter = next < characters.count && characters[next].isLetter
                    result.append(beforeLetter ? "i" : "!")
                } else {
                    result.append(leet[character] ?? character)
                }
            }
            return result
        }.joined(separator: " ")
    }

    /// The digits and symbols ``deLeeted(_:)`` reads as letters.
    static let leet: [Character: Character] = [
        "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g",
        "@": "a", "$": "s", "|": "l", "€": "e", "+": "t",
    ]

    /// Format characters (Cf, which includes U+200B–U+200F, U+202A–U+202E,
    /// U+2060–U+2064, U+2066–U+2069, U+FEFF and U+00AD), variation selectors,
    /// the combining grapheme joiner and the Hangul and Mongolian fillers:
    /// characters that show nothing and only split a word.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x34F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x3164, 0xFE00...0xFE0F, 0xFFA0,
            0xE0100...0xE01EF:
            return true
        default:
            return scalar.properties.generalCategory == .format
        }
    }

    /// What `scalar` reads as: a dash or an apostrophe written one way, a
    /// confusable's ASCII skeleton, else itself.
    static func replacement(for scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x2010...0x2015, 0x2212, 0xFE58, 0xFE63, 0xFF0D, 0x2E3A, 0x2E3B: return "-"
        case 0x2018, 0x2019, 0x201B, 0x2032, 0x2035, 0x02BC, 0x02B9, 0x00B4, 0x0060, 0xFF07: return "'"
        default: break
        }
        guard scalar.value >= 0x80 else { return String(Character(scalar)) }
        // A decimal digit of any script is its ASCII digit: the confusables table would read Arabic-Indic
        // zero as "." and Devanagari four as a letter, and "٤٠٠ mg" is a dose.
        if scalar.properties.generalCategory == .decimalNumber, let value = scalar.properties.numericValue,
            let digit = Int(exactly: value), (0...9).contains(digit)
        {
            return String(digit)
        }
        return confusables[scalar] ?? String(Character(scalar))
    }

    /// ``confusablesData`` parsed once, on first use; an entry that does not
    /// parse is skipped (the generator writes none).
    static let confusables: [Unicode.Scalar: String] = {
        var table: [Unicode.Scalar: String] = [:]
        for entry in confusablesData.split(separator: "|") {
            let codes = entry.split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            guard codes.count >= 2, let source = codes.first else { continue }
            var target = String.UnicodeScalarView()
            target.append(contentsOf: codes.dropFirst())
            table[source] = String(target)
        }
        return table
    }()
}
