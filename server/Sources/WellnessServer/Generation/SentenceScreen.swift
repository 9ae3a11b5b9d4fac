/// The streamed coach reply as the user sees it: each complete sentence of
/// the answer's `reply` (read while the JSON arrives, ``PartialReplyText``)
/// is told to `emit`, its references written, once everything shown up to
/// it, as the user reads it, passes every check on part of a reply
/// (``AnswerValidation/screen(partOf:)``); a sentence that fails stops the
/// answer, as does a second `reply` key. A reference holds no space, so one
/// still arriving never ends a sentence: its sentence waits. What ends the
/// reply (``finish(_:)``) continues exactly what was shown, or withdraws it
/// first. A dropped answer is withdrawn with ``ReplyEvent/reset(_:)``, and
/// what follows (a re-asked answer, the rules') is the whole replacement.
final class SentenceScreen: AnswerListener {
    private let coach: CoachQuestion
    private let shown = ShownText()
    private let emit: @Sendable (ReplyEvent) -> Void

    init(_ coach: CoachQuestion, emit: @escaping @Sendable (ReplyEvent) -> Void) {
        self.coach = coach
        self.emit = emit
    }

    func received(_ content: String) -> AnswerValidation.Verdict<Void> {
        let reading = PartialReplyText.read(content)
        guard !reading.repeated else { return Self.repeatedKey }
        let pending = reading.text.unicodeScalars.dropFirst(shown.scalars)
        guard let end = Self.sentencesEnd(in: pending) else { return .valid(()) }
        let sentences = String(String.UnicodeScalarView(pending[..<end]))
        // The checks read the facts as they are now, tool results included.
        let verdict = coach.validation.screen(partOf: shown.source + sentences)
        guard case .valid(let rendered) = verdict else { return verdict.rejection() ?? .valid(()) }
        guard let delta = shown.rest(of: rendered) else { return Self.changed }
        emit(.delta(delta))
        shown.append(delta, source: sentences)
        return .valid(())
    }

    static let repeatedKey = AnswerValidation.Verdict<Void>.invalid(
        errors: ["the answer writes the key \"reply\" twice; write it once"], reason: .invalidAnswer)
    static let changed = AnswerValidation.Verdict<Void>.invalid(
        errors: ["the reply does not continue the text already shown to the user; repeat that text and go on"],
        reason: .invalidAnswer)

    /// Whether `text` continues what was shown (so that ``finish(_:)`` adds to it, withdrawing nothing).
    func continues(_ text: String) -> Bool {
        shown.rest(of: text) != nil
    }

    var hasShown: Bool { shown.any }

    func withdraw(_ reason: FallbackReason) {
        if shown.any { emit(.reset(reason)) }
        shown.reset()
    }

    /// Tells the rest of the reply `text` not shown yet (a cached answer, the
    /// rules', what follows the last sentence), word by word. A `text` that
    /// does not continue what was shown withdraws it first and is told whole:
    /// what the user ends up reading is always `text`.
    func finish(_ text: String) {
        let rest: String
        if let unshown = shown.rest(of: text) {
            rest = unshown
        } else {
            withdraw(.invalidAnswer)
            rest = text
        }
        for piece in ReplyEvent.pieces(of: rest) { emit(.delta(piece)) }
        shown.append(rest, source: "")
    }

    /// Where the last complete sentence of `text` ends: after the space or
    /// line break that follows a `.`, `!` or `?`, or after a line break.
    static func sentencesEnd(in text: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView.Index? {
        var end: Substring.UnicodeScalarView.Index?
        var previous: Unicode.Scalar?
        for index in text.indices {
            let scalar = text[index]
            let breaks = scalar == "\n" || (scalar.properties.isWhitespace && [".", "!", "?"].contains(previous))
            if breaks { end = text.index(after: index) }
            previous = scalar
        }
        return end
    }
}
