extension String {
    /// Foundation's `capitalized`, without Foundation: the first character of
    /// each word upper-cased and the rest lower-cased, where words are
    /// delimited by spaces, tabs and line terminators ("HIGH" → "High",
    /// "sleep hygiene" → "Sleep Hygiene").
    var capitalizedWords: String { asciiCapitalizedWords ?? unicodeCapitalizedWords }

    /// Character by character, with Unicode's case mappings and whitespace.
    var unicodeCapitalizedWords: String {
        var result = ""
        var atWordStart = true
        for character in self {
            if character.isWhitespace {
                result.append(character)
                atWordStart = true
            } else {
                result += atWordStart ? character.uppercased() : character.lowercased()
                atWordStart = false
            }
        }
        return result
    }

    /// The same for ASCII text, byte by byte (nil for anything else): the
    /// per-character Unicode lookups were a fifth of a small tip view's
    /// time in the library. ASCII's whitespace is U+0009–U+000D and the space, as Unicode's.
    var asciiCapitalizedWords: String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var atWordStart = true
        for byte in utf8 {
            guard byte < 0x80 else { return nil }
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                bytes.append(byte)
                atWordStart = true
                continue
            }
            let lower = (0x61...0x7A).contains(byte)
            let upper = (0x41...0x5A).contains(byte)
            bytes.append(atWordStart ? (lower ? byte - 0x20 : byte) : (upper ? byte + 0x20 : byte))
            atWordStart = false
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
