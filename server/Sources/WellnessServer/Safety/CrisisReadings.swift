/// Further readings of a screened message, for the crisis screen to try
/// when the first ones matched nothing: spellings that hide a phrase from
/// the lexicon's words without being Unicode tricks (docs/AI.md, "Safety").
///
/// Each reading is the text with, together:
/// - letters written one by one joined: three single letters or more
///   separated by spaces, dots, dashes or other punctuation ("s u i c i d e",
///   "s.u.i.c.i.d.e.", "k-y-s");
/// - a hyphen inside a word removed ("un-aliving"), a dot or underscore
///   inside a word read as a space ("i.want.to.die");
/// - a run of three identical letters or more shortened: to two letters in
///   one reading ("dooood" to "dood"), to one in the other ("morireee" to
///   "morire");
/// - chat spellings read as the words they stand for, where the reading is
///   safe: "kiero"/"kero" for "quiero", "jveux" for "je veux", "dye" for
///   "die" after "want"/"wanna"/"to" and before no other word ("dye my hair"
///   stays), "kil" for "kill" before "myself";
/// - Japanese katakana as hiragana ("シニタイ", and halfwidth "ｼﾆﾀｲ" which
///   normalisation makes fullwidth, read "しにたい"), and the homophones
///   written for 死 before "に" ("氏にたい", "タヒにたい") read as 死.
///
/// Every step is linear in the text's length and total.
enum CrisisReadings {
    /// The readings of `text` (screened: see ``CrisisMatcher/screened(_:)``)
    /// that differ from it, the doubled-letter one first.
    static func all(_ text: String) -> [String] {
        var readings: [String] = []
        let japanese = japaneseRead(text)
        for runLength in [2, 1] {
            let reading = respelled(japanese, runsTo: runLength)
            if reading != text, !readings.contains(reading) { readings.append(reading) }
        }
        return readings
    }

    // MARK: Words

    /// A run of word characters, or of the characters between two words.
    struct Segment {
        var text: String
        let isWord: Bool
    }

    /// Separators single letters may stand between and still be read as one word.
    static let letterSeparators: Set<Character> = [" ", ".", "-", "_", "*", ",", "/", "|", "~", "+", "·", "•"]

    static func respelled(_ text: String, runsTo runLength: Int) -> String {
        var segments = joinedLetters(segments(of: text))
        segments = joinedInsideWords(segments)
        for index in segments.indices where segments[index].isWord {
            segments[index].text = shortenedRuns(segments[index].text, to: runLength)
        }
        readChatSpellings(&segments)
        return segments.map(\.text).joined()
    }

    /// `text` cut into words (``CrisisMatcher/isWordCharacter(_:)``) and what lies between them.
    static func segments(of text: String) -> [Segment] {
        var segments: [Segment] = []
        for character in text {
            let isWord = CrisisMatcher.isWordCharacter(character)
            if let last = segments.last, last.isWord == isWord {
                segments[segments.count - 1].text.append(character)
            } else {
                segments.append(Segment(text: String(character), isWord: isWord))
            }
        }
        return segments
    }

    /// Three or more single letters with only short punctuation between them, joined into one word.
    static func joinedLetters(_ segments: [Segment]) -> [Segment] {
        var result: [Segment] = []
        var index = 0
        while index < segments.count {
            var end = index
            var letters = ""
            // Letters at end, end + 2, ...; separators at end + 1, end + 3, ...
            while end < segments.count, isSingleLetter(segments[end]) {
                letters += segments[end].text
                guard end + 2 < segments.count, isLetterSeparator(segments[end + 1]),
                    isSingleLetter(segments[end + 2])
                else { break }
                end += 2
            }
            if letters.count >= 3 {
                result.append(Segment(text: letters, isWord: true))
                index = end + 1
            } else {
                result.append(segments[index])
                index += 1
            }
        }
        return result
    }

    private static func isSingleLetter(_ segment: Segment) -> Bool {
        guard segment.isWord, segment.text.count == 1, let letter = segment.text.first else { return false }
        return letter.isLetter && !letter.unicodeScalars.contains(where: CrisisMatcher.isCJK)
    }

    private static func isLetterSeparator(_ segment: Segment) -> Bool {
        !segment.isWord && segment.text.count <= 3 && segment.text.allSatisfy { letterSeparators.contains($0) }
    }

    /// Words a hyphen joins read as one ("un-aliving"); words a dot or underscore joins as two ("i.want").
    static func joinedInsideWords(_ segments: [Segment]) -> [Segment] {
        var result: [Segment] = []
        var joinNext = false
        for (index, segment) in segments.enumerated() {
            if segment.isWord {
                if joinNext, let last = result.indices.last {
                    result[last].text += segment.text
                } else {
                    result.append(segment)
                }
                joinNext = false
                continue
            }
            let between = index > 0 && index + 1 < segments.count && segments[index - 1].isWord
            if between, segment.text.allSatisfy({ $0 == "-" }) {
                joinNext = true
            } else if between, segment.text == "." || segment.text == "_" {
                result.append(Segment(text: " ", isWord: false))
            } else {
                result.append(segment)
            }
        }
        return result
    }

    /// `word` with every run of three identical letters or more cut to `runLength`.
    static func shortenedRuns(_ word: String, to runLength: Int) -> String {
        var result = ""
        var run: Character?
        var count = 0
        for character in word {
            if character == run {
                count += 1
            } else {
                flush(run, count, runLength, into: &result)
                run = character
                count = 1
            }
        }
        flush(run, count, runLength, into: &result)
        return result
    }

    private static func flush(_ run: Character?, _ count: Int, _ runLength: Int, into result: inout String) {
        guard let run else { return }
        let kept = count >= 3 && run.isLetter ? runLength : count
        result.append(String(repeating: run, count: kept))
    }

    // MARK: Chat spellings

    /// Chat spellings read as the words they stand for, whatever their neighbours.
    static let spellings: [String: String] = [
        "kiero": "quiero", "kero": "quiero", "qiero": "quiero", "qero": "quiero", "kieres": "quieres",
        "jveux": "je veux", "jveu": "je veux", "chveux": "je veux", "jvx": "je veux", "jpeux": "je peux",
        "jvais": "je vais", "jsuis": "je suis", "chui": "je suis", "chuis": "je suis", "jme": "je me",
        "wana": "wanna", "wanan": "wanna", "gona": "gonna", "ded": "dead", "lyfe": "life", "lyf": "life",
        "bout": "about",
    ]

    /// Words after which "dye" reads "die" (when no word follows it).
    static let beforeDie: Set<String> = ["want", "wanna", "to", "gonna", "gotta", "just", "i", "ill", "should"]
    /// Words before which "kil" reads "kill".
    static let afterKill: Set<String> = ["myself", "meself", "my", "mself", "myslef", "me", "urself", "yourself"]

    static func readChatSpellings(_ segments: inout [Segment]) {
        let words = segments.indices.filter { segments[$0].isWord }
        for (order, index) in words.enumerated() {
            let word = segments[index].text
            if let spelled = spellings[word] {
                segments[index].text = spelled
                continue
            }
            let previous = order > 0 ? segments[words[order - 1]].text : nil
            let next = order + 1 < words.count ? segments[words[order + 1]].text : nil
            if word == "dye", let previous, beforeDie.contains(previous), !isFollowedByWord(segments, index) {
                segments[index].text = "die"
            } else if word == "kil", let next, afterKill.contains(next) {
                segments[index].text = "kill"
            }
        }
    }

    /// Whether only spaces stand between the segment at `index` and the next word.
    private static func isFollowedByWord(_ segments: [Segment], _ index: Int) -> Bool {
        let next = index + 1
        guard next + 1 < segments.count else { return false }
        return segments[next].text.allSatisfy { $0 == " " } && segments[next + 1].isWord
    }

    // MARK: Japanese

    /// Characters written for 死 ("shi") before に: look-alikes and homophones.
    /// (Not kana: "わたしにたいして" is "towards me".)
    static let deathHomophones: Set<Character> = ["氏", "市", "士", "師", "四", "詩", "紙", "志", "誌"]

    /// "タヒ" (死 split in two) before the kana that follow 死 in its verb forms ("タヒチ" is Tahiti).
    static let splitDeath: [(String, String)] = [("タヒに", "死に"), ("タヒぬ", "死ぬ"), ("タヒん", "死ん")]

    /// Katakana read as hiragana; a homophone of 死 before に, and "タヒ" (死 split in two), read as 死.
    static func japaneseRead(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: CrisisMatcher.isCJK) else { return text }
        var joined = text
        for (split, death) in splitDeath { joined = joined.replacingOccurrences(of: split, with: death) }
        let characters = Array(joined)
        var result = ""
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if deathHomophones.contains(character), next == "に" || next == "ニ" {
                result.append("死")
            } else {
                result.append(hiragana(character))
            }
        }
        return result
    }

    /// A katakana letter (U+30A1–U+30F6) as its hiragana (U+3041–U+3096); anything else as it is.
    static func hiragana(_ character: Character) -> Character {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
            (0x30A1...0x30F6).contains(scalar.value), let mapped = Unicode.Scalar(scalar.value - 0x60)
        else { return character }
        return Character(mapped)
    }
}
