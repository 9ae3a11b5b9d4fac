import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import WellnessKitCore

/// The optional second crisis screen (`--ai-safety-model`): a dedicated
/// classifier (Llama Guard, ShieldGemma or any model set up to answer the
/// forms below) behind the same OpenAI-compatible endpoint, asked about each
/// consultation message the lexicon passes, before the coach model is asked
/// (docs/AI.md, "Safety"). The crisis reply therefore never waits on the
/// coach model.
///
/// Answers read as a crisis: Llama Guard's `unsafe` with the suicide and
/// self-harm category (`S11` in Llama Guard 3 and 4; the category's name,
/// "self-harm" or "suicide"), or `unsafe` with no category at all (an
/// uncertain answer errs towards the crisis reply); JSON `{"crisis": true}`
/// or `{"self_harm": true}`; ShieldGemma's `Yes`. Read as safe: `safe`, `No`,
/// `unsafe` with other categories only, JSON with those keys false. Anything
/// else, an error status or no answer within the timeout is a failure: the
/// message goes on to the coach (the lexicon has already screened it), the
/// failure is logged and counted (`wellness_ai_safety_checks_total`,
/// `outcome="failed"`). Failing closed would send every message to the
/// crisis reply while the classifier is down.
struct SafetyClassifier: Sendable {
    /// What the classifier said.
    enum Verdict: String, Sendable, Equatable {
        case crisis
        case safe
        case failed
    }

    let client: ChatCompletionsClient
    let model: String
    let timeout: Duration

    init(configuration: ProviderConfiguration, model: String, httpClient: HTTPClient? = nil) {
        client = ChatCompletionsClient(
            endpoint: configuration.endpoint, apiKey: configuration.apiKey,
            httpClient: httpClient ?? ChatCompletionsClient.sharedHTTPClient)
        self.model = model
        timeout = configuration.safetyTimeout
    }

    /// The classifier's verdict on `message` (the user's text alone, as the
    /// model's chat template expects), within ``timeout``.
    func classify(_ message: String, logger: Logger) async -> Verdict {
        let body = ChatCompletionsClient.body(
            model: model, messages: [.init(role: "user", content: message)], maxTokens: 20, responseFormat: nil)
        do {
            let answer = try await client.complete(
                body, deadline: .now() + ChatCompletionsProvider.timeAmount(timeout))
            guard let verdict = Self.verdict(answer.content ?? "") else {
                logger.warning("The safety model's answer is none of the known forms; the coach is asked.")
                return .failed
            }
            return verdict
        } catch {
            logger.warning("The safety model did not answer (\(error)); the coach is asked.")
            return .failed
        }
    }

    /// The categories read as suicide or self-harm.
    static let crisisCategories: Set<String> = ["s11", "self-harm", "self harm", "selfharm", "suicide"]

    /// `answer` read as a verdict, nil when it is none of the known forms.
    static func verdict(_ answer: String) -> Verdict? {
        let text = answer.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if text.hasPrefix("{") { return jsonVerdict(text) }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = lines.first else { return nil }
        switch first {
        case "safe", "no": return .safe
        case "yes": return .crisis
        case "unsafe":
            let categories = lines.dropFirst().flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !categories.isEmpty else { return .crisis }
            return categories.contains(where: crisisCategories.contains) ? .crisis : .safe
        default: return nil
        }
    }

    private static func jsonVerdict(_ text: String) -> Verdict? {
        guard case .object(let object)? = try? JSONParser.parse(Array(text.utf8)) else { return nil }
        let flags = ["crisis", "self_harm"].compactMap { key -> Bool? in
            guard case .bool(let flag)? = object[key] else { return nil }
            return flag
        }
        guard !flags.isEmpty else { return nil }
        return flags.contains(true) ? .crisis : .safe
    }
}
