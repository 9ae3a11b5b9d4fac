/// What a streamed coach reply tells its listener as the text is written.
public enum ReplyEvent: Sendable, Equatable {
    /// The next piece of the reply's text.
    case delta(String)
    /// The pieces told so far are withdrawn, for `reason`: the model's text
    /// failed a check part-way, and the pieces that follow are the whole
    /// replacement (the rules' reply).
    case reset(FallbackReason)

    /// `text` in pieces of a word and the spaces after it, as a reply that is
    /// already whole (the rules', a cached one) is streamed.
    static func pieces(of text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        for character in text {
            if !character.isWhitespace, let last = current.last, last.isWhitespace {
                pieces.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}
