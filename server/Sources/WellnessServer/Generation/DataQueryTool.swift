import Foundation
import WellnessKitCore

/// The user's data offered to the coach's model as the library's query tool
/// (docs/QUERY.md): the model asks, the server answers from the stored
/// check-ins and workouts, exactly. Each answer becomes facts the reply may
/// cite (``FactSheet``, under `query_N_`; the result lists them with their
/// roles) and a record the reply keeps if it cites them (`data_queries`).
///
/// One per reply; calls arrive one round at a time from one task, but the
/// provider's Sendable closures read ``facts``, hence the lock.
final class DataQueryTool: @unchecked Sendable {
    /// What to do after a round of calls.
    enum Step: Equatable {
        /// Ask the model again with these messages added (its calls and their results).
        case answered([ChatCompletionsClient.Message])
        /// Stop asking: the rules answer, for this reason.
        case stop(FallbackReason)
    }

    private let tables: QueryTables
    private let today: CalendarDate
    private let maximumRounds: Int
    private let limits: CallLimits
    private let lock = NSLock()
    private var state: State

    private struct State {
        var facts: FactSheet
        var records: [JSONValue] = []
        var rounds = 0
        /// Calls run so far (refused ones not counted).
        var calls = 0
        var correctedOnce = false
    }

    /// How many calls are run: per round (`--ai-tool-calls-per-round`) and per reply (`--ai-tool-calls-per-reply`).
    struct CallLimits: Sendable {
        var perRound = ProviderConfiguration.defaultToolCallsPerRound
        var perReply = ProviderConfiguration.defaultToolCallsPerReply
    }

    /// - Parameters:
    ///   - tables: the user's daily metrics and workouts.
    ///   - today: the user's today, the anchor of queries that give none.
    ///   - facts: the facts the reply may cite before any call.
    ///   - maximumRounds: rounds of calls answered per reply (`--ai-tool-rounds`).
    ///   - limits: calls run per round and per reply.
    init(
        tables: QueryTables, today: CalendarDate, facts: FactSheet, maximumRounds: Int,
        limits: CallLimits = CallLimits()
    ) {
        self.tables = tables
        self.today = today
        self.maximumRounds = maximumRounds
        self.limits = limits
        state = State(facts: facts)
    }

    /// The `tools` member of a request.
    static let definitions: [JSONValue] = [
        .object(JSONObject([("type", .string("function")), ("function", DataQuery.toolDefinition)]))
    ]

    /// The facts so far: the reply's own and those of every answered call.
    var facts: FactSheet { lock.withLock { state.facts } }

    /// The queries answered, as `{"query", "result"}`, in order.
    var records: [JSONValue] { lock.withLock { state.records } }

    /// The queries answered whose facts (`query_N_...`) are among `cited`, in order.
    func records(citedBy cited: Set<String>) -> [JSONValue] {
        records.enumerated().filter { index, _ in
            let prefix = "query_\(index + 1)_"
            return cited.contains { $0.hasPrefix(prefix) }
        }.map(\.element)
    }

    /// Answers one round of the model's calls. A call that is not a valid
    /// query gets the validation error as its result, so that the model can
    /// correct it; the second round holding one ends the conversation, as
    /// does a round beyond the maximum. Calls beyond the limits are not run:
    /// the first of them gets the refusal as its result and the others are
    /// left out of the conversation, so that a model asking for thousands of
    /// calls costs neither their work nor thousands of results in the next prompt.
    func answer(_ calls: [ChatCompletionsClient.ToolCall]) -> Step {
        lock.withLock {
            state.rounds += 1
            guard state.rounds <= maximumRounds else { return .stop(.toolRounds) }
            let run = min(calls.count, limits.perRound, max(limits.perReply - state.calls, 0))
            let refused = calls.dropFirst(run).first
            let kept = Array(calls.prefix(run)) + (refused.map { [$0] } ?? [])
            var messages = [ChatCompletionsClient.Message(role: "assistant", content: "", toolCalls: kept)]
            var malformed = false
            for call in calls.prefix(run) {
                let content: JSONValue
                do {
                    content = try self.run(call)
                } catch {
                    malformed = true
                    content = Self.error(Self.describe(error))
                }
                messages.append(
                    .init(role: "tool", content: ChatCompletionsProvider.text(content), toolCallId: call.id))
            }
            state.calls += run
            if let refused {
                let refusal = Self.error(refusal(asked: calls.count, run: run))
                messages.append(
                    .init(role: "tool", content: ChatCompletionsProvider.text(refusal), toolCallId: refused.id))
            }
            if malformed {
                guard !state.correctedOnce else { return .stop(.invalidToolCall) }
                state.correctedOnce = true
            }
            return .answered(messages)
        }
    }

    /// Why a round's calls beyond `run` were not run.
    private func refusal(asked: Int, run: Int) -> String {
        "refused: \(asked - run) of this round's \(asked) calls were not run; at most \(limits.perRound) calls a "
            + "round and \(limits.perReply) a reply are answered (\(state.calls) so far)"
    }

    private static func error(_ message: String) -> JSONValue {
        .object(JSONObject([("error", .string(message))]))
    }

    /// The call's result, its facts and record kept.
    private func run(_ call: ChatCompletionsClient.ToolCall) throws -> JSONValue {
        guard call.name == DataQuery.toolName else {
            throw CallError(description: "there is no tool \"\(call.name)\"; call \(DataQuery.toolName)")
        }
        guard let arguments = try? JSONParser.parse(call.arguments) else {
            throw CallError(description: "the arguments are not one JSON object")
        }
        if let key = arguments.firstRepeatedKey {
            throw CallError(description: "the arguments repeat the key \"\(key)\"")
        }
        var query = try DataQuery(json: arguments, at: .root)
        query.anchor = query.anchor ?? today
        let result = try tables.evaluate(query)
        let prefix = "query_\(state.records.count + 1)"
        state.facts.addQuery(result, prefix: prefix, units: tables.units)
        state.records.append(Self.record(of: result))
        var answer = JSONObject()
        if case .object(let object) = result.json { answer = object }
        answer.append("facts", state.facts.json(prefix: prefix + "_"))
        return .object(answer)
    }

    /// What a reply keeps of a query it cites: `{"query", "result"}`, the result without its copy of the query.
    static func record(of result: QueryResult) -> JSONValue {
        var answer = JSONObject()
        if case .object(let object) = result.json { answer = object }
        answer.remove("query")
        return .object(JSONObject([("query", result.query.json), ("result", .object(answer))]))
    }

    private struct CallError: Error, CustomStringConvertible {
        let description: String
    }

    private static func describe(_ error: Error) -> String {
        (error as? WellnessError).map { error in error.path.map { "\($0): \(error.message)" } ?? error.message }
            ?? "\(error)"
    }
}
