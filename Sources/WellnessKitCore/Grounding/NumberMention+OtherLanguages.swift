/// Numbers written in words beyond the English phrases of
/// `NumberMention+Words.swift` (docs/AI.md, "Number words"): English idioms
/// ("a fortnight", "doubled", "a baker's dozen", "an hour and a half"),
/// uppercase Roman numerals written with letters ("XII"), the number words
/// of German, Dutch, French, Spanish, Italian and Portuguese (compounds
/// such as "zwölftausend", "dodicimila" or "dreimal" included), and Chinese
/// and Japanese numerals ("一万两千", "七个", "壹万").
///
/// Written by hand: no maintained library reads number words across these
/// languages, and a check only needs to know that a number is written.
/// Words of other languages are read without a value (NaN), so that no fact
/// grounds them: a grounded text writes digits (or, on the server, fact
/// references). Articles that also mean "one" ("ein", "un", "una", "een")
/// and a lone "一" are not read, as English "one" alone is not.
extension NumberMention {
    /// Number words read when they stand alone.
    static let otherLanguageWords: Set<String> = [
        // German.
        "zwei", "drei", "vier", "fünf", "fuenf", "sechs", "sieben", "acht", "neun", "zehn", "zwölf", "zwoelf",
        "zwanzig", "dreißig", "dreissig", "vierzig", "fünfzig", "hundert", "tausend", "dutzend", "doppelt",
        "zweimal", "dreimal", "viermal", "viertel", "hälfte",
        // Dutch.
        "twee", "drie", "vijf", "zes", "zeven", "negen", "tien", "twaalf", "twintig", "dertig", "veertig",
        "vijftig", "honderd", "duizend", "dozijn", "dubbel", "kwart",
        // French.
        "deux", "trois", "quatre", "cinq", "huit", "neuf", "dix", "douze", "treize", "quinze",
        "vingt", "trente", "quarante", "cinquante", "soixante", "mille", "douzaine", "moitié", "quart",
        // Spanish.
        "tres", "cuatro", "siete", "ocho", "nueve", "diez", "doce", "trece", "quince", "veinte", "treinta",
        "cuarenta", "cincuenta", "cien", "ciento", "mil", "docena", "doble", "mitad",
        "doscientos", "trescientos", "quinientos",
        // Italian.
        "quattro", "cinque", "sette", "nove", "dieci", "undici", "dodici", "tredici", "quindici",
        "venti", "trenta", "quaranta", "cinquanta", "cento", "mila", "dozzina", "doppio", "metà",
        // Portuguese.
        "dois", "duas", "três", "sete", "oito", "dez", "doze", "treze", "vinte", "trinta", "quarenta", "cem",
        "dúzia", "dobro", "metade", "duzentos", "trezentos", "quinhentos",
    ]

    /// Parts of compound number words, by language: a compound is made of
    /// one language's parts ("zwölf|tausend", "drei|mal", "twee|ën|twintig",
    /// "dodici|mila", "veinti|dós"), so that parts of two languages never
    /// make a word of a third ("sei|en").
    static let compoundParts: [Set<String>] = [
        [
            "ein", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "sieb", "acht", "neun", "zehn", "elf",
            "zwölf", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig",
            "hundert", "tausend", "und", "mal",
        ],
        [
            "een", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "elf", "twaalf",
            "dertien", "veertien", "twintig", "dertig", "veertig", "vijftig", "zestig", "zeventig", "tachtig",
            "negentig", "honderd", "duizend", "en", "ën", "keer",
        ],
        [
            "uno", "una", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci", "undici",
            "dodici", "tredici", "quindici", "sedici", "diciassette", "diciotto", "diciannove", "venti", "vent",
            "trenta", "trent", "quaranta", "cinquanta", "sessanta", "settanta", "ottanta", "novanta", "cento",
            "mila", "mille",
        ],
        [
            "veinti", "dieci", "uno", "dós", "dos", "trés", "tres", "cuatro", "cinco", "séis", "seis", "siete", "ocho",
            "nueve",
        ],
    ]

    /// Compound parts that are no number on their own: "einmal" and "uno" are not compounds of numbers.
    static let joiningParts: Set<String> = ["ein", "eins", "een", "en", "ën", "und", "mal", "keer", "uno", "una"]
    /// Parts a compound does not end with: "tienen" and "achten" are words, not numbers.
    static let leadingOnlyParts: Set<String> = ["en", "ën", "und", "ein", "een"]

    /// "half" in the languages whose word for it needs the word after ("eine halbe Stunde", "media hora").
    static let halfBeforeWord: [String: Set<String>] = [
        "halbe": ["stunde", "stunden", "meile", "portion"], "halben": ["stunde", "tag"], "halb": ["stunde"],
        "half": ["uur"], "halve": ["marathon", "dag"],
        "demi": ["heure", "journée", "marathon"],
        "media": ["hora", "maratón", "maraton"], "medio": ["día", "maratón", "kilo", "litro"],
        "meia": ["hora", "maratona", "dúzia"], "meio": ["quilo", "litro"],
        "mezz": ["ora"], "mezza": ["ora", "maratona", "giornata"],
    ]

    /// Chinese and Japanese numerals; "financial" forms (壹, 贰) are numbers wherever they stand.
    static let ideographicNumerals: Set<Unicode.Scalar> = Set("〇零一二三四五六七八九十百千万萬亿億两兩".unicodeScalars)
    static let financialNumerals: Set<Unicode.Scalar> = Set("壹贰貳叁參肆伍陆陸柒捌玖拾佰仟".unicodeScalars)
    /// What a single numeral counts when it is a number ("三次", "七个", "五公里"), not part of a word ("三明治").
    static let counters: Set<Unicode.Scalar> = Set("个個次回步歩天日周週月年小时時分秒公里米斤克卡杯晚夜遍趟组組倍号號人".unicodeScalars)
    /// Numerals in idioms that are no number: "万一" (in case), "千万" (by all means), "十分" (very).
    static let ideographicIdioms: Set<String> = ["万一", "萬一", "千万", "千萬", "一一", "十分"]

    /// English words that write a number without a number word.
    static let englishIdioms: [String: Double] = [
        "fortnight": 14, "fortnights": .nan, "doubled": 2, "tripled": 3, "quadrupled": 4, "halved": 0.5,
    ]

    /// A number written in one of these ways at `start`, or in the word that
    /// starts there (an ideographic numeral inside a run of ideographs); `end` is that word's end.
    static func otherNumber(_ text: ScannedText, at start: Int, wordEnd end: Int) -> Reading? {
        if let reading = ideographic(text, from: start, to: end) { return reading }
        if let previous = text.at(start - 1), NumeralScalar.isLetter(previous) { return nil }
        let word = text.string(start, end)
        let lower = word.lowercased()
        if let value = romanValue(word) { return Reading(text, start, end, kind: .number, value: value, decimals: 0) }
        if let value = englishIdioms[lower] ?? englishPhrase(lower, after: end, in: text) {
            return Reading(text, start, end, kind: .number, value: value, decimals: value == 0.5 ? 1 : 0)
        }
        let isHalf = halfBeforeWord[lower].map { $0.contains(nextWord(after: end, in: text)) } ?? false
        guard isHalf || otherLanguageWords.contains(lower) || isCompound(lower) else { return nil }
        return Reading(text, start, end, kind: .number, value: .nan, decimals: 0)
    }

    /// "double your", "a baker's dozen", "and a half", "a quarter", "a score of".
    private static func englishPhrase(_ word: String, after end: Int, in text: ScannedText) -> Double? {
        let rest = text.string(end, min(end + 12, text.count)).lowercased()
        switch word {
        case "double", "triple":
            let next = nextWord(after: end, in: text)
            guard ["your", "the", "that", "it", "my", "this"].contains(next) else { return nil }
            return word == "double" ? 2 : 3
        case "baker": return rest.hasPrefix("'s dozen") || rest.hasPrefix("\u{2019}s dozen") ? 13 : nil
        case "and": return rest.hasPrefix(" a half") ? 0.5 : nil
        case "a", "an":
            if rest.hasPrefix(" quarter") { return 0.25 }
            return rest.hasPrefix(" score of") ? 20 : nil
        default: return nil
        }
    }

    /// The lowercased word after the spaces or hyphen that follow `end` ("demi-heure", "halbe Stunde").
    private static func nextWord(after end: Int, in text: ScannedText) -> String {
        var start = end
        while let scalar = text.at(start),
            NumeralScalar.isSpace(scalar) || isHyphen(scalar) || scalar == "'"
                || scalar == "\u{2019}"
        {
            start += 1
        }
        return word(startingAt: start, in: text).lowercased()
    }

    /// Whether `word` is made of one language's compound parts, at least one
    /// a number, not ending with a joining part ("zwölftausend", "dreimal", "ventidue").
    static func isCompound(_ word: String) -> Bool {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count >= 5, scalars.count <= maximumWordLength else { return false }
        return compoundParts.contains { isCompound(scalars, of: $0) }
    }

    private static func isCompound(_ scalars: [Unicode.Scalar], of parts: Set<String>) -> Bool {
        // reachable[i]: the first i scalars split into parts; counted[i]: one of them is a number.
        var reachable = [true] + Array(repeating: false, count: scalars.count)
        var counted = Array(repeating: false, count: scalars.count + 1)
        var accepted = false
        for start in 0..<scalars.count where reachable[start] {
            for end in stride(from: start + 2, through: min(start + 11, scalars.count), by: 1) {
                let part = String(String.UnicodeScalarView(scalars[start..<end]))
                guard parts.contains(part) else { continue }
                let isCounted = counted[start] || !joiningParts.contains(part)
                reachable[end] = true
                counted[end] = counted[end] || isCounted
                if end == scalars.count, isCounted, !leadingOnlyParts.contains(part) { accepted = true }
            }
        }
        return accepted
    }

    /// "XII", "IV", "XXI": two or more uppercase I, V and X forming a Roman numeral (1–39).
    static func romanValue(_ word: String) -> Double? {
        let scalars = Array(word.unicodeScalars)
        guard (2...6).contains(scalars.count), scalars.allSatisfy({ "IVX".unicodeScalars.contains($0) }) else {
            return nil
        }
        let values: [Unicode.Scalar: Int] = ["I": 1, "V": 5, "X": 10]
        var total = 0
        for (index, scalar) in scalars.enumerated() {
            let value = values[scalar] ?? 0
            let next = index + 1 < scalars.count ? values[scalars[index + 1]] ?? 0 : 0
            total += value < next ? -value : value
        }
        // Only the canonical spelling is a numeral ("IIV" is not).
        return canonicalRoman(total) == word ? Double(total) : nil
    }

    private static func canonicalRoman(_ number: Int) -> String {
        let tens = ["", "X", "XX", "XXX"]
        let ones = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]
        guard (1...39).contains(number) else { return "" }
        return tens[number / 10] + ones[number % 10]
    }

    /// The first ideographic number in `start..<end`: a run of numerals
    /// holding a financial form, a run of two or more that is no idiom, or
    /// one numeral (not 一) before a counter.
    private static func ideographic(_ text: ScannedText, from start: Int, to end: Int) -> Reading? {
        var index = start
        while index < end {
            guard ideographicNumerals.contains(text[index]) || financialNumerals.contains(text[index]) else {
                index += 1
                continue
            }
            var runEnd = index
            while runEnd < end, ideographicNumerals.contains(text[runEnd]) || financialNumerals.contains(text[runEnd]) {
                runEnd += 1
            }
            let run = text.string(index, runEnd)
            let next = text.at(runEnd)
            let isNumber =
                run.unicodeScalars.contains(where: financialNumerals.contains)
                || (run.unicodeScalars.count >= 2 && !ideographicIdioms.contains(run))
                || (run != "一" && next.map(counters.contains) == true
                    && !ideographicIdioms.contains(run + (next.map { String($0) } ?? "")))
            if isNumber { return Reading(text, index, runEnd, kind: .number, value: .nan, decimals: 0) }
            index = runEnd
        }
        return nil
    }
}
