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

    /// Drug names whose one-edit misspellings count, by each of their one-letter deletions and themselves.
    static let typoIndex: [String: [String]] = {
        var index: [String: [String]] = [:]
        for name in names(typoDrugsText) {
            for variant in deletions(of: name) + [name] { index[variant, default: []].append(name) }
        }
        return index
    }()
    /// English words one edit from such a name that are words of their own ("creating", "stations").
    static let typoExclusions = names(typoExclusionsText)

    /// The drug name `word` misspells by one edit (insertion, deletion,
    /// substitution, transposition: "ibuprofin", "melatonine"), or nil.
    static func misspelledDrug(_ word: String) -> String? {
        let letters = Array(word)
        guard letters.count >= 6, !drugs.contains(word), !typoExclusions.contains(word) else { return nil }
        let candidates = ([word] + deletions(of: word)).flatMap { typoIndex[$0] ?? [] }
        return candidates.first { oneEdit(letters, Array($0)) }
    }

    private static func deletions(of word: String) -> [String] {
        let letters = Array(word)
        return letters.indices.map { index in
            var shorter = letters
            shorter.remove(at: index)
            return String(shorter)
        }
    }

    /// Whether the words are one insertion, deletion, substitution or transposition apart.
    private static func oneEdit(_ first: [Character], _ second: [Character]) -> Bool {
        if first.count == second.count {
            let differ = first.indices.filter { first[$0] != second[$0] }
            if differ.count == 1 { return true }
            guard differ.count == 2, differ[1] == differ[0] + 1 else { return false }
            return first[differ[0]] == second[differ[1]] && first[differ[1]] == second[differ[0]]
        }
        let (shorter, longer) = first.count < second.count ? (first, second) : (second, first)
        guard longer.count == shorter.count + 1 else { return false }
        return longer.indices.contains { index in
            var removed = longer
            removed.remove(at: index)
            return removed == shorter
        }
    }

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
