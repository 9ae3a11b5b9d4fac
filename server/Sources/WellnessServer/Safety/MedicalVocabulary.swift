/// The names the medical-advice screen looks for, generated from public
/// vocabularies by server/tools/generate_medical_vocabulary.py (sources,
/// versions and licences: server/tools/medical_vocabulary/README.md): drug
/// and supplement names, generic and brand, and disease and condition
/// names. Each is one string literal (large collection literals compile
/// very slowly), read into a set the first time a screen needs it.
enum MedicalVocabulary {
    /// Medication and supplement names.
    static let drugs = names(drugsText)
    /// Disease and condition names.
    static let conditions = names(conditionsText)
    /// The most words a drug name has.
    static let drugWords = longest(drugs)
    /// The most words a condition name has.
    static let conditionWords = longest(conditions)

    /// The name among `names` that starts at `index`, longest first: its words, or nil.
    static func name(in names: Set<String>, longest: Int, at index: Int, of text: MedicalText) -> [String]? {
        let run = text.run(from: index, count: longest)
        guard !run.isEmpty else { return nil }
        for count in stride(from: run.count, through: 1, by: -1) {
            let words = Array(run.prefix(count))
            if names.contains(words.joined(separator: " ")) { return words }
        }
        return nil
    }

    private static func longest(_ names: Set<String>) -> Int {
        names.lazy.map { $0.split(separator: " ").count }.max() ?? 0
    }

    private static func names(_ text: String) -> Set<String> {
        Set(text.split(separator: "\n").map(String.init))
    }
}
