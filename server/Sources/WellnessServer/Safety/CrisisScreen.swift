import Foundation

/// Crisis language in a consultation message: suicide and self-harm (direct,
/// indirect and slang), overdose, a medical emergency. Such a message gets
/// a fixed reply pointing to emergency help, in its language and with the
/// user's region's numbers, and is never sent to a provider (docs/AI.md,
/// "Safety").
///
/// The message is read three ways: ``SafetyText/normalized(_:)`` (Unicode
/// tricks undone), the same without accents, and its de-leeted form
/// (``SafetyText/deLeeted(_:)``); ``CrisisLexicon`` is matched on each, with
/// one-typo tolerance. When none matches, ``CrisisReadings`` tries further
/// readings (letters spelled out one by one, stretched letters, hyphens
/// inside words, chat spellings, kana and homophones). The screen favours recall: a false alarm costs one
/// fixed reply, a missed crisis much more, so an uncertain match (a typo, a
/// leet reading, a phrase that can also be said lightly) gets the reply.
public enum CrisisScreen {
    /// Messages are screened up to this many characters (far above the
    /// request limits), so the screen's cost stays bounded.
    public static let maxScreenedCharacters = 64 * 1024

    /// The reply when neither the language nor the region is known (English,
    /// generic numbers).
    public static var reply: String { CrisisHelp.reply(in: .english, region: nil) }

    /// Whether `message` holds crisis language.
    public static func flags(_ message: String) -> Bool {
        assess(message, region: nil) != nil
    }

    /// The crisis `message` shows, or nil. `region` is an ISO 3166 code
    /// (`AT`, from the request's `Accept-Language`), nil when unknown.
    public static func assess(_ message: String, region: String?) -> CrisisAssessment? {
        let bounded = message.count > maxScreenedCharacters ? String(message.prefix(maxScreenedCharacters)) : message
        let normalized = SafetyText.normalized(bounded)
        let plain = SafetyText.withoutDiacritics(normalized)
        let leet = SafetyText.withoutDiacritics(SafetyText.deLeeted(normalized))
        var entries = CrisisMatcher.shared.matches(in: plain)
        if leet != plain {
            entries += CrisisMatcher.shared.matches(in: leet)
            // Leet in the message: read its numbers as letters too ("70" as "to").
            let numbers = SafetyText.withoutDiacritics(SafetyText.deLeeted(normalized, wordsOfDigits: true))
            if entries.isEmpty, numbers != leet { entries += CrisisMatcher.shared.matches(in: numbers) }
        }
        // Spelling tricks and chat spellings ("s u i c i d e", "kiero morir"), when nothing else matched.
        for reading in (leet == plain ? [plain] : [plain, leet]).flatMap(CrisisReadings.all) where entries.isEmpty {
            entries += CrisisMatcher.shared.matches(in: reading)
        }
        guard let first = entries.first else { return nil }
        let language = Self.language(of: entries, text: plain)
        let kind = CrisisKind.allCases.first { kind in entries.contains { $0.kind == kind } } ?? first.kind
        let chosen = entries.first { $0.language == language && $0.kind == kind } ?? first
        return CrisisAssessment(
            kind: kind, language: language, pattern: chosen.source, region: CrisisHelp.knownRegion(region))
    }

    /// The assessment of a message the safety classifier flagged and the
    /// lexicon did not: suicide or self-harm, in the language its common words
    /// suggest (English when none does).
    static func classified(_ message: String, region: String?) -> CrisisAssessment {
        let bounded = message.count > maxScreenedCharacters ? String(message.prefix(maxScreenedCharacters)) : message
        let text = SafetyText.withoutDiacritics(SafetyText.normalized(bounded))
        return CrisisAssessment(
            kind: .suicideOrSelfHarm, language: guessedLanguage(of: text), pattern: "safety model",
            region: CrisisHelp.knownRegion(region))
    }

    /// Kana: Japanese; Han: Chinese; else the language with the most common words, English on a tie.
    static func guessedLanguage(of text: String) -> CrisisLanguage {
        if text.unicodeScalars.contains(where: { (0x3040...0x30FF).contains($0.value) }) { return .japanese }
        if text.unicodeScalars.contains(where: CrisisMatcher.isCJK) { return .chinese }
        let words = Set(CrisisMatcher.words(of: text))
        var best = CrisisLanguage.english
        var bestCount = 0
        for language in CrisisLanguage.allCases {
            let count = (commonWords[language] ?? []).intersection(words).count
            if count > bestCount {
                best = language
                bestCount = count
            }
        }
        return best
    }

    /// The language with the most matching entries; ties broken by the
    /// language's common words in the text (and kana for Japanese).
    static func language(of entries: [CrisisMatcher.Entry], text: String) -> CrisisLanguage {
        let words = Set(CrisisMatcher.words(of: text))
        let hasKana = text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) }
        var best = CrisisLanguage.english
        var bestScore = -1
        for language in CrisisLanguage.allCases {
            let matched = entries.filter { $0.language == language }.count
            guard matched > 0 else { continue }
            var score = matched * 100 + (commonWords[language] ?? []).intersection(words).count
            if language == .japanese, hasKana { score += 50 }
            if score > bestScore {
                best = language
                bestScore = score
            }
        }
        return best
    }

    /// A few of each language's most common words, to tell apart languages
    /// whose lexicons share a word ("infarto").
    static let commonWords: [CrisisLanguage: Set<String>] = [
        .english: ["i", "the", "and", "my", "is", "to", "it", "of", "have", "am", "im", "want", "about"],
        .german: ["ich", "und", "der", "die", "das", "nicht", "mein", "meine", "ist", "habe", "mich", "mir", "ein"],
        .spanish: ["yo", "el", "que", "y", "mi", "tengo", "estoy", "muy", "voy", "en", "por", "del", "los", "quiero"],
        .french: [
            "je", "le", "et", "mon", "ma", "ne", "pas", "suis", "jai", "est", "moi", "du", "une", "les", "ai", "des",
            "sens",
        ],
        .portuguese: [
            "eu", "o", "meu", "minha", "nao", "estou", "tenho", "muito", "com", "ele", "ela", "voce", "um", "quero",
            "em",
        ],
        .italian: ["io", "il", "che", "mio", "mia", "non", "sono", "ho", "molto", "mi", "di", "sto", "al", "un"],
        .dutch: ["ik", "de", "het", "en", "een", "mijn", "niet", "ben", "heb", "is", "me", "wil", "van"],
    ]
}
