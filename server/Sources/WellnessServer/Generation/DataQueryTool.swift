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
    private let lock = NSLock()
    private var state: State

    private struct State {
        var facts: FactSheet
        var records: [JSONValue] = []
        var rounds = 0
        var correctedOnce = false
    }

    /// - Parameters:
    ///   - tables: the user's daily metrics and workouts.
    ///   - today: the user's today, the anchor of queries that give none.
    ///   - facts: the facts the reply may cite before any call.
    ///   - maximumRounds: rounds of calls answered per reply (`--ai-tool-rounds`).
    init(tables: QueryTables, today: CalendarDate, facts: FactSheet, maximumRounds: Int) {
        self.tables = tables
        self.today = today
        self.maximumRounds = maximumRounds
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
    /// does a round beyond the maximum.
    func answer(_ calls: [ChatCompletionsClient.ToolCall]) -> Step {
        lock.withLock {
            state.rounds += 1
            guard state.rounds <= maximumRounds else { return .stop(.toolRounds) }
            var messages = [ChatCompletionsClient.Message(role: "assistant", content: "", toolCalls: calls)]
            var malformed = false
            for call in calls {
                let content: JSONValue
                do {
                    content = try run(call)
                } catch {
                    malformed = true
                    content = .object(JSONObject([("error", .string(Self.describe(error)))]))
                }
                messages.append(
                    .init(role: "tool", content: ChatCompletionsProvider.text(content), toolCallId: call.id))
            }
            if malformed {
                guard !state.correctedOnce else { return .stop(.invalidToolCall) }
                state.correctedOnce = true
            }
            return .answered(messages)
        }
    }

    /// The call's result, its facts and record kept.
    private func run(_ call: ChatCompletionsClient.ToolCall) throws -> JSONValue {
        guard call.name == DataQuery.toolName else {
            throw CallError(description: "there is no tool \"\(call.name)\"; call \(DataQuery.toolName)")
        }
        guard let arguments = try? JSONParser.parse(call.arguments) else {
            throw CallError(description: "the arguments are not one JSON object")
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
