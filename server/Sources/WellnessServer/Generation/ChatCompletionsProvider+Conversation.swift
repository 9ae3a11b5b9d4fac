import Foundation
import NIOCore
import WellnessKitCore

/// The one conversation every question goes through, streamed or not:
/// admission, then rounds (a call and its answer) until an answer is used or
/// the rules answer. The policies (Retry-After, the json_schema and stream
/// fallbacks, tool rounds, the re-ask, the failure-to-fallback mapping) are
/// written here once, for both kinds of ``Round``.
extension ChatCompletionsProvider {
    /// Why the model's answer was not used.
    struct Fallback: Error {
        let reason: FallbackReason
    }

    /// A cached answer, or the conversation once the question passes the size
    /// and ``Admission`` checks; `streamed` asks with `"stream": true`, and
    /// `listener` sees each answer as it arrives (and may stop it).
    func ask<Value>(
        _ question: ProviderQuestion, streamed: Bool = false, listener: (any AnswerListener)? = nil,
        validate: (JSONValue) -> AnswerValidation.Verdict<Value>
    ) async -> Result<Value, Fallback> {
        let key = question.cacheKey(model: configuration.model)
        if let cached = await cache.answer(for: key), case .valid(let value) = validate(cached) {
            log(question.task, latency: nil, usage: nil, estimated: 0, outcome: "cached")
            return .success(value)
        }
        guard question.fitsTheUserTextLimit else { return .failure(Fallback(reason: .inputTooLong)) }
        let day = Self.today()
        if let refused = await admission.admit(userId: question.userId, day: day) {
            return .failure(Fallback(reason: refused))
        }
        let round: any Round = streamed ? StreamedRound(client: client) : CompleteRound(client: client)
        let (result, failed) = await converse(
            question, Conversation(round: round, key: key, day: day), listener: listener, validate: validate)
        await admission.finish(failed: failed)
        await refreshMetrics()
        return result
    }

    /// Where a question's conversation stands.
    struct Conversation {
        var round: any Round
        let key: String
        let day: Int
        /// Tool calls and their results, and the re-ask, after the question's own messages.
        var history: [ChatCompletionsClient.Message] = []
        var reasked = false
        var waitedForRateLimit = false
    }

    /// The calls of one question within one deadline; `failed` when the provider failed (for the breaker).
    private func converse<Value>(
        _ question: ProviderQuestion, _ start: Conversation, listener: (any AnswerListener)?,
        validate: (JSONValue) -> AnswerValidation.Verdict<Value>
    ) async -> (Result<Value, Fallback>, failed: Bool) {
        let deadline = NIODeadline.now() + Self.timeAmount(configuration.timeout)
        var conversation = start
        while true {
            let mode = await outputMode.current
            let body = ChatCompletionsClient.body(
                model: configuration.model,
                messages: prompts.messages(question, mode: mode) + conversation.history,
                maxTokens: configuration.maxTokens, responseFormat: prompts.responseFormat(question.task, mode),
                stream: conversation.round.streams, tools: question.tools)
            let started = ContinuousClock.now
            var stopped: AnswerValidation.Verdict<Value>?
            let answer: ChatCompletionsClient.Answer
            do {
                answer = try await conversation.round.answer(body, deadline: deadline) { content in
                    stopped = listener?.received(content).rejection()
                    return stopped == nil
                }
            } catch {
                let recovery = Self.recovery(from: error, conversation, mode: mode, deadline: deadline)
                log(
                    question.task, latency: ContinuousClock.now - started, usage: nil, estimated: 0,
                    outcome: recovery.outcome)
                switch recovery {
                case .unstreamed: conversation.round = CompleteRound(client: client)
                case .jsonObject: await outputMode.fallBack()
                case .wait(let seconds):
                    conversation.waitedForRateLimit = true
                    try? await Task.sleep(for: .milliseconds(Int64((seconds * 1000).rounded())))
                case .fallBack(let reason): return (.failure(Fallback(reason: reason)), true)
                }
                continue
            }
            let latency = ContinuousClock.now - started
            // Without `usage`, a rough count (4 bytes a token) still holds the daily cap.
            let estimated = ((try? JSONWriter.bytes(body).count) ?? 0) / 4 + (answer.content?.utf8.count ?? 0) / 4
            await admission.spend(
                answer.usage.map { $0.prompt + $0.completion } ?? estimated, userId: question.userId,
                day: conversation.day)
            let logged = { (outcome: String) in
                self.log(question.task, latency: latency, usage: answer.usage, estimated: estimated, outcome: outcome)
            }
            let shown = listener?.hasShown ?? false
            switch Self.turn(of: answer, stopped: stopped, tool: question.tool, shown: shown, validate: validate) {
            case .toolResults(let messages):
                logged("tool_calls")
                conversation.history += messages
            case .answered(let value, let parsed):
                logged("ok")
                if question.isCacheable { await cache.store(parsed, for: conversation.key) }
                return (.success(value), false)
            case .rejected(let errors, let reason) where !conversation.reasked:
                logged("reask_\(reason.rawValue)")
                conversation.reasked = true
                listener?.withdraw(reason)
                conversation.history += [
                    .init(role: "assistant", content: answer.content ?? ""),
                    .init(role: "user", content: prompts.reask(errors)),
                ]
            case .rejected(_, let reason), .end(let reason):
                logged(reason.rawValue)
                return (.failure(Fallback(reason: reason)), false)
            }
        }
    }

    // MARK: - After a call

    /// What to do after a call failed.
    enum Recovery: Equatable {
        /// Ask again without streaming: the provider refused the streamed request.
        case unstreamed
        /// Ask again, and from now on, with `json_object`: the provider refused `json_schema`.
        case jsonObject
        /// Wait out `Retry-After` (seconds), once per question, then ask again.
        case wait(Double)
        /// The rules answer, for this reason.
        case fallBack(FallbackReason)

        /// The call's outcome in its log line and metrics.
        var outcome: String {
            switch self {
            case .unstreamed: return "stream_unsupported"
            case .jsonObject: return "json_schema_unsupported"
            case .wait: return "rate_limited_waiting"
            case .fallBack(let reason): return reason.rawValue
            }
        }
    }

    /// The failure-to-fallback mapping, streamed or not: a 400 to the first
    /// streamed request is asked again unstreamed, a 400 to `json_schema` with
    /// `json_object`, a 429 whose `Retry-After` ends before the deadline is
    /// waited for once; every other failure is the rules' turn.
    static func recovery(
        from error: any Error, _ conversation: Conversation, mode: ProviderConfiguration.StructuredOutput,
        deadline: NIODeadline
    ) -> Recovery {
        guard let failure = error as? ChatCompletionsClient.Failure else { return .fallBack(.providerError) }
        switch failure.kind {
        case .status(400, _) where conversation.round.streams && conversation.history.isEmpty:
            return .unstreamed
        case .status(400, _) where mode == .jsonSchema:
            return .jsonObject
        case .status(429, let retryAfter?)
        where !conversation.waitedForRateLimit && fits(retryAfter, before: deadline):
            return .wait(retryAfter)
        case .status(429, _):
            return .fallBack(.rateLimited)
        case .timeout:
            return .fallBack(.timeout)
        case .status, .transport, .malformedResponse:
            return .fallBack(.providerError)
        }
    }

    /// What an answer leads to.
    enum Turn<Value> {
        /// The model called tools: these messages (its calls and their results) go into the next round.
        case toolResults([ChatCompletionsClient.Message])
        /// A valid answer, and its JSON (for the cache).
        case answered(Value, JSONValue)
        /// Worth one re-ask naming `errors`; `reason` if it was re-asked already.
        case rejected(errors: [String], reason: FallbackReason)
        /// The rules answer, for this reason.
        case end(FallbackReason)
    }

    /// The answer's turn: stopped part-way (by the listener's verdict),
    /// refused, cut off or filtered, tool calls (refused once text was
    /// shown), an answer that is not one JSON object or repeats a key, or
    /// the whole answer's validation.
    static func turn<Value>(
        of answer: ChatCompletionsClient.Answer, stopped: AnswerValidation.Verdict<Value>?, tool: DataQueryTool?,
        shown: Bool, validate: (JSONValue) -> AnswerValidation.Verdict<Value>
    ) -> Turn<Value> {
        if let stopped { return turn(of: stopped, parsed: .null) }
        if answer.refusal != nil { return .end(.refusal) }
        switch answer.finishReason {
        case "length": return .end(.truncated)
        case "content_filter": return .end(.contentFilter)
        default: break
        }
        if !answer.toolCalls.isEmpty, let tool {
            guard !shown else { return .end(.invalidAnswer) }
            switch tool.answer(answer.toolCalls) {
            case .answered(let messages): return .toolResults(messages)
            case .stop(let reason): return .end(reason)
            }
        }
        guard let parsed = answer.content.flatMap(object(in:)) else {
            return .rejected(errors: ["the answer is not one JSON object"], reason: .invalidAnswer)
        }
        if let key = parsed.firstRepeatedKey {
            return .rejected(
                errors: ["the answer repeats the key \"\(key)\": write each key once"], reason: .invalidAnswer)
        }
        return turn(of: validate(parsed), parsed: parsed)
    }

    /// A verdict's turn: a re-ask naming what was wrong; an unsafe answer's
    /// names the screen's rule, and the rules answer if the re-ask is unsafe too.
    private static func turn<Value>(of verdict: AnswerValidation.Verdict<Value>, parsed: JSONValue) -> Turn<Value> {
        switch verdict {
        case .valid(let value): return .answered(value, parsed)
        case .unsafe(let rule): return .rejected(errors: [MedicalAdviceScreen.reask(rule)], reason: .unsafeContent)
        case .invalid(let errors, let reason): return .rejected(errors: errors, reason: reason)
        }
    }

    /// The JSON object of an answer; a Markdown code fence around it is tolerated.
    static func object(in content: String) -> JSONValue? {
        var text = content.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("```") {
            text = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
                .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasSuffix("```") { text = String(text.dropLast(3)) }
        }
        guard let json = try? JSONParser.parse(text), case .object = json else { return nil }
        return json
    }

    /// Whether waiting `seconds` still leaves time before `deadline`.
    static func fits(_ seconds: Double, before deadline: NIODeadline) -> Bool {
        let remaining = Double((deadline - NIODeadline.now()).nanoseconds) / 1e9
        return seconds.isFinite && seconds >= 0 && seconds < remaining
    }
}
