extension String {
    /// Foundation's `capitalized`, without Foundation: the first character of
    /// each word upper-cased and the rest lower-cased, where words are
    /// delimited by spaces, tabs and line terminators ("HIGH" → "High",
    /// "sleep hygiene" → "Sleep Hygiene").
    var capitalizedWords: String {
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
}
