/// An activity name as words, for matching what a person or a model asks for
/// ("bike") against what a tracker recorded ("Outdoor Cycling"):
/// case-insensitive, punctuation ignored, synonyms by group.
struct ActivityName: Sendable, Hashable {
    /// The lowercased ASCII letters and digits of each word; other characters separate words.
    let words: [String]

    init(_ text: String) {
        var words: [String] = []
        var word = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        self.words = words
    }

    /// Whether `phrase` appears in this name as consecutive whole words.
    func contains(_ phrase: ActivityName) -> Bool {
        let needle = phrase.words
        guard !needle.isEmpty, needle.count <= words.count else { return false }
        // Most phrases are one word; slices of [String] compared element by element cost far more.
        if needle.count == 1 { return words.contains(needle[0]) }
        return (0...(words.count - needle.count)).contains { start in
            words[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    /// Groups of names that mean one activity. A name asked for matches a
    /// recorded name that contains it, or any phrase of its group (docs/QUERY.md lists them).
    static let synonymGroups: [[String]] = [
        ["run", "runs", "running", "jog", "jogging", "treadmill"],
        ["walk", "walks", "walking"],
        ["hike", "hikes", "hiking"],
        [
            "bike", "bikes", "biking", "bike ride", "bike rides", "cycle", "cycling", "cycle ride", "spinning",
            "spin class",
        ],
        ["swim", "swims", "swimming"],
        ["yoga"],
        [
            "weights", "weight training", "weightlifting", "weight lifting", "lifting", "strength",
            "strength training", "functional strength training",
        ],
        ["row", "rowing", "rower"],
        ["elliptical"],
        ["hiit", "high intensity interval training", "interval training"],
        ["pilates"],
        ["dance", "dancing"],
    ]

    private static let groups: [[ActivityName]] = synonymGroups.map { $0.map(ActivityName.init) }

    /// The phrases a recorded name may contain to match `self` asked for:
    /// itself and, when it names a group, every phrase of the group.
    var phrases: [ActivityName] {
        var phrases = [self]
        for group in Self.groups where group.contains(self) {
            phrases += group
        }
        return phrases
    }
}
