/// What a generated text must never do: dose, name or recommend a medication
/// or supplement, diagnose, or speak as a clinician. The system prompt forbids
/// it and this screen checks every text field of every answer, streamed or
/// not, on ``SafetyText/normalized(_:)``; a flagged answer gets one re-ask
/// naming the rule, then the rules answer (docs/AI.md, "Safety").
///
/// Four rules, in this order (``violation(in:)`` names the first that fires):
/// - **a dose**: a quantity (digits of any script, an English number word,
///   or "a"/"an"/"another" for the units that are never anything else) and,
///   within a few words, a dose unit ("400 mg", "four hundred milligrams",
///   "two tablets", "a 5 mg gummy") or a drug name ("two Advil"); grams,
///   millilitres and units of a food or drink ("500 ml of water") are not doses;
///   the words "dose", "dosage", "dosing" too, except a dose of a harmless
///   thing ("a dose of sunshine");
/// - **a medication**: any drug or supplement name of ``MedicalVocabulary``
///   (or a one-edit misspelling of a common one: "ibuprofin"), in any context: the coach never names one, so "melatonin is a hormone
///   your body makes" is flagged too (a user asking about melatonin gets the
///   rules' answer, which points to a professional); and a directive about
///   medication in general ("stop taking your medication", "try a
///   supplement", "prescription") unless the clause refers to a clinician
///   ("don't start any medication without your doctor");
/// - **a diagnosis**: a cue ("you have", "you've got", "you may have", "you
///   suffer from", "sounds like", "consistent with", "is a sign of", "you're
///   showing signs of", "diagnosed with", ...; not "if you notice signs of") followed within four words by a condition of
///   ``MedicalVocabulary``; "you are" with a diagnostic adjective ("you are
///   diabetic"); the word "diagnose" and its forms, unless the clause refers
///   to a clinician ("only a doctor can diagnose that");
/// - **a clinician's voice**: "as your/a … GP" (not "as a doctor would"),
///   "I'm/I am … a doctor" (not "I'm not a doctor"), "board-certified",
///   "Dr. Name, your …", "in my clinical opinion", "my patients".
public enum MedicalAdviceScreen {
    /// Which rule `text` breaks and the words that broke it ("a dose (400 mg)"), or nil.
    public static func violation(in text: String) -> String? {
        let normalized = SafetyText.normalized(text)
        let leet = deLeeted(normalized)
        let readings = [MedicalText(normalized)] + (leet == normalized ? [] : [MedicalText(leet)])
        let rules: [(String, (MedicalText) -> [String]?)] = [
            ("a dose", dose(in:)), ("a medication", medication(in:)), ("a diagnosis", diagnosis(in:)),
            ("a clinician's voice", clinicianVoice(in:)),
        ]
        for read in readings {
            for (rule, find) in rules {
                if let words = find(read) { return "\(rule) (\(words.joined(separator: " ")))" }
            }
        }
        return nil
    }

    /// A second reading with leetspeak inside words undone ("amb1en" is
    /// "ambien", "sl33p" "sleep", "mel@tonin" "melatonin"): a run of digits
    /// with a letter on each side, `@` and `$` with a letter on either. Digits
    /// beside a space stay ("5 mg", "5km"). Hyphens between letters go
    /// ("zol-pi-dem").
    static func deLeeted(_ normalized: String) -> String {
        var scalars = Array(normalized.unicodeScalars)
        var start = 0
        while start < scalars.count {
            guard leet[scalars[start]] != nil else {
                start += 1
                continue
            }
            var end = start
            while end < scalars.count, leet[scalars[end]] != nil { end += 1 }
            let before = start > 0 && scalars[start - 1].properties.isAlphabetic
            let after = end < scalars.count && scalars[end].properties.isAlphabetic
            let symbols = scalars[start..<end].allSatisfy { $0 == "@" || $0 == "$" }
            if (before && after) || (symbols && (before || after)) {
                for index in start..<end { scalars[index] = leet[scalars[index]] ?? scalars[index] }
            }
            start = end
        }
        // "zol-pi-dem": a hyphen between letters joins them.
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let joins =
                hyphens.contains(scalar) && index > 0 && index + 1 < scalars.count
                && scalars[index - 1].properties.isAlphabetic && scalars[index + 1].properties.isAlphabetic
            if !joins { result.append(scalar) }
        }
        return String(result)
    }

    private static let hyphens: Set<Unicode.Scalar> = ["-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}"]

    private static let leet: [Unicode.Scalar: Unicode.Scalar] = [
        "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "@": "a", "$": "s",
    ]

    /// What the one re-ask tells the model about `rule` (a ``violation(in:)``).
    static func reask(_ rule: String) -> String {
        "the answer writes \(rule): never diagnose, never name, recommend or dose a medication or supplement, "
            + "never speak as a clinician; suggest a healthcare professional instead"
    }

    // MARK: - Word lists

    /// Quantities that may start a dose.
    static let numberWords: Set<String> = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty",
        "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand", "half", "quarter", "dozen",
        "couple", "few", "several", "double", "triple", "single",
        // The coach's other languages, two to ten and half (one is an article below).
        "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "halbe", "halb", "dos", "tres",
        "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "medio", "media", "deux", "trois", "quatre",
        "cinq", "sept", "huit", "neuf", "dix", "demi", "demie", "due", "tre", "quattro", "cinque", "sei", "sette",
        "otto", "nove", "dieci", "mezza", "mezzo", "dois", "duas", "três", "quatro", "sete", "oito", "dez", "meio",
        "meia", "twee", "drie", "vijf", "zes", "zeven", "negen", "tien", "halve",
    ]
    /// Quantities that dose only the units that are never anything else ("a pill", not "a tablet" or "a drop").
    static let articles: Set<String> = [
        "a", "an", "another", "ein", "eine", "einen", "un", "una", "une", "uno", "um", "uma", "een",
    ]
    /// Words a dose may hold between its quantity and its unit ("two extra-strength tablets").
    static let doseFillers: Set<String> = [
        "extra", "more", "additional", "whole", "full", "small", "low", "high", "regular", "chewable", "sleeping",
        "of", "or", "to", "and", "strength", "daily", "x",
    ]
    /// Units only a medication or supplement comes in.
    static let doseUnits: Set<String> = [
        "mg", "mgs", "milligram", "milligrams", "milligramme", "milligrammes", "mcg", "mcgs", "μg", "µg", "ug",
        "microgram", "micrograms", "iu", "ius", "pill", "pills", "capsule", "capsules", "caplet", "caplets",
        "softgel", "softgels", "gummy", "gummies", "lozenge", "lozenges", "puff", "puffs", "sachet", "sachets",
        // The coach's other languages.
        "tabletten", "kapsel", "kapseln", "pille", "pillen", "dragee", "dragees", "pastilla",
        "pastillas", "comprimido", "comprimidos", "cápsula", "cápsulas", "capsula", "tableta", "tabletas",
        "píldora", "píldoras", "comprimé", "comprimés", "comprime", "comprimes", "gélule", "gélules", "gelule",
        "gelules", "pilule", "pilules", "cachet", "cachets", "compressa", "compresse", "pillola", "pillole",
        "pílula", "pílulas", "pil",
    ]
    /// Units that dose with a number only ("two tablets"; "a tablet" may be a screen, "a drop" a fall,
    /// "une tablette" a bar of chocolate).
    static let numberOnlyUnits: Set<String> = [
        "tablet", "tablets", "tab", "tabs", "drop", "drops", "unit", "units", "spray", "sprays", "g", "gram", "grams",
        "ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters", "cc", "tropfen", "gota", "gotas",
        "goutte", "gouttes", "goccia", "gocce", "druppel", "druppels", "tablette",
    ]
    /// Units that measure food and drink as well: not a dose when "of" one of ``foods`` follows
    /// (drops and sprays too: "a few drops of lavender oil").
    static let bulkUnits: Set<String> = [
        "g", "gram", "grams", "ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters", "unit", "units",
    ]
    static let foods: Set<String> = [
        "water", "fluid", "fluids", "liquid", "liquids", "milk", "juice", "tea", "coffee", "alcohol", "wine", "beer",
        "protein", "fibre", "fiber", "carbs", "carbohydrate", "carbohydrates", "sugar", "salt", "sodium", "fat",
        "food", "vegetables", "veg", "fruit", "oats", "rice", "pasta", "nuts", "yoghurt", "yogurt", "soup", "broth",
        "lavender", "essential", "oil", "lemon", "eucalyptus", "rain", "sweat", "honey",
    ]
    /// What "a dose of" may be without dosing anything.
    static let harmlessDoses: Set<String> = [
        "sunshine", "sunlight", "daylight", "light", "fresh", "nature", "movement", "exercise", "fun", "laughter",
        "calm", "reality", "kindness", "motivation", "perspective", "patience", "rest", "green", "outdoor",
    ]
    /// The words for medication in general that a directive may name.
    static let medicationWords: Set<String> = [
        "medication", "medications", "medicine", "medicines", "meds", "pill", "pills", "supplement", "supplements",
        "capsules", "gummies", "tablets", "drug", "drugs", "prescription", "prescriptions",
    ]
    static let directiveVerbs: Set<String> = [
        "take", "taking", "try", "start", "starting", "stop", "stopping", "increase", "decrease", "double", "pop",
        "skip", "reduce", "up", "cut", "switch", "add", "use", "swap", "halve",
    ]
    /// Words that make a clause a referral to a clinician, not advice.
    static let referrals: Set<String> = [
        "doctor", "doctors", "gp", "physician", "pharmacist", "professional", "professionals", "clinician",
        "nurse", "prescriber", "provider",
    ]
    /// Clinician titles ("-ologist" and "-iatrist" words count too).
    static let titles: Set<String> = [
        "doctor", "dr", "physician", "gp", "nurse", "clinician", "therapist", "psychotherapist", "pharmacist",
        "dietitian", "dietician", "nutritionist", "surgeon", "medic", "md", "practitioner", "paediatrician",
        "pediatrician", "obstetrician", "counselor", "counsellor", "physiotherapist", "physio", "chiropractor",
        "osteopath", "dentist", "midwife", "paramedic", "specialist", "optometrist", "psychoanalyst", "clinicians",
    ]
    /// "-ologist" words that are no clinician.
    static let nonClinicians: Set<String> = [
        "biologist", "geologist", "zoologist", "archaeologist", "ecologist", "sociologist", "technologist",
        "meteorologist", "musicologist", "mixologist", "anthropologist", "criminologist", "theologist",
    ]
}
