/// How a generated answer was made: by a language model or by the rules,
/// with which model and prompt version, and why the rules answered when a
/// model was configured. Stored beside insights and coach replies.
public struct GenerationProvenance: Sendable, Equatable {
    /// Who wrote the answer.
    public enum Source: String, Sendable {
        case llm
        case rules
    }

    public var source: Source
    /// The model's name, for `llm` answers.
    public var model: String?
    /// The prompt version the model was asked with, for `llm` answers.
    public var promptVersion: String?
    /// Why the rules answered although a provider is configured (``FallbackReason``); nil otherwise.
    public var fallbackReason: FallbackReason?

    public init(
        source: Source, model: String? = nil, promptVersion: String? = nil, fallbackReason: FallbackReason? = nil
    ) {
        self.source = source
        self.model = model
        self.promptVersion = promptVersion
        self.fallbackReason = fallbackReason
    }

    /// The rules, with no provider configured.
    public static let rules = GenerationProvenance(source: .rules)

    /// The rules, standing in for the provider for `reason`.
    public static func fallback(_ reason: FallbackReason) -> GenerationProvenance {
        GenerationProvenance(source: .rules, fallbackReason: reason)
    }
}

/// Why the rules answered instead of the model (docs/AI.md, "Fallbacks").
public enum FallbackReason: String, Sendable, CaseIterable {
    /// The consultation message holds crisis language: the fixed reply, no provider.
    case crisis
    /// The circuit breaker is open after repeated failures.
    case circuitOpen = "circuit_open"
    /// Every one of `--ai-concurrency` calls is in flight.
    case busy
    /// The user's daily token budget is spent.
    case tokenBudget = "token_budget"
    /// No answer within `--ai-timeout`.
    case timeout
    /// 429 whose `Retry-After` did not fit in the deadline (or a second 429).
    case rateLimited = "rate_limited"
    /// A 5xx, another unexpected status, or a connection failure.
    case providerError = "provider_error"
    /// `message.refusal` set.
    case refusal
    /// `finish_reason` `length`: the answer was cut off.
    case truncated
    /// `finish_reason` `content_filter`.
    case contentFilter = "content_filter"
    /// Still not valid JSON of the task's schema, or still breaking a domain rule, after the re-ask.
    case invalidAnswer = "invalid_answer"
    /// Still citing a number that is not a fact after the re-ask.
    case ungrounded
    /// Medical advice the model must not give (diagnosis, dosing, a clinician's voice).
    case unsafeContent = "unsafe_content"
    /// The user's text is longer than a prompt may quote (``ChatCompletionsProvider/maximumUserTextBytes``).
    case inputTooLong = "input_too_long"
    /// Beyond the number of insights a model writes in one generation.
    case batchLimit = "batch_limit"
    /// The model still called the data tool after `--ai-tool-rounds` rounds of answers.
    case toolRounds = "tool_rounds"
    /// A second round of data tool calls that were not valid queries, after the errors of the first.
    case invalidToolCall = "invalid_tool_call"
}

/// An answer and how it was made.
public struct Generated<Value: Sendable>: Sendable {
    public var value: Value
    public var provenance: GenerationProvenance

    public init(_ value: Value, _ provenance: GenerationProvenance) {
        self.value = value
        self.provenance = provenance
    }
}
