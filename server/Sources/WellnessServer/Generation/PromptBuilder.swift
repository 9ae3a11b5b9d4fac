import WellnessKitCore

/// What the model is told: a question's messages, the re-ask naming what
/// was wrong, and the shape its answer is asked for in. ``ChatPrompts`` is
/// the server's; the conversation (``ChatCompletionsProvider``) only sends them.
protocol PromptBuilder: Sendable {
    /// The question's own messages (instructions, facts and data, the user's text), before any tool round or re-ask.
    func messages(_ question: ProviderQuestion, mode: ProviderConfiguration.StructuredOutput)
        -> [ChatCompletionsClient.Message]
    /// The message that asks again after an answer was rejected for `errors`.
    func reask(_ errors: [String]) -> String
    /// The request's `response_format` for `task` in `mode`; nil for none.
    func responseFormat(_ task: GenerationTask, _ mode: ProviderConfiguration.StructuredOutput) -> JSONValue?
}
