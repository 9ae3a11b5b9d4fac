import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import WellnessKitCore

/// A language model behind an OpenAI-compatible Chat Completions endpoint,
/// with the rules as fallback (docs/AI.md).
///
/// The model gets the user's facts (``FactSheet``) and the task's data as
/// JSON, and user-written text quoted as JSON in a message of its own, never
/// spliced into the instructions (``ChatPrompts``). Every question, streamed
/// or not, goes through one conversation (`ChatCompletionsProvider+Conversation.swift`):
/// ``Admission`` first (daily tokens, call slots, ``CircuitBreaker``), then
/// rounds (``CompleteRound``, ``StreamedRound``) until an answer passes
/// ``AnswerValidation``; malformed, schema-breaking or ungrounded answers get
/// one re-ask naming the errors, then the rules answer. Refusals, cut-off or
/// filtered answers, timeouts, 5xx and 429 (waited for once when
/// `Retry-After` fits in the deadline) go to the rules. Each call is logged
/// on one line: task, model, latency, tokens, outcome; never the prompt,
/// never the key.
public final class ChatCompletionsProvider: GenerationProvider {
    let configuration: ProviderConfiguration
    let client: ChatCompletionsClient
    let admission: any Admission
    let prompts: any PromptBuilder = ChatPrompts()
    let cache = AnswerCache()
    let outputMode: OutputMode
    let logger: Logger
    let metrics: ServerMetrics?

    /// - Parameters:
    ///   - httpClient: the client calls go through; by default one for the process, with no redirects and
    ///     no retried connections (a provider that cannot be reached costs no waiting).
    ///   - ledger: where each user's daily tokens are counted.
    ///   - metrics: where calls, tokens, calls in flight and the breaker's state are reported.
    public init(
        configuration: ProviderConfiguration, httpClient: HTTPClient? = nil,
        ledger: any TokenLedger = MemoryTokenLedger(), logger: Logger = Logger(label: "wellness-server.ai"),
        metrics: ServerMetrics? = nil
    ) {
        self.configuration = configuration
        client = ChatCompletionsClient(
            endpoint: configuration.endpoint, apiKey: configuration.apiKey,
            httpClient: httpClient ?? ChatCompletionsClient.sharedHTTPClient,
            streamIdleTimeout: Self.timeAmount(configuration.streamIdleTimeout))
        admission = ProviderAdmission(configuration: configuration, ledger: ledger) { metrics?.aiCallsInFlight($0) }
        outputMode = OutputMode(configuration.structuredOutput)
        self.logger = logger
        self.metrics = metrics
    }

    public func refreshMetrics() async {
        metrics?.aiCircuit(open: await admission.circuitOpen)
    }

    private var llm: GenerationProvenance {
        GenerationProvenance(source: .llm, model: configuration.model, promptVersion: GenerationTask.promptVersion)
    }

    // MARK: - Tasks

    public func insights(_ drafts: [Store.NewInsight], fresh: Set<String>, checkIns: [CheckIn], userId: String) async
        -> [Generated<Store.NewInsight>]
    {
        var results = drafts.map { draft in
            Generated(draft, fresh.contains(draft.dedupeKey) ? .fallback(.batchLimit) : .rules)
        }
        let newest = drafts.indices.filter { fresh.contains(drafts[$0].dedupeKey) }
            .sorted {
                (drafts[$0].dataContext?.dateRange?.endDate.seconds ?? 0)
                    > (drafts[$1].dataContext?.dateRange?.endDate.seconds ?? 0)
            }
            .prefix(max(configuration.insightsPerGeneration, 0))
        let base = FactSheet(checkIns: checkIns)
        // At most --ai-concurrency at once, so that one generation does not find its own calls "busy".
        for batch in Self.batches(Array(newest), of: configuration.concurrency) {
            await withTaskGroup(of: (Int, Generated<Store.NewInsight>).self) { group in
                for index in batch {
                    let draft = drafts[index]
                    group.addTask { (index, await self.insight(draft, base: base, userId: userId)) }
                }
                for await (index, generated) in group { results[index] = generated }
            }
        }
        return results
    }

    private func insight(_ draft: Store.NewInsight, base: FactSheet, userId: String) async -> Generated<
        Store.NewInsight
    > {
        var facts = base
        facts.addDataContext(draft.dataContext, prefix: "insight")
        facts.addNumbers(
            of: ([draft.title, draft.content, draft.summary ?? ""] + draft.suggestions).joined(separator: " \n "),
            prefix: "draft")
        let data = JSONValue.object(
            JSONObject([
                ("insight_type", .string(draft.type.rawValue)),
                (
                    "draft",
                    .object(
                        JSONObject([
                            ("title", .string(draft.title)), ("content", .string(draft.content)),
                            ("summary", JSONValue(draft.summary)), ("suggestions", draft.suggestions.json),
                        ]))
                ),
            ]))
        let validation = AnswerValidation(facts: facts)
        let question = ProviderQuestion(task: .insight, userId: userId, facts: facts, data: data)
        switch await ask(question, validate: { validation.insight($0, draft: draft) }) {
        case .success(let insight): return Generated(insight, llm)
        case .failure(let reason): return Generated(draft, .fallback(reason.reason))
        }
    }

    public func goalSuggestions(_ request: SuggestionsRequest) async -> Generated<[GoalSuggestion]> {
        var facts = FactSheet(checkIns: request.checkIns)
        facts.add("weight_kg", request.profile.weightKg, unit: "kg")
        facts.add("bmi", request.profile.bmi, unit: "kg/m2")
        for (index, insight) in request.insights.enumerated() {
            facts.addDataContext(insight.dataContext, prefix: "insight_\(index + 1)")
            facts.addNumbers(
                of: [insight.title, insight.content, insight.summary ?? ""].joined(separator: " \n "),
                prefix: "insight_\(index + 1)_text")
        }
        let data = JSONValue.object(
            JSONObject([
                (
                    "chosen_insights",
                    .array(
                        request.insights.map { insight in
                            .object(
                                JSONObject([
                                    ("title", .string(insight.title)), ("content", .string(insight.content)),
                                    ("summary", JSONValue(insight.summary)),
                                ]))
                        })
                ),
                (
                    "existing_goal_types",
                    .array(
                        request.existing.filter { $0.status == .active }
                            .map { .string("\($0.goalType) (\($0.targetUnit ?? "no unit"))") })
                ),
            ]))
        let userText: JSONValue? =
            request.existing.isEmpty
            ? nil
            : .object(
                JSONObject([("existing_goal_titles", .array(request.existing.suffix(50).map { .string($0.title) }))]))
        let validation = AnswerValidation(facts: facts)
        let question = ProviderQuestion(
            task: .goalSuggestions, userId: request.userId, facts: facts, data: data, userText: userText)
        switch await ask(question, validate: { validation.goalSuggestions($0, existing: request.existing) }) {
        case .success(let suggestions): return Generated(suggestions, llm)
        case .failure(let reason): return Generated(RulesProvider.suggestions(request), .fallback(reason.reason))
        }
    }

    public func goalTips(for goal: Goal, checkIns: [CheckIn], userId: String) async -> Generated<[GoalTip]> {
        var facts = FactSheet(checkIns: checkIns)
        facts.addGoal(goal)
        let data = JSONValue.object(JSONObject([("goal", Self.goalData(goal))]))
        let validation = AnswerValidation(facts: facts)
        let question = ProviderQuestion(
            task: .goalTips, userId: userId, facts: facts, data: data, userText: Self.goalText(goal))
        switch await ask(question, validate: { validation.goalTips($0) }) {
        case .success(let tips): return Generated(tips, llm)
        case .failure(let reason):
            return Generated(GoalAdvisor.tips(for: goal, checkIns: checkIns), .fallback(reason.reason))
        }
    }

    public func coachReply(_ request: CoachRequest) async -> Generated<Coach.Reply> {
        let coach = coachQuestion(request)
        switch await ask(coach.question, validate: coach.validate) {
        case .success(let answer): return Generated(coach.reply(answer), llm)
        case .failure(let reason): return Generated(coach.rules, .fallback(reason.reason))
        }
    }

    /// The reply streamed from the model: each sentence is shown once it
    /// passes every check on part of a reply (``SentenceScreen``), and the
    /// whole answer is validated at its end; a whole answer that does not
    /// continue the text shown is rejected too, so that what is shown, sent
    /// in `done` and stored is one text. An answer that fails after text was
    /// shown is withdrawn (``ReplyEvent/reset(_:)``), and the re-asked answer
    /// or the rules' reply follows, as unstreamed.
    public func coachReplyStream(_ request: CoachRequest, emit: @escaping @Sendable (ReplyEvent) -> Void) async
        -> Generated<Coach.Reply>
    {
        let coach = coachQuestion(request)
        let screen = SentenceScreen(coach, emit: emit)
        let validate = { (answer: JSONValue) -> AnswerValidation.Verdict<CoachQuestion.Answer> in
            let verdict = coach.validate(answer)
            if case .valid(let reply) = verdict, !screen.continues(reply.text) {
                return SentenceScreen.changed.rejection() ?? verdict
            }
            return verdict
        }
        switch await ask(coach.question, streamed: true, listener: screen, validate: validate) {
        case .success(let answer):
            screen.finish(answer.text)
            return Generated(coach.reply(answer), llm)
        case .failure(let reason):
            screen.withdraw(reason.reason)
            screen.finish(coach.rules.text)
            return Generated(coach.rules, .fallback(reason.reason))
        }
    }

    // MARK: - Helpers

    static func batches(_ indices: [Int], of size: Int) -> [[Int]] {
        stride(from: 0, to: indices.count, by: max(size, 1)).map {
            Array(indices[$0..<min($0 + max(size, 1), indices.count)])
        }
    }

    static func text(_ json: JSONValue) -> String {
        (try? JSONWriter.string(json)) ?? "null"
    }

    static func today() -> Int {
        Int(Store.nowMilliseconds() / 86_400_000)
    }

    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(min(max(seconds, 0), 86_400) * 1_000_000_000 + max(attoseconds, 0) / 1_000_000_000)
    }
}
