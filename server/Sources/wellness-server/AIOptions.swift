import ArgumentParser
import Foundation
import WellnessServer

/// The `--ai-*` options: the language model behind insights, goal suggestions and tips, and coach replies.
/// The ranges are ``ProviderConfiguration/validate()``'s, checked once there.
struct AIOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "An OpenAI-compatible Chat Completions endpoint, up to /v1, for insights, goal suggestions "
                + "and tips, and coach replies (default: the rules write them).", valueName: "url"))
    var aiBaseUrl: String?
    @Option(help: "The model to ask (with --ai-base-url).") var aiModel: String?
    @Option(
        help: ArgumentHelp(
            "A file holding the provider's API key (else WELLNESS_AI_API_KEY, if set).", valueName: "path"))
    var aiApiKeyFile: String?
    @Option(help: "Seconds one AI answer may take, re-ask included; then the rules answer.")
    var aiTimeout = ProviderConfiguration.defaultTimeoutSeconds
    @Option(help: "Seconds a streamed AI answer may pause between two pieces (within --ai-timeout).")
    var aiStreamIdleTimeout = ProviderConfiguration.defaultStreamIdleTimeoutSeconds
    @Option(help: "max_tokens of each provider call.") var aiMaxTokens = ProviderConfiguration.defaultMaxTokens
    @Option(help: "Provider calls in flight at once on this instance; requests beyond get the rules' answer.")
    var aiConcurrency = ProviderConfiguration.defaultConcurrency
    @Option(
        help: ArgumentHelp(
            "How the answer's JSON shape is asked for: json_schema, json_object or none.", valueName: "mode"))
    var aiStructuredOutput = ProviderConfiguration.StructuredOutput.jsonSchema.rawValue
    @Option(
        help: ArgumentHelp(
            "Provider tokens one user may spend a day (UTC); the rules answer beyond (default: no cap).",
            valueName: "n"))
    var aiDailyTokensPerUser: Int?
    @Option(
        help: ArgumentHelp(
            "Rounds of data tool calls (the query over the user's check-ins and workouts) answered per coach reply; 0 offers no tool.",
            valueName: "n"))
    var aiToolRounds = ProviderConfiguration.defaultToolRounds
    @Option(
        help: ArgumentHelp(
            "Data tool calls answered in one round; the round's further calls are refused in its results.",
            valueName: "n"))
    var aiToolCallsPerRound = ProviderConfiguration.defaultToolCallsPerRound
    @Option(
        help: ArgumentHelp(
            "Data tool calls answered over one coach reply's rounds; later calls are refused in their results.",
            valueName: "n"))
    var aiToolCallsPerReply = ProviderConfiguration.defaultToolCallsPerReply
    @Option(
        help: ArgumentHelp(
            "A safety classifier (Llama Guard style) on the same endpoint, asked about each coach message the "
                + "crisis lexicon passes, before the coach model (default: none).", valueName: "model"))
    var aiSafetyModel: String?
    @Option(help: "Seconds the safety classifier may take; then the coach is asked (the lexicon already ran).")
    var aiSafetyTimeout = ProviderConfiguration.defaultSafetyTimeoutSeconds

    /// Builds the provider, reading the key file, so that a usage error comes before start-up.
    func validate() throws {
        _ = try provider()
    }

    /// The provider of these options, or nil without `--ai-base-url`. The key comes from a file or the
    /// environment, never from the command line (where `ps` shows it).
    /// - Throws: `ValidationError` naming the option at fault.
    func provider(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> ProviderConfiguration?
    {
        guard let aiBaseUrl else {
            guard aiModel == nil, aiApiKeyFile == nil, aiSafetyModel == nil else {
                throw ValidationError("--ai-model, --ai-api-key-file and --ai-safety-model need --ai-base-url")
            }
            return nil
        }
        guard let aiModel else { throw ValidationError("--ai-base-url needs --ai-model") }
        guard let mode = ProviderConfiguration.StructuredOutput(rawValue: aiStructuredOutput) else {
            throw ValidationError("--ai-structured-output must be json_schema, json_object or none")
        }
        var ai = ProviderConfiguration(baseURL: aiBaseUrl, model: aiModel, apiKey: try apiKey(environment))
        ai.timeout = .milliseconds(ofSeconds: aiTimeout)
        ai.streamIdleTimeout = .milliseconds(ofSeconds: aiStreamIdleTimeout)
        ai.maxTokens = aiMaxTokens
        ai.concurrency = aiConcurrency
        ai.structuredOutput = mode
        ai.dailyTokensPerUser = aiDailyTokensPerUser
        ai.toolRounds = aiToolRounds
        ai.toolCallsPerRound = aiToolCallsPerRound
        ai.toolCallsPerReply = aiToolCallsPerReply
        ai.safetyModel = aiSafetyModel
        ai.safetyTimeout = .milliseconds(ofSeconds: aiSafetyTimeout)
        do {
            try ai.validate()
        } catch let error as ProviderConfiguration.Invalid {
            throw ValidationError(error.description)
        }
        return ai
    }

    private func apiKey(_ environment: [String: String]) throws -> String? {
        guard let aiApiKeyFile else {
            return environment["WELLNESS_AI_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let data = FileManager.default.contents(atPath: aiApiKeyFile),
            let text = String(data: data, encoding: .utf8)
        else {
            throw ValidationError("--ai-api-key-file: cannot read \(aiApiKeyFile)")
        }
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { throw ValidationError("--ai-api-key-file: \(aiApiKeyFile) is empty") }
        return key
    }
}
