import Foundation

/// How the server talks to an OpenAI-compatible Chat Completions endpoint
/// (OpenAI, vLLM, Ollama, llama.cpp's llama-server). Without one the rules
/// write everything, as before. ``description`` never shows the API key.
public struct ProviderConfiguration: Sendable, CustomStringConvertible {
    /// How the answer's shape is asked for.
    public enum StructuredOutput: String, Sendable, CaseIterable {
        /// `response_format: {"type": "json_schema", ...}`, strict; a provider answering 400 to it is asked
        /// once more with `json_object`, and from then on always so.
        case jsonSchema = "json_schema"
        /// `response_format: {"type": "json_object"}`, the schema in the instructions.
        case jsonObject = "json_object"
        /// No `response_format`; the schema in the instructions.
        case none
    }

    /// Up to and including `/v1` (`http://127.0.0.1:11434/v1`); requests go to `{baseURL}/chat/completions`.
    public var baseURL: String
    public var model: String
    /// Sent as `Authorization: Bearer`; read from a file or `WELLNESS_AI_API_KEY`, never logged.
    public var apiKey: String?
    /// How long one answer may take, re-ask and retries included; then the rules answer.
    public var timeout: Duration = .seconds(defaultTimeoutSeconds)
    /// The longest a streamed answer may pause between two pieces, within ``timeout``; then the rules answer.
    public var streamIdleTimeout: Duration = .seconds(defaultStreamIdleTimeoutSeconds)
    /// `max_tokens` of each call.
    public var maxTokens = defaultMaxTokens
    /// Calls in flight at once on this instance; a request beyond gets the rules' answer at once.
    public var concurrency = defaultConcurrency
    public var structuredOutput = StructuredOutput.jsonSchema
    /// Tokens (prompt and answer) one user may spend a day (UTC); nil: no cap.
    public var dailyTokensPerUser: Int?
    /// Provider failures in a row (timeouts, 5xx, 429, connection errors) that open the circuit breaker.
    public var breakerThreshold = defaultBreakerThreshold
    /// How long an open breaker sends everything to the rules before one call tries the provider again.
    public var breakerCoolDown: Duration = .seconds(defaultBreakerCoolDownSeconds)
    /// Insights a model rewrites in one generation (the most recent new ones); the rules write the rest.
    public var insightsPerGeneration = defaultInsightsPerGeneration
    /// Rounds of data tool calls (docs/QUERY.md) the server answers per coach reply; 0 offers no tool.
    public var toolRounds = defaultToolRounds
    /// Data tool calls answered in one round; the round's further calls are refused in its results.
    public var toolCallsPerRound = defaultToolCallsPerRound
    /// Data tool calls answered over one reply's rounds; later calls are refused in their results.
    public var toolCallsPerReply = defaultToolCallsPerReply
    /// A safety classifier on the same endpoint that screens coach messages the crisis lexicon passes
    /// (``SafetyClassifier``); nil: none.
    public var safetyModel: String?
    /// How long the safety classifier may take; then the coach is asked.
    public var safetyTimeout: Duration = .seconds(defaultSafetyTimeoutSeconds)

    // The defaults, written once: the properties above start from them and the command line shows them.
    public static let defaultTimeoutSeconds = 20.0
    public static let defaultStreamIdleTimeoutSeconds = 10.0
    public static let defaultMaxTokens = 800
    public static let defaultConcurrency = 4
    public static let defaultBreakerThreshold = 5
    public static let defaultBreakerCoolDownSeconds = 30.0
    public static let defaultInsightsPerGeneration = 5
    public static let defaultToolRounds = 3
    public static let defaultToolCallsPerRound = 8
    public static let defaultToolCallsPerReply = 16
    public static let defaultSafetyTimeoutSeconds = 3.0

    public init(baseURL: String, model: String, apiKey: String? = nil) {
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
    }

    /// `{baseURL}/chat/completions`.
    var endpoint: String {
        (baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL) + "/chat/completions"
    }

    /// Checks the values a command line can get wrong.
    /// - Throws: ``Invalid`` naming the first value at fault.
    public func validate() throws {
        guard let url = URL(string: baseURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false
        else {
            throw Invalid.value("--ai-base-url", "must be an http or https URL, such as http://127.0.0.1:11434/v1")
        }
        guard !model.isEmpty else { throw Invalid.value("--ai-model", "must not be empty") }
        guard timeout > .zero, timeout <= .seconds(600) else {
            throw Invalid.value("--ai-timeout", "must be more than 0 and at most 600 seconds")
        }
        guard streamIdleTimeout > .zero, streamIdleTimeout <= .seconds(600) else {
            throw Invalid.value("--ai-stream-idle-timeout", "must be more than 0 and at most 600 seconds")
        }
        guard (1...32_768).contains(maxTokens) else { throw Invalid.value("--ai-max-tokens", "must be 1 to 32768") }
        guard (1...1024).contains(concurrency) else { throw Invalid.value("--ai-concurrency", "must be 1 to 1024") }
        guard (0...10).contains(toolRounds) else { throw Invalid.value("--ai-tool-rounds", "must be 0 to 10") }
        guard (1...64).contains(toolCallsPerRound) else {
            throw Invalid.value("--ai-tool-calls-per-round", "must be 1 to 64")
        }
        guard (1...256).contains(toolCallsPerReply) else {
            throw Invalid.value("--ai-tool-calls-per-reply", "must be 1 to 256")
        }
        if let safetyModel, safetyModel.isEmpty { throw Invalid.value("--ai-safety-model", "must not be empty") }
        guard safetyTimeout > .zero, safetyTimeout <= .seconds(60) else {
            throw Invalid.value("--ai-safety-timeout", "must be more than 0 and at most 60 seconds")
        }
        if let dailyTokensPerUser, dailyTokensPerUser < 0 {
            throw Invalid.value("--ai-daily-tokens-per-user", "must be 0 or more")
        }
        if let apiKey, apiKey.contains(where: { $0.isNewline }) {
            throw Invalid.value("the API key", "must be one line")
        }
    }

    public var description: String {
        "\(baseURL) model \(model)\(apiKey == nil ? "" : " (API key set)"), \(structuredOutput.rawValue)"
    }

    /// A configuration value at fault.
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String

        static func value(_ name: String, _ problem: String) -> Invalid {
            Invalid(description: "\(name) \(problem)")
        }
    }
}
