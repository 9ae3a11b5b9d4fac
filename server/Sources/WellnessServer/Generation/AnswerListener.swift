/// What watches a model's answer while it arrives, and may stop it: the
/// streamed coach reply (``SentenceScreen``) shows it sentence by sentence.
/// The conversation tells it each answer's content and when an answer is
/// dropped (for a re-ask or for the rules).
protocol AnswerListener: Sendable {
    /// The current answer's content so far (an unstreamed answer's, once and
    /// whole); anything but `.valid` stops the answer, for that verdict's reason.
    func received(_ content: String) -> AnswerValidation.Verdict<Void>
    /// Whether any of the current answer was shown.
    var hasShown: Bool { get }
    /// The current answer is dropped for `reason`: whatever of it was shown is withdrawn.
    func withdraw(_ reason: FallbackReason)
}
