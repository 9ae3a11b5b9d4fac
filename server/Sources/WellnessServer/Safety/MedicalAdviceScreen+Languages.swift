/// The screen's words in the coach's other languages (German, Spanish,
/// French, Italian, Portuguese, Dutch, Chinese, Japanese), written by hand:
/// the vocabularies are English, and drug names mostly international. The
/// condition names of these languages are in
/// server/tools/medical_vocabulary/conditions.txt.
extension MedicalAdviceScreen {
    /// Words that lead to a diagnosis when a condition follows within four words.
    static let languageCues: [[String]] = [
        ["du", "hast"], ["sie", "haben"], ["sie", "leiden", "an"], ["du", "leidest", "an"], ["tienes"],
        ["usted", "tiene"], ["sufres", "de"], ["padeces"], ["vous", "avez"], ["tu", "as"], ["vous", "souffrez"],
        ["tu", "souffres"], ["hai"], ["soffri", "di"], ["lei", "soffre", "di"], ["você", "tem"], ["voce", "tem"],
        ["tens"], ["sofre", "de"], ["je", "hebt"], ["u", "hebt"], ["u", "heeft"], ["jij", "hebt"],
        ["je", "lijdt", "aan"],
    ]

    /// "As your doctor" and "I am a doctor" in the coach's other languages, and "doctor's orders".
    static let clinicianPhrases: [[String]] = [
        ["doctor", "s", "orders"], ["als", "ihr", "hausarzt"], ["als", "ihr", "arzt"], ["als", "dein", "arzt"],
        ["als", "deine", "ärztin"], ["als", "ihre", "ärztin"], ["ich", "bin", "arzt"], ["ich", "bin", "ärztin"],
        ["ich", "bin", "ihr", "arzt"], ["como", "tu", "médico"], ["como", "su", "médico"], ["como", "seu", "médico"],
        ["como", "teu", "médico"], ["soy", "médico"], ["soy", "tu", "médico"], ["sou", "médico"],
        ["sou", "seu", "médico"], ["en", "tant", "que", "votre", "médecin"], ["en", "tant", "que", "ton", "médecin"],
        ["je", "suis", "médecin"], ["je", "suis", "votre", "médecin"], ["come", "tuo", "medico"],
        ["come", "suo", "medico"], ["come", "il", "tuo", "medico"], ["sono", "un", "medico"],
        ["sono", "il", "tuo", "medico"], ["als", "uw", "huisarts"], ["als", "je", "huisarts"], ["als", "uw", "arts"],
        ["als", "je", "arts"], ["ik", "ben", "arts"], ["ik", "ben", "huisarts"], ["ik", "ben", "uw", "arts"],
    ]

    /// "Take something for the headache" in the coach's other languages: a
    /// verb of taking, then within six words a remedy's "for the pain"
    /// ("Prendi un Moment per il mal di testa": a brand named like an English
    /// word). Not in English, where "take a moment for your headache" is rest.
    static let takeVerbs: Set<String> = [
        "prendi", "prenda", "prendete", "nimm", "nehmen", "toma", "tome", "tomá", "tomad", "prends", "prenez",
        "neem", "neemt",
    ]
    static let remedyPhrases: [[String]] = [
        ["per", "il", "mal", "di", "testa"], ["per", "il", "dolore"], ["contro", "il", "dolore"],
        ["für", "die", "kopfschmerzen"], ["gegen", "kopfschmerzen"], ["gegen", "die", "kopfschmerzen"],
        ["gegen", "die", "schmerzen"], ["gegen", "schmerzen"], ["para", "el", "dolor"], ["contra", "el", "dolor"],
        ["pour", "le", "mal", "de", "tête"], ["pour", "la", "douleur"], ["contre", "la", "douleur"],
        ["para", "a", "dor"], ["contra", "a", "dor"], ["voor", "de", "hoofdpijn"], ["tegen", "de", "hoofdpijn"],
        ["tegen", "hoofdpijn"], ["tegen", "de", "pijn"],
    ]

    /// A verb of ``takeVerbs`` followed within six words by a phrase of ``remedyPhrases``.
    static func languageRemedy(in text: MedicalText) -> [String]? {
        for index in text.tokens.indices {
            guard let verb = text.word(at: index), takeVerbs.contains(verb) else { continue }
            for offset in 1...6 {
                if let phrase = remedyPhrases.first(where: { text.matches($0, at: index + offset) }) {
                    return [verb] + phrase
                }
            }
        }
        return nil
    }

    /// Chinese and Japanese are written without spaces: these are looked for inside words.
    static let scriptDrugs = [
        "褪黑素", "褪黑激素", "メラトニン", "布洛芬", "イブプロフェン", "对乙酰氨基酚", "アセトアミノフェン", "安眠药",
        "安眠藥", "睡眠薬", "睡眠药", "阿司匹林", "アスピリン", "唑吡坦", "ゾルピデム", "二甲双胍", "メトホルミン",
        "他汀", "スタチン", "抗抑郁药", "抗うつ薬",
    ]
    static let scriptDoseUnits = ["毫克", "微克", "ミリグラム", "マイクログラム", "粒药", "片药", "錠"]
    static let scriptConditions = [
        "睡眠呼吸暂停", "失眠症", "抑郁症", "糖尿病", "高血压", "焦虑症", "睡眠時無呼吸症候群", "不眠症", "うつ病",
        "高血圧", "不安障害",
    ]
    /// What, beside a condition, makes it the user's: "you suffer from", "you have", "you are", "it is".
    static let scriptDiagnosisCues = ["你患有", "你有", "您患有", "您有", "あなたは", "です", "でしょう"]
    static let scriptClinicianVoice = ["作为你的医生", "作为您的医生", "我是医生", "主治医として", "医師として", "私は医者"]

    /// The first of `needles` inside a word of `text` written in Chinese or Japanese.
    static func inside(_ text: MedicalText, _ needles: [String]) -> String? {
        for token in text.tokens {
            guard case .word(let word) = token, isCJK(word) else { continue }
            if let found = needles.first(where: { word.contains($0) }) { return found }
        }
        return nil
    }

    /// A condition of ``scriptConditions`` and a cue of ``scriptDiagnosisCues`` in the same word.
    static func scriptDiagnosis(in text: MedicalText) -> [String]? {
        for token in text.tokens {
            guard case .word(let word) = token, isCJK(word),
                let condition = scriptConditions.first(where: { word.contains($0) }),
                scriptDiagnosisCues.contains(where: { word.contains($0) })
            else { continue }
            return [condition]
        }
        return nil
    }

    /// Whether `word` has a scalar of the CJK blocks (from U+2E80), where the needles are.
    private static func isCJK(_ word: String) -> Bool {
        word.unicodeScalars.contains { $0.value >= 0x2E80 }
    }

    /// A clinician's phrase of the coach's other languages at `index`.
    static func languageClinician(at index: Int, in text: MedicalText) -> [String]? {
        clinicianPhrases.first { $0.first == text.word(at: index) && text.matches($0, at: index) }
    }
}
