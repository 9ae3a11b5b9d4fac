/// What ``CrisisScreen/assess(_:region:)`` found in a message: the kind of
/// crisis, the language of the lexicon entry that matched, and the reply.
public struct CrisisAssessment: Sendable, Equatable {
    /// The languages the lexicon and the reply are written in.
    public enum Language: String, Sendable, CaseIterable {
        case english = "en"
        case german = "de"
        case spanish = "es"
        case french = "fr"
        case portuguese = "pt"
        case italian = "it"
        case dutch = "nl"
        case chinese = "zh"
        case japanese = "ja"
    }

    /// What the message is about.
    public enum Kind: String, Sendable, CaseIterable {
        case suicideOrSelfHarm = "suicide_self_harm"
        case overdose
        case medicalEmergency = "medical_emergency"
    }

    public let kind: Kind
    public let language: Language
    /// The lexicon pattern that matched, as written (for logs and tests; never shown).
    public let pattern: String
    /// The ISO 3166 region the reply's numbers are for, nil when unknown.
    public let region: String?

    /// The fixed reply: the region's emergency number and crisis line (or the
    /// generic ones), in ``language``, and no advice.
    public var reply: String { CrisisHelp.reply(in: language, region: region) }
}

typealias CrisisLanguage = CrisisAssessment.Language
typealias CrisisKind = CrisisAssessment.Kind
