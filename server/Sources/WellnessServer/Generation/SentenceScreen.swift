/// The streamed coach reply as the user sees it: each complete sentence of
/// the answer's `reply` (read while the JSON arrives, ``PartialReplyText``)
/// is told to `emit` once the text shown up to it passes the checks on part
/// of a reply; a sentence that fails stops the answer. A dropped answer is
/// withdrawn with ``ReplyEvent/reset(_:)``, and what follows (a re-asked
/// answer, the rules') is the whole replacement.
final class SentenceScreen: AnswerListener {
    private let coach: CoachQuestion
    private let shown = ShownText()
    private let emit: @Sendable (ReplyEvent) -> Void

    init(_ coach: CoachQuestion, emit: @escaping @Sendable (ReplyEvent) -> Void) {
        self.coach = coach
        self.emit = emit
    }

    func received(_ content: String) -> AnswerValidation.Verdict<Void> {
        let pending = PartialReplyText.of(content).unicodeScalars.dropFirst(shown.scalars)
        guard let end = Self.sentencesEnd(in: pending) else { return .valid(()) }
        let sentences = String(String.UnicodeScalarView(pending[..<end]))
        // The checks read the facts as they are now, tool results included.
        let verdict = coach.validation.screen(partOf: shown.text + sentences)
        guard case .valid = verdict else { return verdict }
        emit(.delta(sentences))
        shown.append(sentences)
        return verdict
    }

    var hasShown: Bool { shown.any }

    func withdraw(_ reason: FallbackReason) {
        if shown.any { emit(.reset(reason)) }
        shown.reset()
    }

    /// Tells the rest of the reply `text` not shown yet (a cached answer, the
    /// rules', what follows the last sentence), word by word.
    func finish(_ text: String) {
        let rest = String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(shown.scalars)))
        for piece in ReplyEvent.pieces(of: rest) { emit(.delta(piece)) }
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
