import WellnessKitCore

/// A text a model wrote, with every number as a reference to a fact
/// (`{{avg_steps_last_7}}`: `{{`, lowercase letters, digits and `_`, `}}`),
/// and the same text as the user reads it, each reference written by
/// ``FactRenderer``. The model writes no number itself: any numeral left
/// outside a reference (any script's digits, number forms, English number
/// words, digits split by invisible characters: ``GroundingCheck``'s reader)
/// is an error, as are a malformed reference, a reference glued to a word,
/// a name that is no fact, and a query's parameter cited in a sentence that
/// cites no measurement of that query. The rendered text is checked once more
/// as a whole against the facts, so that what the user reads is grounded
/// whatever the references did.
struct ReferencedText {
    /// The text as the user reads it (a reference that is no fact stays as written).
    let rendered: String
    /// The facts it cites, in order.
    let cited: [String]
    /// What is wrong, each naming `field`, for the re-ask.
    let errors: [String]

    /// The longest fact name a reference may hold.
    static let maximumNameLength = 64

    /// A run of text, or a reference's name.
    enum Piece: Equatable {
        case text(String)
        case reference(String)
    }

    init(_ text: String, field: String, facts: FactSheet) {
        let (pieces, malformed) = Self.pieces(of: text, field: field)
        var errors = malformed
        var rendered = ""
        var cited: [String] = []
        for piece in pieces {
            switch piece {
            case .text(let words): rendered += words
            case .reference(let name):
                cited.append(name)
                guard let fact = facts.fact(named: name) else {
                    errors.append("\(field) cites {{\(name)}}, which is none of the facts")
                    rendered += "{{\(name)}}"
                    continue
                }
                rendered += FactRenderer.text(of: fact, parameter: facts.parameters[name])
            }
        }
        errors += Self.numerals(in: pieces, field: field)
        errors += Self.parametersAlone(in: pieces, field: field, facts: facts)
        if errors.isEmpty {
            errors = GroundingCheck(text: rendered, facts: facts.facts + FactRenderer.constants).results
                .filter { $0.match == nil }
                .map {
                    "\(field) reads \"\($0.mention.text)\" once its references are written, which is none of the facts"
                }
        }
        self.rendered = rendered
        self.cited = cited
        self.errors = errors
    }

    /// The text's runs and references, and the errors of its malformed or glued references.
    static func pieces(of text: String, field: String) -> ([Piece], [String]) {
        let scalars = Array(text.unicodeScalars)
        var pieces: [Piece] = []
        var errors: [String] = []
        var run = String.UnicodeScalarView()
        var index = 0
        func pair(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
            index + 1 < scalars.count && scalars[index] == first && scalars[index + 1] == second
        }
        while index < scalars.count {
            if pair("{", "{"), let end = referenceEnd(scalars, from: index) {
                let name = String(String.UnicodeScalarView(scalars[(index + 2)..<(end - 2)]))
                if gluesToReference(index > 0 ? scalars[index - 1] : nil)
                    || gluesToReference(end < scalars.count ? scalars[end] : nil)
                {
                    errors.append("\(field) writes {{\(name)}} inside a word: put a space or punctuation around it")
                }
                if !run.isEmpty { pieces.append(.text(String(run))) }
                run = String.UnicodeScalarView()
                pieces.append(.reference(name))
                index = end
                continue
            }
            if pair("{", "{") || pair("}", "}") {
                errors.append(
                    pair("{", "{")
                        ? "\(field) has a malformed reference at \"\(excerpt(scalars, from: index))\": "
                            + "write {{fact_name}} with a fact's exact name"
                        : "\(field) has \"}}\" without its \"{{\" at \"\(excerpt(scalars, from: index))\"")
                run.append(scalars[index])
                index += 1
            }
            run.append(scalars[index])
            index += 1
        }
        if !run.isEmpty { pieces.append(.text(String(run))) }
        return (pieces, errors)
    }

    /// Past the `}}` of a well-formed reference starting at `start` (its `{{`), or nil.
    private static func referenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 2
        while index < scalars.count, index - start - 2 <= maximumNameLength, isNameScalar(scalars[index]) {
            index += 1
        }
        let length = index - start - 2
        guard (1...maximumNameLength).contains(length), index + 1 < scalars.count, scalars[index] == "}",
            scalars[index + 1] == "}"
        else { return nil }
        return index + 2
    }

    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    /// A letter, a digit or another reference's brace beside a reference makes one word of them. Only
    /// cased scripts do: Chinese and Japanese put no space around a number ("走了{{avg_steps_last_7}}。").
    private static func gluesToReference(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        let properties = scalar.properties
        return (properties.isAlphabetic && properties.isCased) || properties.generalCategory == .decimalNumber
            || scalar == "{" || scalar == "}"
    }

    private static func excerpt(_ scalars: [Unicode.Scalar], from start: Int) -> String {
        String(String.UnicodeScalarView(scalars[start..<min(start + 24, scalars.count)]))
    }

    /// Every number the text writes outside its references.
    static func numerals(in pieces: [Piece], field: String) -> [String] {
        let free = pieces.map { piece in
            switch piece {
            case .text(let words): return words
            case .reference: return " "
            }
        }.joined()
        let read = GroundingCheck(text: free, facts: []).results.map {
            "\(field) writes \"\($0.mention.text)\" outside a reference: write every number as a {{fact_name}} reference"
        }
        return read.isEmpty ? gluedDigits(in: free, field: field) : read
    }

    /// A digit the reader leaves to a word ("x2", "B12", "l2,OOO" with letters
    /// for the digits it hides): the model writes no digit at all, so any is refused.
    private static func gluedDigits(in free: String, field: String) -> [String] {
        let words = free.split { !($0.isLetter || $0.isNumber) }
        let numeric: Set<Unicode.GeneralCategory> = [.decimalNumber, .letterNumber, .otherNumber]
        return words.filter { $0.unicodeScalars.contains { numeric.contains($0.properties.generalCategory) } }.map {
            "\(field) writes \"\($0)\" outside a reference: write every number as a {{fact_name}} reference"
        }
    }

    /// A parameter cited in a sentence that cites no measurement of its query: "You walked
    /// {{query_1_condition_1}} every day" states the threshold the model chose as what the user did.
    static func parametersAlone(in pieces: [Piece], field: String, facts: FactSheet) -> [String] {
        sentences(of: pieces).flatMap { names in
            names.compactMap { name -> String? in
                guard let parameter = facts.parameters[name] else { return nil }
                let measured = names.contains {
                    $0.hasPrefix(parameter.query + "_") && facts.fact(named: $0) != nil
                        && facts.role(of: $0) == .measurement
                }
                guard !measured else { return nil }
                return "\(field): {{\(name)}} is the query's \(what(parameter)), not a measurement; cite it only in "
                    + "a sentence that also cites a measurement of \(parameter.query) (its value, rows or days)"
            }
        }
    }

    private static func what(_ parameter: FactSheet.Parameter) -> String {
        switch parameter.kind {
        case .condition: return "threshold"
        case .lastDays: return "window"
        case .take: return "count of rows to take"
        }
    }

    /// The names each sentence cites; a sentence ends after the space or line break that follows a `.`, `!` or
    /// `?`, or at a line break.
    static func sentences(of pieces: [Piece]) -> [[String]] {
        var sentences: [[String]] = [[]]
        var previous: Unicode.Scalar?
        for piece in pieces {
            switch piece {
            case .reference(let name):
                sentences[sentences.count - 1].append(name)
                previous = nil
            case .text(let words):
                for scalar in words.unicodeScalars {
                    if scalar == "\n" || (scalar.properties.isWhitespace && [".", "!", "?"].contains(previous)) {
                        sentences.append([])
                    }
                    previous = scalar
                }
            }
        }
        return sentences
    }
}
