/// A unit the grounding check knows, in a dimension it converts within
/// (docs/AI.md, "Units"): "3.1 miles" matches a fact of 5 km, "half an hour"
/// a fact of 30 min, never a fact of another dimension.
struct MeasureUnit: Equatable, Sendable {
    enum Dimension: String, Sendable {
        case distance, duration, mass, energy, volume, steps, heartRate, percent
    }

    var dimension: Dimension
    /// One of this unit in the dimension's base unit (metre, second,
    /// kilogram, kilocalorie, litre, step, beat per minute, percent).
    var factor: Double

    private init(_ dimension: Dimension, _ factor: Double) {
        self.dimension = dimension
        self.factor = factor
    }

    /// Unit words and symbols, lowercased, by dimension.
    static let table: [String: MeasureUnit] = {
        var table: [String: MeasureUnit] = [:]
        func add(_ dimension: Dimension, _ factor: Double, _ names: [String]) {
            for name in names { table[name] = MeasureUnit(dimension, factor) }
        }
        add(.distance, 1, ["m", "metre", "metres", "meter", "meters"])
        add(.distance, 1_000, ["km", "kms", "kilometre", "kilometres", "kilometer", "kilometers"])
        add(.distance, 1_609.344, ["mi", "mile", "miles"])
        add(.distance, 0.9144, ["yd", "yds", "yard", "yards"])
        add(.distance, 0.3048, ["ft", "foot", "feet"])
        add(.duration, 0.001, ["ms", "millisecond", "milliseconds"])
        add(.duration, 1, ["s", "sec", "secs", "second", "seconds"])
        add(.duration, 60, ["min", "mins", "minute", "minutes"])
        add(.duration, 3_600, ["h", "hr", "hrs", "hour", "hours"])
        add(.duration, 86_400, ["day", "days", "night", "nights"])
        add(.duration, 604_800, ["week", "weeks", "wk", "wks"])
        add(.duration, 2_629_800, ["month", "months"])
        add(.duration, 31_557_600, ["year", "years", "yr", "yrs"])
        add(.mass, 1, ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms"])
        add(.mass, 0.001, ["g", "gram", "grams"])
        add(.mass, 0.000_001, ["mg", "milligram", "milligrams"])
        add(.mass, 0.000_000_001, ["mcg", "µg", "μg", "microgram", "micrograms"])
        add(.mass, 0.453_592_37, ["lb", "lbs", "pound", "pounds"])
        add(.mass, 6.350_293_18, ["st", "stone", "stones"])
        add(.energy, 1, ["kcal", "cal", "cals", "calorie", "calories", "kilocalorie", "kilocalories"])
        add(.energy, 0.239_005_736, ["kj", "kilojoule", "kilojoules"])
        add(.volume, 1, ["l", "litre", "litres", "liter", "liters"])
        add(.volume, 0.001, ["ml", "millilitre", "millilitres", "milliliter", "milliliters"])
        add(.steps, 1, ["step", "steps"])
        add(.heartRate, 1, ["bpm", "beats"])
        add(.percent, 1, ["%", "percent", "per cent", "pct", "percentage", "prozent", "por ciento", "pour cent"])
        // The coach's other languages: German, Spanish, French, Portuguese, Italian, Dutch.
        add(.duration, 3_600, ["stunde", "stunden", "std", "hora", "horas", "heure", "heures", "ore", "uur"])
        add(.duration, 60, ["minuten", "minuto", "minutos", "minuti", "minuut"])
        add(
            .duration, 86_400,
            ["tag", "tage", "tagen", "día", "días", "dia", "dias", "jour", "jours", "giorni", "dagen"])
        add(.steps, 1, ["schritte", "schritten", "pasos", "pas", "passos", "passi", "stappen"])
        add(.distance, 1_000, ["kilómetros", "quilômetros", "chilometri", "kilomètres"])
        for (name, unit) in unspaced { table[name] = unit }
        return table
    }()

    /// Units of Chinese and Japanese, which a text writes without a space
    /// before the next word; longest first, so that a prefix finds the unit.
    private static let unspaced: [(String, MeasureUnit)] = [
        ("公里", MeasureUnit(.distance, 1_000)), ("千米", MeasureUnit(.distance, 1_000)),
        ("キロ", MeasureUnit(.distance, 1_000)), ("小时", MeasureUnit(.duration, 3_600)),
        ("小時", MeasureUnit(.duration, 3_600)), ("時間", MeasureUnit(.duration, 3_600)),
        ("分钟", MeasureUnit(.duration, 60)), ("分鐘", MeasureUnit(.duration, 60)), ("分", MeasureUnit(.duration, 60)),
        ("步", MeasureUnit(.steps, 1)), ("歩", MeasureUnit(.steps, 1)), ("天", MeasureUnit(.duration, 86_400)),
        ("日", MeasureUnit(.duration, 86_400)), ("公斤", MeasureUnit(.mass, 1)), ("千克", MeasureUnit(.mass, 1)),
        ("卡", MeasureUnit(.energy, 1)), ("米", MeasureUnit(.distance, 1)),
    ]

    static let unspacedUnits = unspaced.map(\.0)

    static func named(_ word: String) -> MeasureUnit? { table[word] }

    /// What a fact's or a mention's unit is for matching: a known unit, or
    /// another word compared by its letters, singular ("check-ins" is "checkin").
    enum Key: Hashable, Sendable {
        case dimension(Dimension)
        case name(String)
    }

    /// The key of a unit as written, and its factor to the dimension's base unit (1 for a name).
    static func key(of unit: String?) -> (key: Key, factor: Double)? {
        guard let unit else { return nil }
        let lowered = unit.lowercased().trimmingSpaces
        if let known = table[lowered] { return (.dimension(known.dimension), known.factor) }
        var letters = String(String.UnicodeScalarView(lowered.unicodeScalars.filter(NumeralScalar.isLetter)))
        if letters.isEmpty { letters = lowered }
        if let known = table[letters] { return (.dimension(known.dimension), known.factor) }
        if letters.count > 3, letters.hasSuffix("s") { letters.removeLast() }
        return (.name(letters), 1)
    }

    /// Words after a number that say nothing of what it counts ("7 on
    /// average", "4 more"), so that a noun after them is not taken as its unit.
    static let functionWords = Set<String>([
        "a", "about", "above", "across", "after", "again", "ago", "all", "almost", "along", "already", "also",
        "am", "among", "an", "and", "any", "are", "around", "as", "at", "average", "be", "because", "been",
        "before", "behind", "below", "beside", "between", "both", "but", "by", "can", "could", "did", "do",
        "does", "down", "during", "each", "earlier", "either", "else", "even", "ever", "every", "fewer", "for",
        "from", "had", "has", "have", "he", "her", "here", "his", "how", "i", "if", "in", "instead", "into",
        "is", "it", "its", "just", "last", "later", "least", "less", "like", "may", "me", "might", "more",
        "most", "much", "must", "my", "near", "nearly", "next", "no", "nor", "not", "now", "of", "off", "on",
        "once", "only", "or", "other", "our", "out", "over", "overall", "past", "per", "plus", "minus",
        "rather", "same", "she", "should", "since", "so", "some", "still", "such", "than", "that", "the",
        "their", "them", "then", "there", "these", "they", "this", "those", "through", "times", "time", "to",
        "today", "tonight", "too", "total", "toward", "towards", "under", "until", "up", "upon", "us", "versus",
        "very", "vs", "was", "we", "were", "what", "when", "where", "which", "while", "who", "why", "will",
        "with", "within", "without", "would", "yesterday", "yet", "you", "your", "yours", "x",
        // German, Spanish, French, Portuguese, Italian, Dutch.
        "und", "oder", "mal", "von", "im", "pro", "mehr", "als", "bis", "mit", "zu", "y", "o", "de", "del",
        "en", "por", "más", "que", "veces", "et", "ou", "par", "le", "la", "les", "fois", "e",
        "vezes", "ed", "di", "volte", "più", "keer", "meer", "dan",
    ])
}

extension String {
    fileprivate var trimmingSpaces: String {
        var scalars = Substring.UnicodeScalarView(unicodeScalars)
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
