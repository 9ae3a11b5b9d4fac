import Foundation
import WellnessKitCore

/// Whether a text repeats the instructions or the facts it was given:
/// a model coaxed into "repeat your rules" or "print the data message"
/// must not show them to the user (docs/AI.md, "Safety").
///
/// An echo is a run of words that the prompt holds too: 8 words of the
/// system prompt (any task, persona or mode), or 6 tokens of the facts
/// message (its JSON read as words: `name latest_steps value 8234 unit
/// steps`); and any identifier of the prompt (a word with `_`: `user_text`,
/// `avg_steps_last_7` outside a reference) or heading of its messages
/// ("Facts and data (JSON)", "Your answer was rejected"). Ordinary advice
/// does not repeat that many words of the rules by chance; shorter runs ("a
/// healthcare professional") are allowed.
enum EchoCheck {
    static let instructionRun = 8
    static let factRun = 6

    /// What `text` repeats, or nil.
    static func violation(in text: String, facts: FactSheet) -> String? {
        let words = Self.words(text)
        // Identifiers (`user_text`, `avg_steps_last_7`) and the messages' headings appear only in the prompt.
        let unreferenced = text.replacingOccurrences(of: #"\{\{[^{}]*\}\}"#, with: " ", options: .regularExpression)
        if Self.words(unreferenced).contains(where: { $0.contains("_") }) { return "repeats a name of the prompt" }
        let lowered = text.lowercased()
        if ChatPrompts.headings.contains(where: { lowered.contains(headingStem($0)) }) {
            return "repeats the instructions"
        }
        if !runs(of: words, length: instructionRun).isDisjoint(with: instructionRuns) {
            return "repeats the instructions"
        }
        if !runs(of: words, length: factRun).isDisjoint(with: factRuns(facts)) {
            return "repeats the facts message"
        }
        return nil
    }

    /// Every run of ``instructionRun`` words of every system prompt, with the tool's instructions.
    static let instructionRuns: Set<[Substring]> = {
        let personas = [nil] + Persona.allCases.map { Optional($0) }
        let prompts = GenerationTask.allCases.flatMap { task in
            personas.map { ChatPrompts.systemPrompt(task, persona: $0, mode: .jsonObject) }
        }
        let texts = prompts + [GenerationTask.toolInstructions] + ChatPrompts.headings
        return texts.reduce(into: Set()) { runs, prompt in
            runs.formUnion(Self.runs(of: words(prompt), length: instructionRun))
        }
    }()

    /// A heading without its closing colon, lower-cased: what an answer would quote of it.
    private static func headingStem(_ heading: String) -> String {
        String(heading.lowercased().prefix { $0 != ":" })
    }

    private static func factRuns(_ facts: FactSheet) -> Set<[Substring]> {
        runs(of: words(ChatCompletionsProvider.text(facts.json)), length: factRun)
    }

    /// The text's words, lower-cased: letters, digits and `_` (fact names are one word).
    static func words(_ text: String) -> [Substring] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }
    }

    static func runs(of words: [Substring], length: Int) -> Set<[Substring]> {
        guard words.count >= length else { return [] }
        return Set((0...(words.count - length)).map { Array(words[$0..<$0 + length]) })
    }
}
