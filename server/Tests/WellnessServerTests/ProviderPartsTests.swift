import Foundation
import Logging
import NIOCore
import Testing
import WellnessKitCore

@testable import WellnessServer

/// The provider's parts on their own: configuration, schemas, the failure mapping, the log line.
@Suite struct ProviderPartsTests {
    @Test func theConfigurationRefusesWhatACommandLineGetsWrongAndNeverShowsTheKey() throws {
        let configuration = ProviderConfiguration(
            baseURL: "http://127.0.0.1:11434/v1", model: "m", apiKey: "sk-very-secret")
        try configuration.validate()
        #expect(!configuration.description.contains("sk-very-secret"))
        #expect(configuration.endpoint == "http://127.0.0.1:11434/v1/chat/completions")
        for change in [
            { (c: inout ProviderConfiguration) in c.baseURL = "ftp://host/v1" },
            { $0.baseURL = "not a url" }, { $0.model = "" }, { $0.concurrency = 0 },
            { $0.timeout = .zero }, { $0.maxTokens = 0 }, { $0.dailyTokensPerUser = -1 }, { $0.toolRounds = -1 },
            { $0.toolRounds = 11 }, { $0.streamIdleTimeout = .zero }, { $0.streamIdleTimeout = .seconds(601) },
            { $0.safetyModel = "" }, { $0.safetyTimeout = .zero }, { $0.safetyTimeout = .seconds(61) },
        ] {
            var bad = configuration
            change(&bad)
            #expect(throws: ProviderConfiguration.Invalid.self) { try bad.validate() }
        }
    }

    @Test func aStreamedToolCallIsPutTogetherFromItsPiecesInIndexOrder() {
        typealias Piece = ChatCompletionsClient.ToolCallPiece
        var calls = ChatCompletionsClient.StreamedToolCalls()
        for piece in [
            Piece(index: 1, id: "b", name: "query_data", arguments: "{\"x\""),
            Piece(index: 0, id: "a", name: "query_data", arguments: ""), Piece(index: 1, arguments: ":1}"),
            Piece(index: 0, arguments: "{}"),
        ] {
            calls.add(piece)
        }
        #expect(calls.calls?.map(\.id) == ["a", "b"])
        #expect(calls.calls?.map(\.arguments) == ["{}", "{\"x\":1}"])
        calls.add(Piece(index: 2, arguments: "{}"))
        #expect(calls.calls == nil, "a call that never got its id and name")
    }

    /// Every object of every schema: all properties required, no others allowed.
    @Test(arguments: GenerationTask.allCases)
    func schemasAreInTheStrictSubset(_ task: GenerationTask) {
        var objects = 0
        func walk(_ schema: JSONValue) {
            guard case .object(let object) = schema else { return }
            if case .string("object")? = object["type"] {
                objects += 1
                guard case .object(let properties)? = object["properties"] else {
                    Issue.record("an object without properties")
                    return
                }
                #expect(object["additionalProperties"] == .bool(false))
                #expect(object["required"] == .array(properties.members.map { .string($0.key) }))
                for member in properties.members { walk(member.value) }
            }
            if let items = object["items"] { walk(items) }
        }
        walk(task.schema)
        #expect(objects >= 1)
    }

    @Test func eachCallLogsOneLineWithoutThePromptOrTheKey() async throws {
        let recorder = LogRecorder()
        let provider = ScriptedProvider([.answer(ProviderTests.groundedReply)])
        try await provider.run { base in
            let ai = ChatCompletionsProvider(
                configuration: ProviderConfiguration(
                    baseURL: base, model: "scripted-model",
                    apiKey: "sk-log-secret"),
                logger: Logger(label: "test") { _ in recorder })
            let now = Timestamp(seconds: 0)
            let consultation = Consultation(
                id: "con_1", userId: "usr_1", persona: .sleepCoach, createdAt: now, updatedAt: now)
            let reply = await ai.coachReply(
                CoachRequest(
                    message: "My secret message", consultation: consultation,
                    context: Coach.Context(checkIns: TestServer.checkIns(days: 14)),
                    today: .epoch))
            #expect(
                reply.provenance
                    == GenerationProvenance(
                        source: .llm, model: "scripted-model",
                        promptVersion: GenerationTask.promptVersion))
        }
        let lines = recorder.lines
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(
            Set(line.metadata.keys) == ["task", "model", "latency_ms", "prompt_tokens", "completion_tokens", "outcome"])
        #expect(line.metadata["outcome"] == "ok" && line.metadata["task"] == "coach_reply")
        let text = line.message + line.metadata.values.joined()
        #expect(!text.contains("secret"))
    }

    /// A round that is never sent: the mapping below only reads whether it streams.
    struct UnsentRound: Round {
        let streams: Bool

        func answer(_ body: JSONValue, deadline: NIODeadline, received: (String) async -> Bool) async throws
            -> ChatCompletionsClient.Answer
        {
            throw ChatCompletionsClient.Failure.transport
        }
    }

    /// The failure-to-fallback mapping is one function for streamed and unstreamed calls.
    @Test func aFailedCallIsRecoveredTheSameWayStreamedOrNot() {
        typealias Provider = ChatCompletionsProvider
        let deadline = NIODeadline.now() + .seconds(20)
        for streams in [false, true] {
            let first = Provider.Conversation(round: UnsentRound(streams: streams), key: "", day: 0)
            var later = first
            later.history = [.init(role: "user", content: "again")]
            var waited = first
            waited.waitedForRateLimit = true
            func recovery(
                _ failure: ChatCompletionsClient.Failure, _ conversation: Provider.Conversation,
                _ mode: ProviderConfiguration.StructuredOutput = .jsonSchema
            ) -> Provider.Recovery {
                Provider.recovery(from: failure, conversation, mode: mode, deadline: deadline)
            }
            #expect(recovery(.status(400, retryAfter: nil), first) == (streams ? .unstreamed : .jsonObject))
            #expect(recovery(.status(400, retryAfter: nil), later) == .jsonObject)
            #expect(recovery(.status(400, retryAfter: nil), later, .jsonObject) == .fallBack(.providerError))
            #expect(recovery(.status(429, retryAfter: 1), first) == .wait(1))
            #expect(recovery(.status(429, retryAfter: 1), waited) == .fallBack(.rateLimited), "one wait")
            #expect(recovery(.status(429, retryAfter: 120), first) == .fallBack(.rateLimited), "past the deadline")
            #expect(recovery(.status(429, retryAfter: nil), first) == .fallBack(.rateLimited))
            #expect(recovery(.timeout, first) == .fallBack(.timeout))
            #expect(recovery(.status(503, retryAfter: 1), first) == .fallBack(.providerError))
            #expect(recovery(.transport, first) == .fallBack(.providerError))
            #expect(recovery(.malformedResponse, first) == .fallBack(.providerError))
            #expect(
                Provider.recovery(from: CancellationError(), first, mode: .jsonSchema, deadline: deadline)
                    == .fallBack(.providerError))
        }
    }
}

/// A log handler that keeps each line's message and metadata.
final class LogRecorder: LogHandler, @unchecked Sendable {
    struct Line {
        var message: String
        var metadata: [String: String]
    }

    private let lock = NSLock()
    private var recorded: [Line] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var lines: [Line] { lock.withLock { recorded } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let entry = Line(message: event.message.description, metadata: (event.metadata ?? [:]).mapValues { "\($0)" })
        lock.withLock { recorded.append(entry) }
    }
}
