/// The four rules of ``MedicalAdviceScreen``, each returning the words that
/// broke it, or nil.
extension MedicalAdviceScreen {
    // MARK: - A dose

    static func dose(in text: MedicalText) -> [String]? {
        if let unit = inside(text, scriptDoseUnits) { return [unit] }
        for index in text.tokens.indices {
            if let word = doseWord(at: index, in: text) { return [word] }
            if let found = usualAmount(at: index, in: text) { return found }
            if let found = quantity(at: index, in: text) { return found }
        }
        return nil
    }

    /// The words of dosing.
    static let doseWords: Set<String> = [
        "dose", "doses", "dosage", "dosages", "dosing", "dosed", "overdose", "overdoses", "overdosing",
    ]

    /// "dose", "dosage", "dosing", "overdose": not "a dose of sunshine".
    private static func doseWord(at index: Int, in text: MedicalText) -> String? {
        guard let word = text.word(at: index), doseWords.contains(word) else { return nil }
        if word == "dose" || word == "doses", text.word(at: index + 1) == "of",
            let next = text.word(at: index + 2), harmlessDoses.contains(next)
        {
            return nil
        }
        return word
    }

    /// "twice your usual", "double your normal": a change of a dose.
    private static func usualAmount(at index: Int, in text: MedicalText) -> [String]? {
        guard ["twice", "double", "triple", "half", "halve"].contains(text.word(at: index) ?? ""),
            text.word(at: index + 1) == "your",
            ["usual", "normal", "regular", "current", "daily", "nightly"].contains(text.word(at: index + 2) ?? "")
        else { return nil }
        return text.run(from: index, count: 3)
    }

    /// A quantity at `index` followed within four words by a dose unit or a drug name.
    private static func quantity(at index: Int, in text: MedicalText) -> [String]? {
        var numbered = text.isNumber(at: index)
        if let word = text.word(at: index) {
            if numberWords.contains(word) {
                numbered = true
            } else if !articles.contains(word) {
                return nil
            }
        } else if !numbered {
            return nil
        }
        var at = index + 1
        while at - index <= 5, text.tokens.indices.contains(at) {
            if let drug = MedicalVocabulary.name(
                in: MedicalVocabulary.drugs, longest: MedicalVocabulary.drugWords, at: at, of: text)
            {
                return text.run(from: index, count: at - index) + drug
            }
            if text.isNumber(at: at) {
                numbered = true
                at += 1
                continue
            }
            guard let word = text.word(at: at) else { return nil }
            if doseUnits.contains(word) || (numbered && numberOnlyUnits.contains(word)) {
                if bulkUnits.contains(word) || word.hasPrefix("drop") || word.hasPrefix("spray"),
                    text.word(at: at + 1) == "of", let next = text.word(at: at + 2), foods.contains(next)
                {
                    return nil
                }
                return text.run(from: index, count: at - index + 1)
            }
            if numberWords.contains(word) {
                numbered = true
            } else if !doseFillers.contains(word) && !articles.contains(word) {
                return nil
            }
            at += 1
        }
        return nil
    }

    // MARK: - A medication

    static func medication(in text: MedicalText) -> [String]? {
        if let name = inside(text, scriptDrugs) { return [name] }
        if let remedy = languageRemedy(in: text) { return remedy }
        for index in text.tokens.indices {
            if let name = MedicalVocabulary.name(
                in: MedicalVocabulary.drugs, longest: MedicalVocabulary.drugWords, at: index, of: text)
            {
                return name
            }
        }
        for index in text.tokens.indices {
            if let word = text.word(at: index), MedicalVocabulary.misspelledDrug(word) != nil { return [word] }
            if let found = namedPills(at: index, in: text) { return found }
        }
        for index in text.tokens.indices {
            guard let word = text.word(at: index), !refers(text.clause(around: index)) else { continue }
            if word.hasPrefix("prescri") { return [word] }
            guard directiveVerbs.contains(word) else { continue }
            let next = text.run(from: index + 1, count: 3)
            if let found = next.firstIndex(where: medicationWords.contains) {
                return [word] + next.prefix(through: found)
            }
        }
        return nil
    }

    /// Pills of something: "caffeine pills", "diet pills", "magnesium supplements" (not "your pills").
    private static func namedPills(at index: Int, in text: MedicalText) -> [String]? {
        guard let word = text.word(at: index), let next = text.word(at: index + 1), pillNouns.contains(next),
            !notPillNames.contains(word), !numberWords.contains(word), !articles.contains(word),
            !pillNouns.contains(word), !referrals.contains(word)
        else { return nil }
        return [word, next]
    }

    static let pillNouns: Set<String> = [
        "pill", "pills", "tablets", "capsules", "gummies", "supplement", "supplements", "softgels", "lozenges",
    ]
    /// Words before "pills" that name none: determiners, prepositions, verbs.
    static let notPillNames: Set<String> = [
        "the", "your", "my", "his", "her", "their", "our", "any", "some", "these", "those", "this", "that", "no",
        "more", "less", "of", "or", "and", "with", "without", "about", "on", "for", "from", "to", "all", "other",
        "such", "like", "as", "into", "than", "not", "many", "new", "extra", "take", "taking", "took", "try",
        "avoid", "skip", "use", "using", "need", "needs", "by", "in", "at", "are", "is", "were", "was",
    ]

    /// Whether a clause refers to a clinician ("... without your doctor").
    private static func refers(_ clause: [String]) -> Bool {
        clause.contains(where: referrals.contains)
    }

    // MARK: - A diagnosis

    /// Words that lead to a diagnosis when a condition follows within four words.
    static let diagnosisCues: [[String]] =
        [
            ["you", "have"], ["you", "ve"], ["youve"], ["you", "got"], ["you", "suffer", "from"],
            ["suffering", "from"],
            ["sounds", "like"], ["looks", "like"], ["seems", "like"], ["consistent", "with"], ["indicative", "of"],
            ["suggestive", "of"], ["is", "a", "sign", "of"], ["are", "signs", "of"], ["is", "a", "symptom", "of"],
            ["are", "symptoms", "of"], ["showing", "signs", "of"], ["show", "signs", "of"],
            ["a", "case", "of"], ["diagnosed", "with"], ["points", "to"], ["developing"],
            ["you", "seem", "to", "have"], ["you", "appear", "to", "have"],
        ] + hedges.map { ["you", $0, "have"] }

    /// "you ... have" that still asserts it.
    static let hedges = [
        "may", "might", "could", "probably", "likely", "possibly", "definitely", "clearly", "certainly", "must",
    ]

    static let diagnosisCuesByFirstWord = Dictionary(grouping: diagnosisCues + languageCues) { $0.first ?? "" }
    static let assertionCuesByFirstWord = Dictionary(grouping: assertionCues) { $0.first ?? "" }

    /// What "you are" may be that is a diagnosis.
    static let diagnosticAdjectives: Set<String> = [
        "diabetic", "prediabetic", "depressed", "anemic", "anaemic", "hypertensive", "insomniac", "obese", "bipolar",
        "anorexic", "bulimic", "asthmatic", "epileptic", "hypothyroid", "hyperthyroid", "autistic", "narcoleptic",
        "allergic", "arrhythmic", "hypoglycemic", "hyperglycemic", "clinically", "deficient", "apneic",
    ]

    /// Words that assert what something is: a condition must follow at once
    /// or after ``assertionGaps`` only ("that is plantar fasciitis", "this is
    /// clearly insomnia", "your pattern means atrial fibrillation"; not "a good
    /// night means less risk of heart disease").
    static let assertionCues: [[String]] = [
        ["that", "is"], ["this", "is"], ["it", "is"], ["that", "s"], ["this", "s"], ["it", "s"], ["means"],
        ["indicates"], ["suggests"], ["match"], ["matches"], ["you", "ve", "developed"],
    ]
    static let assertionGaps: Set<String> = [
        "clearly", "likely", "probably", "definitely", "possibly", "certainly", "just", "a", "an", "most", "almost",
        "classic", "typical", "textbook", "early", "mild", "possible", "obviously",
    ]

    static func diagnosis(in text: MedicalText) -> [String]? {
        if let found = scriptDiagnosis(in: text) { return found }
        for index in text.tokens.indices {
            let first = text.word(at: index) ?? ""
            for cue in diagnosisCuesByFirstWord[first] ?? [] where text.matches(cue, at: index) {
                if let found = condition(after: cue, at: index, in: text, gaps: nil) { return found }
            }
            for cue in assertionCuesByFirstWord[first] ?? [] where text.matches(cue, at: index) {
                if let found = condition(after: cue, at: index, in: text, gaps: assertionGaps) { return found }
            }
            if let found = youAre(at: index, in: text) { return found }
            if let word = text.word(at: index), word.hasPrefix("diagnos") || word.hasPrefix("misdiagnos"),
                !refers(text.clause(around: index))
            {
                return [word]
            }
        }
        return nil
    }

    /// The cue and a condition within four words after it (only `gaps` words between, when given).
    private static func condition(after cue: [String], at index: Int, in text: MedicalText, gaps: Set<String>?)
        -> [String]?
    {
        let after = index + cue.count
        for at in after..<(after + 5) {
            if at > after {
                guard let previous = text.word(at: at - 1), gaps?.contains(previous) ?? true else { return nil }
            }
            if let condition = MedicalVocabulary.name(
                in: MedicalVocabulary.conditions, longest: MedicalVocabulary.conditionWords, at: at, of: text)
            {
                return text.run(from: index, count: at - index) + condition
            }
        }
        return nil
    }

    /// "you are (probably) diabetic", "you're clinically depressed".
    private static func youAre(at index: Int, in text: MedicalText) -> [String]? {
        let start: Int
        if text.matches(["you", "are"], at: index) || text.matches(["you", "re"], at: index) {
            start = index + 2
        } else if text.matches(["youre"], at: index) {
            start = index + 1
        } else {
            return nil
        }
        for at in start..<(start + 3) {
            guard let word = text.word(at: at) else { return nil }
            if diagnosticAdjectives.contains(word) { return text.run(from: index, count: at - index + 1) }
        }
        return nil
    }

    // MARK: - A clinician's voice

    /// Words after a title that make "as a doctor" a comparison or reported speech.
    static let notVoice: Set<String> = [
        "can", "could", "would", "will", "may", "might", "should", "does", "did", "is", "are", "advised", "advises",
        "recommended", "recommends", "suggested", "suggests", "said", "says", "told", "tells", "explained", "or",
        "and", "would've",
    ]
    /// Words that may stand between "I am" and a title ("I'm a licensed sleep physician").
    static let titleModifiers: Set<String> = [
        "a", "an", "your", "the", "this", "licensed", "registered", "qualified", "practising", "practicing",
        "trained", "board", "certified", "sleep", "family", "medical", "general", "clinical", "senior",
        "experienced", "retired", "real", "actual", "mental", "health", "healthcare", "psychiatric", "nurse",
    ]

    static func clinicianVoice(in text: MedicalText) -> [String]? {
        if let phrase = inside(text, scriptClinicianVoice) { return [phrase] }
        for index in text.tokens.indices {
            if let phrase = languageClinician(at: index, in: text) { return phrase }
            if text.matches(["board", "certified"], at: index) { return ["board", "certified"] }
            for phrase in [["my", "patients"], ["my", "patient"], ["my", "clinic"]]
            where text.matches(phrase, at: index) {
                return phrase
            }
            if text.matches(["in", "my"], at: index),
                ["clinical", "medical", "professional"].contains(text.word(at: index + 2) ?? "")
            {
                return text.run(from: index, count: 4)
            }
            if let found = asTitle(at: index, in: text) ?? iAmTitle(at: index, in: text)
                ?? doctorName(at: index, in: text)
            {
                return found
            }
        }
        return nil
    }

    /// "as your GP", "as a board-certified physician": not "as a doctor would", "such as your doctor".
    private static func asTitle(at index: Int, in text: MedicalText) -> [String]? {
        guard text.word(at: index) == "as", !["such", "well", "same"].contains(text.word(at: index - 1) ?? "") else {
            return nil
        }
        for at in (index + 1)..<(index + 4) {
            guard let word = text.word(at: at) else { return nil }
            if isTitle(word, at: at, in: text) {
                if let next = text.word(at: at + 1), notVoice.contains(next) { return nil }
                return text.run(from: index, count: at - index + 1)
            }
            guard titleModifiers.contains(word) || word == "my" else { return nil }
        }
        return nil
    }

    /// "I'm Dr. Smith", "I am a licensed physician": not "I'm not a doctor".
    private static func iAmTitle(at index: Int, in text: MedicalText) -> [String]? {
        let starts = [["i", "am"], ["i", "m"], ["im"], ["i", "work", "as"], ["i", "was"], ["i", "ve", "been"]]
        guard let start = starts.first(where: { text.matches($0, at: index) }) else { return nil }
        for at in (index + start.count)..<(index + start.count + 4) {
            guard let word = text.word(at: at) else { return nil }
            if isTitle(word, at: at, in: text) { return text.run(from: index, count: at - index + 1) }
            guard titleModifiers.contains(word) else { return nil }
        }
        return nil
    }

    /// "Dr. Smith, your ...", "Dr. Smith here", "this is Dr. Smith".
    private static func doctorName(at index: Int, in text: MedicalText) -> [String]? {
        guard text.word(at: index) == "dr", text.word(at: index + 1) != nil else { return nil }
        if text.word(at: index - 1) == "is", text.word(at: index - 2) == "this" { return ["this", "is", "dr"] }
        var at = index + 2
        if text.tokens.indices.contains(at), text.tokens[at] == .boundary { at += 1 }
        guard let next = text.word(at: at), ["your", "here"].contains(next) else { return nil }
        return ["dr", text.word(at: index + 1) ?? "", next]
    }

    private static func isTitle(_ word: String, at index: Int, in text: MedicalText) -> Bool {
        if titles.contains(word) { return true }
        if word.hasSuffix("ologist") && !nonClinicians.contains(word) { return true }
        if word.hasSuffix("iatrist") { return true }
        return word == "professional" && ["medical", "healthcare", "health"].contains(text.word(at: index - 1) ?? "")
    }
}
