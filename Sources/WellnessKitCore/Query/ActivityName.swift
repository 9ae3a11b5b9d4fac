/// An activity name as words, for matching what a person or a model asks for
/// ("bike") against what a tracker recorded ("Outdoor Cycling"):
/// case-insensitive, punctuation ignored, synonyms by group.
struct ActivityName: Sendable, Hashable {
    /// The lowercased ASCII letters and digits of each word; other characters separate words.
    let words: [String]

    init(_ text: String) {
        if let words = Self.asciiWords(text) {
            self.words = words
            return
        }
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

    /// The words of ASCII text, byte by byte: the same words as the
    /// Character path (there, of ASCII, only letters and digits are
    /// letters or numbers), which asks Unicode tables about each character
    /// and was most of matching a query's activities. Nil for other text.
    private static func asciiWords(_ text: String) -> [String]? {
        var words: [String] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte | 0x20)
            case 0x80...: return nil
            default:
                if !word.isEmpty {
                    words.append(String(decoding: word, as: UTF8.self))
                    word.removeAll(keepingCapacity: true)
                }
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
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
        ["hiit", "high intensity interval training", "interval training", "interval workout", "intervals"],
        ["aerobic", "aerobics", "aerobic workout"],
        ["pilates"],
        ["dance", "dancing"],
    ]

    /// For each phrase of a group, the phrases of every group holding it, in
    /// the groups' order: one lookup per asked name, not a scan of them all.
    private static let groupPhrases: [ActivityName: [ActivityName]] = {
        let groups = synonymGroups.map { $0.map(ActivityName.init) }
        var phrases: [ActivityName: [ActivityName]] = [:]
        for group in groups {
            for name in Set(group) { phrases[name, default: []] += group }
        }
        return phrases
    }()

    /// The phrases a recorded name may contain to match `self` asked for:
    /// itself and, when it names a group, every phrase of the group.
    var phrases: [ActivityName] {
        [self] + (Self.groupPhrases[self] ?? [])
    }
}
