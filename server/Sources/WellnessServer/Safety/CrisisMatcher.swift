/// ``CrisisLexicon``'s patterns compiled once, and matched against a
/// message's readings (the pattern language is documented on the lexicon).
///
/// Matching is linear in the message's words for a fixed lexicon: each
/// distinct word is looked up once (exactly, by prefix, and by one-typo
/// neighbourhood through a deletion index), and only the patterns whose
/// first word it matches are tried from it.
struct CrisisMatcher: Sendable {
    /// Words `...` may skip.
    static let maxGap = 4
    /// Characters `...` may skip in a Chinese or Japanese pattern.
    static let maxCJKGap = 4
    /// The shortest screened word a typo may reach.
    static let minTypoLength = 5
    /// The shortest pattern also matched in the text with its spaces removed.
    static let minJoinedLength = 7
    /// The words after which `#` words do not count ("5 kms", "a few kms").
    static let quantityWords: Set<String> = [
        "a", "the", "few", "couple", "several", "many", "some", "more", "extra", "last", "first", "final", "of",
        "those", "these", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "dozen", "hundred",
        "half", "fifteen", "twenty", "thirty", "forty", "fifty",
    ]
    /// The token standing for a sentence end (`.`, `!`, `?`, `;`, `。`...).
    static let sentenceEnd = "."
    /// The token standing for a number of ten or more (`<n>` in patterns).
    static let manyToken = "\u{1}n"
    /// Number words of ten or more.
    static let manyWords: Set<String> = [
        "ten", "eleven", "twelve", "fifteen", "twenty", "thirty", "forty", "fifty", "hundred", "dozen", "dozens",
        "zehn", "zwanzig", "dreissig", "funfzig", "diez", "veinte", "treinta", "dix", "vingt", "trente", "dez", "vinte",
        "trinta", "dieci", "venti", "trenta", "tien", "twintig", "dertig",
    ]

    /// What one compiled pattern says when it matches.
    struct Entry: Sendable {
        let language: CrisisLanguage
        let kind: CrisisKind
        /// The pattern as written in the lexicon.
        let source: String
    }

    /// One word of a pattern: an index into the vocabulary.
    struct Word: Sendable {
        let id: Int
        let notAfterQuantity: Bool
    }

    enum Slot: Sendable {
        /// Choices, each a run of words.
        case words([[Word]])
        case gap
        case end
    }

    struct Pattern: Sendable {
        let slots: [Slot]
        let entry: Entry
        /// Whether a typo is allowed in it (more than one word, or a `~`).
        let typos: Bool
        /// Its word slots; a pattern of several needs one word matched as written.
        let wordCount: Int
    }

    struct Vocabulary: Sendable {
        var words: [String] = []
        var prefixes: [Bool] = []
        var ids: [String: Int] = [:]
        var prefixIds: [String: Int] = [:]

        mutating func id(of text: String, prefix: Bool) -> Int {
            if let known = prefix ? prefixIds[text] : ids[text] { return known }
            let id = words.count
            words.append(text)
            prefixes.append(prefix)
            if prefix { prefixIds[text] = id } else { ids[text] = id }
            return id
        }
    }

    private(set) var vocabulary = Vocabulary()
    private(set) var patterns: [Pattern] = []
    private(set) var benign: [Pattern] = []
    /// Patterns by the vocabulary ids their first slot can start with.
    private var starts: [Int: [Int]] = [:]
    private var benignStarts: [Int: [Int]] = [:]
    /// One-deletion neighbourhoods of the exact words of five letters or more.
    private var deletions: [String: [Int]] = [:]
    /// The longest word of the vocabulary: longer words of a message are not
    /// compared letter by letter (which would cost the square of their length).
    private var longestWord = 0
    /// Chinese and Japanese patterns: parts, and what they say.
    private(set) var cjk: [(parts: [String], entry: Entry)] = []
    /// Latin patterns spelled without spaces, for joined words, by their first three scalars.
    private(set) var joined: [String: [(text: [Unicode.Scalar], entry: Entry)]] = [:]

    /// The lexicon, compiled.
    static let shared = CrisisMatcher(
        CrisisLanguage.allCases.map { ($0, CrisisLexicon.patterns(of: $0)) })

    init(_ lexicons: [(CrisisLanguage, CrisisLexicon.Language)]) {
        for (language, lexicon) in lexicons {
            let kinds: [(CrisisKind, [String])] = [
                (.suicideOrSelfHarm, lexicon.suicide), (.overdose, lexicon.overdose),
                (.medicalEmergency, lexicon.medical),
            ]
            for (kind, sources) in kinds {
                for source in sources { add(source, Entry(language: language, kind: kind, source: source)) }
            }
            for source in lexicon.benign {
                if let pattern = compile(source, Entry(language: language, kind: .suicideOrSelfHarm, source: source)) {
                    index(pattern, into: &benignStarts, count: benign.count)
                    benign.append(pattern)
                }
            }
        }
        longestWord = vocabulary.words.map(\.count).max() ?? 0
        for (id, word) in vocabulary.words.enumerated()
        where !vocabulary.prefixes[id] && word.count >= Self.minTypoLength {
            for variant in Self.deletionsAndSelf(of: word) { deletions[variant, default: []].append(id) }
        }
    }

    private mutating func add(_ source: String, _ entry: Entry) {
        if source.unicodeScalars.contains(where: Self.isCJK) {
            let parts = source.components(separatedBy: "...").map { Self.screened($0).filter { $0 != " " } }
            if !parts.contains(where: \.isEmpty) { cjk.append((parts, entry)) }
            return
        }
        guard let pattern = compile(source, entry) else { return }
        index(pattern, into: &starts, count: patterns.count)
        patterns.append(pattern)
        guard pattern.wordCount > 1 else { return }
        for spelling in joinedSpellings(of: pattern) where spelling.count >= Self.minJoinedLength {
            let scalars = Array(spelling.unicodeScalars)
            joined[Self.head(scalars, 0), default: []].append((scalars, entry))
        }
    }

    private func index(_ pattern: Pattern, into table: inout [Int: [Int]], count: Int) {
        guard case .words(let choices)? = pattern.slots.first else { return }
        for id in Set(choices.compactMap { $0.first?.id }) { table[id, default: []].append(count) }
    }

    private mutating func compile(_ source: String, _ entry: Entry) -> Pattern? {
        var slots: [Slot] = []
        var typoMarked = false
        var wordCount = 0
        for field in source.split(separator: " ") {
            switch field {
            case "...": slots.append(.gap)
            case "$": slots.append(.end)
            default:
                var choices: [[Word]] = []
                for choice in field.split(separator: "|") {
                    var text = String(choice)
                    let notAfterQuantity = text.hasPrefix("#")
                    if notAfterQuantity { text.removeFirst() }
                    if text.hasSuffix("~") {
                        typoMarked = true
                        text.removeLast()
                    }
                    let prefix = text.hasSuffix("*")
                    if prefix { text.removeLast() }
                    let words =
                        text == "<n>"
                        ? [Self.manyToken]
                        : Self.words(of: Self.screened(text.replacingOccurrences(of: "_", with: " ")))
                    guard !words.isEmpty else { continue }
                    choices.append(
                        words.enumerated().map { index, word in
                            Word(
                                id: vocabulary.id(of: word, prefix: prefix && index == words.count - 1),
                                notAfterQuantity: notAfterQuantity)
                        })
                }
                guard !choices.isEmpty else { return nil }
                wordCount += 1
                slots.append(.words(choices))
            }
        }
        guard case .words? = slots.first else { return nil }
        return Pattern(slots: slots, entry: entry, typos: typoMarked || wordCount > 1, wordCount: wordCount)
    }

    /// The pattern's spellings without spaces, when it has only words (at most 64).
    private func joinedSpellings(of pattern: Pattern) -> [String] {
        var spellings = [""]
        for slot in pattern.slots {
            guard case .words(let choices) = slot else { return [] }
            guard !choices.contains(where: { $0.contains(where: \.notAfterQuantity) }) else { return [] }
            let texts = choices.map { $0.map { vocabulary.words[$0.id] }.joined() }
            spellings = spellings.flatMap { head in texts.map { head + $0 } }
            guard spellings.count <= 64 else { return [] }
        }
        return spellings
    }

    // MARK: Matching

    /// Every entry that matches `text` (already screened: see ``screened(_:)``).
    func matches(in text: String) -> [Entry] {
        var tokens = Self.words(of: text, sentences: true).map { Self.isMany($0) ? Self.manyToken : $0 }
        var seen: [String: [Int]] = [:]
        var ids = tokens.map { token -> [Int] in
            if let known = seen[token] { return known }
            let matched = wordIds(token)
            seen[token] = matched
            return matched
        }
        blankBenign(&tokens, &ids)
        var found: [Entry] = []
        for position in tokens.indices {
            var tried = Set<Int>()
            for id in ids[position] {
                for index in starts[id >= 0 ? id : -1 - id] ?? [] where tried.insert(index).inserted {
                    if matches(patterns[index], tokens, ids, at: position) { found.append(patterns[index].entry) }
                }
            }
        }
        // Joined words are a fallback reading: "killmyself" when no words matched.
        if found.isEmpty { found.append(contentsOf: joinedMatches(tokens)) }
        found.append(contentsOf: cjkMatches(text))
        return found
    }

    /// Vocabulary ids `token` matches: exact and prefix ones as they are,
    /// one-typo ones negated minus one (so `-1 - id`).
    private func wordIds(_ token: String) -> [Int] {
        guard token != Self.sentenceEnd, token != Self.manyToken else {
            return vocabulary.ids[token].map { [$0] } ?? []
        }
        var result: [Int] = []
        if let exact = vocabulary.ids[token] { result.append(exact) }
        var prefix = ""
        for character in token.prefix(longestWord) {
            prefix.append(character)
            if let id = vocabulary.prefixIds[prefix] { result.append(id) }
        }
        guard (Self.minTypoLength - 1)...(longestWord + 1) ~= token.count else { return result }
        var candidates = Set<Int>()
        for variant in Self.deletionsAndSelf(of: token) { candidates.formUnion(deletions[variant] ?? []) }
        for id in candidates where !result.contains(id) && Self.isOneEdit(token, vocabulary.words[id]) {
            result.append(-1 - id)
        }
        return result
    }

    private func matches(_ pattern: Pattern, _ tokens: [String], _ ids: [[Int]], at start: Int) -> Bool {
        step(pattern, slot: 0, position: start, exact: false, tokens, ids)
    }

    /// Whether `pattern`'s slots from `slot` on match from `position`; `exact`
    /// tells whether a word so far matched as written.
    private func step(
        _ pattern: Pattern, slot: Int, position: Int, exact: Bool, _ tokens: [String], _ ids: [[Int]]
    ) -> Bool {
        guard slot < pattern.slots.count else { return exact || pattern.wordCount == 1 }
        switch pattern.slots[slot] {
        case .end:
            guard position >= tokens.count || tokens[position] == Self.sentenceEnd else { return false }
            return step(pattern, slot: slot + 1, position: position, exact: exact, tokens, ids)
        case .gap:
            for skip in 0...Self.maxGap {
                let next = position + skip
                guard next <= tokens.count else { return false }
                if skip > 0, tokens[next - 1] == Self.sentenceEnd { return false }
                if step(pattern, slot: slot + 1, position: next, exact: exact, tokens, ids) { return true }
            }
            return false
        case .words(let choices):
            for choice in choices {
                guard let (end, allExact) = run(choice, pattern, from: position, tokens, ids) else { continue }
                if step(pattern, slot: slot + 1, position: end, exact: exact || allExact, tokens, ids) { return true }
            }
            return false
        }
    }

    /// Where `choice` ends when it matches at `position`, and whether its words matched exactly.
    private func run(_ choice: [Word], _ pattern: Pattern, from position: Int, _ tokens: [String], _ ids: [[Int]])
        -> (Int, Bool)?
    {
        var allExact = true
        for (offset, word) in choice.enumerated() {
            let index = position + offset
            guard index < tokens.count else { return nil }
            if ids[index].contains(word.id) {
                // Matched as written.
            } else if pattern.typos, ids[index].contains(-1 - word.id) {
                allExact = false
            } else {
                return nil
            }
            if word.notAfterQuantity, index > 0, Self.isQuantity(tokens[index - 1]) { return nil }
        }
        return (position + choice.count, allExact)
    }

    private static func isQuantity(_ token: String) -> Bool {
        quantityWords.contains(token) || token == manyToken || token.contains(where: \.isNumber)
    }

    /// Whether `token` is a number of ten or more: up to six ASCII digits, or a number word.
    static func isMany(_ token: String) -> Bool {
        if manyWords.contains(token) { return true }
        guard (1...6).contains(token.utf8.count), token.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int(token)
        else { return false }
        return value >= 10
    }

    /// Blanks the words of benign phrases ("suicide sprints") so that no pattern sees them.
    private func blankBenign(_ tokens: inout [String], _ ids: inout [[Int]]) {
        guard !benign.isEmpty else { return }
        var position = 0
        while position < tokens.count {
            var blanked = false
            for id in ids[position] where id >= 0 {
                for index in benignStarts[id] ?? [] {
                    guard let end = benignEnd(benign[index], tokens, ids, at: position) else { continue }
                    for blank in position..<end {
                        tokens[blank] = ""
                        ids[blank] = []
                    }
                    position = end
                    blanked = true
                    break
                }
                if blanked { break }
            }
            if !blanked { position += 1 }
        }
    }

    /// Where a benign pattern (words only) ends when it matches at `position`.
    private func benignEnd(_ pattern: Pattern, _ tokens: [String], _ ids: [[Int]], at position: Int) -> Int? {
        var end = position
        for slot in pattern.slots {
            guard case .words(let choices) = slot else { return nil }
            guard
                let choice = choices.first(where: { choice in
                    choice.enumerated().allSatisfy { offset, word in
                        end + offset < tokens.count && ids[end + offset].contains(word.id)
                    }
                })
            else { return nil }
            end += choice.count
        }
        return end
    }

    /// Patterns found in the words run together, starting at a word's start ("killmyself").
    private func joinedMatches(_ tokens: [String]) -> [Entry] {
        var text: [Unicode.Scalar] = []
        var starts: [Int] = []
        for token in tokens where !token.isEmpty && token != Self.sentenceEnd {
            starts.append(text.count)
            text.append(contentsOf: token.unicodeScalars)
        }
        // A spelling must start and end where words do ("kill" + "myself" joined, not "me cortar|on").
        let boundaries = Set(starts + [text.count])
        var found: [Entry] = []
        for start in starts {
            for (spelling, entry) in joined[Self.head(text, start)] ?? []
            where boundaries.contains(start + spelling.count)
                && text[start..<(start + spelling.count)].elementsEqual(spelling)
            {
                found.append(entry)
            }
        }
        return found
    }

    /// Up to three scalars of `text` from `start`, as a key.
    private static func head(_ text: [Unicode.Scalar], _ start: Int) -> String {
        var key = String.UnicodeScalarView()
        key.append(contentsOf: text[start..<min(text.count, start + 3)])
        return String(key)
    }

    /// Chinese and Japanese patterns as substrings of the text without spaces.
    private func cjkMatches(_ text: String) -> [Entry] {
        guard text.unicodeScalars.contains(where: Self.isCJK) else { return [] }
        let characters = Array(text.filter { $0 != " " })
        return cjk.compactMap { parts, entry in
            Self.find(parts.map(Array.init), in: characters) ? entry : nil
        }
    }

    /// Whether the parts occur in order, at most ``maxCJKGap`` characters apart.
    static func find(_ parts: [[Character]], in text: [Character]) -> Bool {
        guard let first = parts.first, !first.isEmpty else { return false }
        var start = 0
        while let found = firstIndex(of: first, in: text, from: start, upTo: text.count) {
            if follows(Array(parts.dropFirst()), in: text, after: found + first.count) { return true }
            start = found + 1
        }
        return false
    }

    private static func follows(_ parts: [[Character]], in text: [Character], after position: Int) -> Bool {
        guard let part = parts.first else { return true }
        let limit = min(text.count, position + maxCJKGap + part.count)
        var start = position
        while let found = firstIndex(of: part, in: text, from: start, upTo: limit) {
            if follows(Array(parts.dropFirst()), in: text, after: found + part.count) { return true }
            start = found + 1
        }
        return false
    }

    private static func firstIndex(of part: [Character], in text: [Character], from start: Int, upTo limit: Int)
        -> Int?
    {
        guard !part.isEmpty, start >= 0, limit <= text.count, limit - start >= part.count else { return nil }
        for index in start...(limit - part.count) where text[index] == part[0] {
            if text[index..<(index + part.count)].elementsEqual(part) { return index }
        }
        return nil
    }

    // MARK: Text

    /// What a pattern or message is compared in: normalised, accents removed.
    static func screened(_ text: String) -> String {
        SafetyText.withoutDiacritics(SafetyText.normalized(text))
    }

    /// The words of screened text: runs of letters and digits, apostrophes
    /// inside a word dropped; with `sentences`, a ``sentenceEnd`` token for
    /// each sentence-ending mark.
    static func words(of text: String, sentences: Bool = false) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if isWordCharacter(character) {
                current.append(character)
                continue
            }
            // "don't" reads "dont"; an elision ("n'arrive", "l'envie", "qu'il", "un'overdose") is two words.
            if character == "'", current.count > 1, current != "qu", !isElision(characters, after: index) { continue }
            if !current.isEmpty {
                words.append(current)
                current = ""
            }
            if sentences, sentenceMarks.contains(character), words.last != sentenceEnd { words.append(sentenceEnd) }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether `character` belongs to a word: a letter, a digit or a combining mark.
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character.unicodeScalars.first.map(isMark) == true
    }

    /// Whether the apostrophe at `index` ends an elided word ("un'overdose",
    /// "dell'anno", "jusqu'ici"): three letters or more follow it, where an
    /// English contraction has one or two ("don't", "I've", "you'll").
    private static func isElision(_ characters: [Character], after index: Int) -> Bool {
        var count = 0
        var next = index + 1
        while next < characters.count, count < 3, isWordCharacter(characters[next]) {
            count += 1
            next += 1
        }
        return count >= 3
    }

    static let sentenceMarks: Set<Character> = [".", "!", "?", ";", "。", "！", "？", "…", "\n"]

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// Han, kana and CJK punctuation: scripts written without spaces.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: true
        default: false
        }
    }

    // MARK: Typos

    /// `word` and every spelling of it with one character removed.
    static func deletionsAndSelf(of word: String) -> Set<String> {
        let characters = Array(word)
        var variants: Set<String> = [word]
        for index in characters.indices {
            var shorter = characters
            shorter.remove(at: index)
            variants.insert(String(shorter))
        }
        return variants
    }

    /// Whether `a` and `b` are at most one edit apart (insertion, deletion,
    /// substitution or transposition of neighbours: optimal string alignment),
    /// the edit not touching the first letter: people rarely mistype it, and
    /// most everyday neighbours of screened words differ there ("courir" and
    /// "mourir", "correr" and "morrer", "painted" and "fainted").
    static func isOneEdit(_ a: String, _ b: String) -> Bool {
        let x = Array(a)
        let y = Array(b)
        guard abs(x.count - y.count) <= 1, x.first == y.first
        else { return false }
        if x.count == y.count {
            let differing = x.indices.filter { x[$0] != y[$0] }
            if differing.count <= 1 { return true }
            guard differing.count == 2, let first = differing.first, let last = differing.last else { return false }
            return last == first + 1 && x[first] == y[last] && x[last] == y[first]
        }
        let (long, short) = x.count > y.count ? (x, y) : (y, x)
        var skipped = false
        var i = 0
        var j = 0
        while i < long.count, j < short.count {
            if long[i] == short[j] {
                i += 1
                j += 1
            } else if skipped {
                return false
            } else {
                skipped = true
                i += 1
            }
        }
        return true
    }
}
