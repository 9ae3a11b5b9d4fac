import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import WellnessKitCore

@testable import WellnessServer

/// `POST /api/v1/consultations/{id}/messages` with `Accept: text/event-stream`:
/// the reply as server-sent events, with and without a model.
@Suite struct StreamedReplyTests {
    typealias Reply = ScriptedProvider.Reply

    /// The events of a stream: (name, data).
    static func events(_ text: String) throws -> [(name: String, data: JSONValue)] {
        try text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { block in
            let lines = block.split(separator: "\n")
            #expect(lines.count == 2 && lines[0].hasPrefix("event: ") && lines[1].hasPrefix("data: "), "\(block)")
            return (String(lines[0].dropFirst(7)), try JSONParser.parse(String(lines[1].dropFirst(6))))
        }
    }

    /// The text the deltas after the last reset make.
    static func shownText(_ events: [(name: String, data: JSONValue)]) -> String {
        let start = (events.lastIndex { $0.name == "reset" }).map { $0 + 1 } ?? 0
        return events[start...].filter { $0.name == "delta" }.compactMap { $0.data["text"].string }.joined()
    }

    /// Sends `message` in a new consultation asking for a stream; the status, headers and body.
    static func stream(
        _ client: any TestClientProtocol, _ user: TestServer.User, _ message: String, key: String? = nil,
        consultation: String? = nil
    ) async throws -> (HTTPResponse.Status, HTTPFields, String) {
        var id = consultation ?? ""
        if consultation == nil { id = try await newConsultation(client, user) }
        var headers = user.headers
        headers[.accept] = "text/event-stream"
        if let key { headers[HTTPField.Name("Idempotency-Key")!] = key }
        let body = try JSONWriter.string(.object(JSONObject([("content", .string(message))])))
        return try await client.execute(
            uri: "/api/v1/consultations/\(id)/messages", method: .post, headers: headers,
            body: ByteBuffer(string: body)
        ) { ($0.status, $0.headers, String(buffer: $0.body)) }
    }

    static func newConsultation(_ client: any TestClientProtocol, _ user: TestServer.User) async throws -> String {
        let created = try await client.call(
            .post, "/api/v1/consultations", as: user, json: #"{"persona":"sleep_coach"}"#)
        return try #require(created.2["data"]["id"].string)
    }

    @Test func theRulesReplyStreamsWordByWordAndIsStored() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 14)
        try await server.test { client in
            let id = try await Self.newConsultation(client, user)
            let (status, headers, body) = try await Self.stream(
                client, user, "How do I sleep better?", consultation: id)
            #expect(status == .ok)
            #expect(headers[.contentType] == "text/event-stream; charset=utf-8")
            #expect(headers[.cacheControl] == "no-store")
            let events = try Self.events(body)
            #expect(events.count > 3)
            #expect(events.dropLast().allSatisfy { $0.name == "delta" })
            #expect(events.last?.name == "done")
            let done = try #require(events.last?.data)
            #expect(done["count"] == .int(2))
            #expect(done["messages"][0]["content"].string == "How do I sleep better?")
            #expect(Self.shownText(events) == done["messages"][1]["content"].string)
            #expect(ProviderTests.fromRules(Self.shownText(events)))
            let stored = try await client.call(.get, "/api/v1/consultations/\(id)/messages", as: user).2["data"]
            #expect(stored["messages"] == done["messages"], "the stream's messages are the stored ones")
        }
    }

    @Test func aModelReplyIsShownSentenceBySentence() async throws {
        let pieces = Self.split(ProviderTests.groundedReply, every: 7)
        let provider = ScriptedProvider([.stream(pieces)])
        try await ProviderTests.withServer(provider) { server, user, client in
            let events = try Self.events(try await Self.stream(client, user, "Tips?").2)
            // Each sentence once it is complete and checked; the last once the whole answer is valid.
            #expect(
                events.filter { $0.name == "delta" }.compactMap { $0.data["text"].string } == [
                    "You logged 7 check-ins recently. ", "Keep ", "a ", "steady ", "bedtime.",
                ])
            let done = try #require(events.last?.data)
            #expect(done["messages"][1]["content"].string == ProviderTests.groundedText)
            let id = try #require(done["messages"][1]["id"].string)
            #expect(try await ProviderTests.provenance(server, id) == ProviderTests.llm)
            #expect(provider.requests[0]["stream"] == .bool(true))
            #expect(provider.requests[0]["stream_options"]["include_usage"] == .bool(true))
            let metrics = try await Exposition.read(client)
            #expect(metrics.value(ServerMetrics.Name.aiCalls, ["outcome": "ok"]) == 1)
            #expect(metrics.value(ServerMetrics.Name.aiTokens, ["kind": "completion"]) == 10)
        }
    }

    /// A streamed answer with a number that is no fact, twice: each is withdrawn once seen, the rules follow.
    @Test func aNumberThatIsNoFactWithdrawsWhatWasShownForTheRules() async throws {
        let invented =
            #"{"reply":"You logged {{checkins_last_7}} recently. You walked 123457 steps.","context_id":null}"#
        let provider = ScriptedProvider([
            .stream(Self.split(invented, every: 5)), .stream(Self.split(invented, every: 5)),
        ])
        try await ProviderTests.withServer(provider) { server, user, client in
            let events = try Self.events(try await Self.stream(client, user, "Tips?").2)
            #expect(events.first?.name == "delta")
            #expect(events.first?.data["text"].string == "You logged 7 check-ins recently. ")
            #expect(
                events.filter { $0.name == "reset" }.map { $0.data["reason"].string } == ["ungrounded", "ungrounded"],
                "the answer, then the re-asked one, withdrawn")
            #expect(!body(of: events).contains("123457"), "the invented number is never shown")
            let done = try #require(events.last?.data)
            let reply = try #require(done["messages"][1]["content"].string)
            #expect(ProviderTests.fromRules(reply))
            #expect(Self.shownText(events) == reply)
            let id = try #require(done["messages"][1]["id"].string)
            #expect(try await ProviderTests.provenance(server, id) == .fallback(.ungrounded))
            #expect(provider.requests.count == 2, "one re-ask, no more")
        }
    }

    /// An ungrounded or unsafe streamed answer (part of it shown) or one that is no JSON (nothing shown) gets
    /// the re-ask the unstreamed path gives, naming what was wrong, streamed: a `reset` when text was shown,
    /// then the grounded answer, shown, sent in `done` and stored as the model's.
    @Test(arguments: [
        (
            #"{"reply":"You logged {{checkins_last_7}} recently. You walked 123457 steps.","context_id":null}"#,
            "123457", ["ungrounded"]
        ),
        (
            #"{"reply":"You logged {{checkins_last_7}} recently. Pop two Advil tonight.","context_id":null}"#,
            "a dose (two advil)", ["unsafe_content"]
        ),
        ("Sure! Sleep more.", "not one JSON object", []),
    ])
    func aRejectedStreamedAnswerIsReAskedAndTheGoodOneShownAndStored(
        _ first: String, _ named: String, _ expectedResets: [String]
    ) async throws {
        // The ungrounded and unsafe answers have a first sentence to show; the other is no JSON, and shows nothing.
        let provider = ScriptedProvider([
            .stream(Self.split(first, every: 5)), .stream(Self.split(ProviderTests.groundedReply, every: 5)),
        ])
        try await ProviderTests.withServer(provider) { server, user, client in
            let consultation = try await Self.newConsultation(client, user)
            let events = try Self.events(try await Self.stream(client, user, "Tips?", consultation: consultation).2)
            let resets = events.filter { $0.name == "reset" }.map { $0.data["reason"].string }
            #expect(resets == expectedResets)
            #expect(!body(of: events).contains("123457"), "the invented number is never shown")
            #expect(!body(of: events).contains("Advil"), "the dose is never shown")
            #expect(Self.shownText(events) == ProviderTests.groundedText)
            let done = try #require(events.last?.data)
            #expect(done["messages"][1]["content"].string == ProviderTests.groundedText)
            let id = try #require(done["messages"][1]["id"].string)
            #expect(try await ProviderTests.provenance(server, id) == ProviderTests.llm)
            let listed = try await client.call(.get, "/api/v1/consultations/\(consultation)/messages", as: user)
            let stored = listed.2["data"]
            #expect(stored["messages"] == done["messages"], "what was shown is what was stored")
            #expect(provider.requests.map { $0["stream"] } == [.bool(true), .bool(true)], "the re-ask streams too")
            let reask = provider.messages(of: 1)
            #expect(reask.suffix(2).map(\.role) == ["assistant", "user"])
            #expect(reask.last?.content.contains(named) == true, "the re-ask names the error")
        }
    }

    /// A 429 whose `Retry-After` ends before the deadline is waited for once, streamed as unstreamed.
    @Test func aRetryAfterInsideTheDeadlineIsWaitedForWhenStreaming() async throws {
        let provider = ScriptedProvider([
            .status(.tooManyRequests, retryAfter: "1"), .stream(Self.split(ProviderTests.groundedReply, every: 7)),
        ])
        try await ProviderTests.withServer(provider) { server, user, client in
            let started = ContinuousClock.now
            let events = try Self.events(try await Self.stream(client, user, "Tips?").2)
            #expect(ContinuousClock.now - started >= .milliseconds(900), "Retry-After was waited for")
            #expect(Self.shownText(events) == ProviderTests.groundedText)
            #expect(events.allSatisfy { $0.name != "reset" })
            let done = try #require(events.last?.data)
            let id = try #require(done["messages"][1]["id"].string)
            #expect(try await ProviderTests.provenance(server, id) == ProviderTests.llm)
            #expect(provider.requests.map { $0["stream"] } == [.bool(true), .bool(true)])
            let metrics = try await Exposition.read(client)
            #expect(metrics.value(ServerMetrics.Name.aiCalls, ["outcome": "rate_limited_waiting"]) == 1)
        }
    }

    private func body(of events: [(name: String, data: JSONValue)]) -> String {
        events.map { (try? JSONWriter.string($0.data)) ?? "" }.joined()
    }

    @Test(
        arguments: zip(
            [
                Reply.status(.internalServerError),
                Reply.stream(["{\"reply\":\"I can't."], refusal: "I can't help with that."),
                Reply.stream(Self.split(ProviderTests.groundedReply, every: 9), finishReason: "length"),
                Reply.stream([#"{"reply":"Take 5 mg of melatonin an hour before bed. Sleep well.","context_id":null}"#]
                ),
                Reply.stream(["Sure! Sleep more."]),
            ],
            [FallbackReason.providerError, .refusal, .truncated, .unsafeContent, .invalidAnswer]))
    func failuresStreamTheRules(_ reply: Reply, _ reason: FallbackReason) async throws {
        // As unstreamed: an answer that is no JSON or unsafe gets one re-ask (here as bad), the others none.
        let provider = ScriptedProvider([reply, reply])
        try await ProviderTests.withServer(provider) { server, user, client in
            let events = try Self.events(try await Self.stream(client, user, "Tips?").2)
            let done = try #require(events.last?.data)
            let text = try #require(done["messages"][1]["content"].string)
            #expect(ProviderTests.fromRules(text))
            #expect(Self.shownText(events) == text)
            #expect(!body(of: events).contains("melatonin"))
            let id = try #require(done["messages"][1]["id"].string)
            #expect(try await ProviderTests.provenance(server, id) == .fallback(reason))
            let reasked = reason == .invalidAnswer || reason == .unsafeContent
            #expect(provider.requests.count == (reasked ? 2 : 1), "a re-ask only when worth one")
        }
    }

    @Test func aProviderRefusingToStreamIsAskedWithoutStreaming() async throws {
        let provider = ScriptedProvider([.status(.badRequest), .answer(ProviderTests.groundedReply)])
        try await ProviderTests.withServer(provider) { _, user, client in
            let events = try Self.events(try await Self.stream(client, user, "Tips?").2)
            #expect(Self.shownText(events) == ProviderTests.groundedText)
            #expect(provider.requests.map { $0["stream"] } == [.bool(true), .bool(false)])
        }
    }

    @Test func crisisLanguageStreamsTheFixedReply() async throws {
        let provider = ScriptedProvider([])
        try await ProviderTests.withServer(provider) { _, user, client in
            let events = try Self.events(try await Self.stream(client, user, "I want to end my life").2)
            #expect(Self.shownText(events) == CrisisScreen.reply)
            #expect(provider.requests.isEmpty)
        }
    }

    @Test func errorsBeforeTheReplyAreTheUsualEnvelope() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 1)
        try await server.test { client in
            let (status, headers, body) = try await Self.stream(
                client, user, "Hi", consultation: "no-such-consultation")
            #expect(status == .notFound)
            #expect(headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(try JSONParser.parse(body)["error"]["code"].string == "NOT_FOUND")
        }
    }

    @Test func aKeyedStreamIsAppliedOnceAndReplaysAsTheExchange() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 14)
        try await server.test { client in
            let id = try await Self.newConsultation(client, user)
            let first = try await Self.stream(client, user, "Tips?", key: "stream-key-1", consultation: id)
            let done = try #require(try Self.events(first.2).last?.data)
            let replay = try await Self.stream(client, user, "Tips?", key: "stream-key-1", consultation: id)
            #expect(replay.0 == .created)
            #expect(replay.1[HTTPField.Name("Idempotent-Replayed")!] == "true")
            #expect(try JSONParser.parse(replay.2)["data"] == done)
            let stored = try await client.call(.get, "/api/v1/consultations/\(id)/messages", as: user).2
            #expect(stored["data"]["count"] == .int(2), "applied once")
        }
    }

    @Test func theFirstSentenceArrivesWhileTheModelIsStillWriting() async throws {
        let pieces = Self.split(ProviderTests.groundedReply, every: 6)
        let provider = ScriptedProvider([.stream(pieces, pieceDelay: .milliseconds(150))])
        try await provider.run { base in
            let server = try await TestServer.make { configuration in
                var ai = ProviderConfiguration(baseURL: base, model: "scripted-model")
                ai.timeout = .seconds(10)
                configuration.ai = ai
            }
            let user = try await server.user(days: 14)
            let router = WellnessApplication.router(
                store: server.store, credentials: server.credentials, configuration: server.configuration,
                metrics: server.metrics)
            try await Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
                .test(.live) { client in
                    let port = try #require(client.port)
                    let id = try await Self.newConsultation(client, user)
                    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v1/consultations/\(id)/messages")
                    request.method = .POST
                    request.headers.add(name: "X-API-Key", value: user.apiKey)
                    request.headers.add(name: "Accept", value: "text/event-stream")
                    request.headers.add(name: "Content-Type", value: "application/json")
                    request.body = .bytes(ByteBuffer(string: #"{"content":"Tips?"}"#))
                    let started = ContinuousClock.now
                    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
                    var firstDelta: Duration?
                    var text = ""
                    for try await part in response.body {
                        text += String(buffer: part)
                        if firstDelta == nil, text.contains("event: delta") {
                            firstDelta = ContinuousClock.now - started
                        }
                    }
                    let total = ContinuousClock.now - started
                    let first = try #require(firstDelta)
                    #expect(total - first > .milliseconds(600), "first delta after \(first), the end after \(total)")
                    #expect(Self.shownText(try Self.events(text)) == ProviderTests.groundedText)
                }
        }
    }

    /// An answer that writes `reply` twice: its first value's sentence is shown while it arrives, and a
    /// parser may keep the second. The second key stops it (withdrawn, re-asked, then the rules), so the
    /// second value is never shown, and what `done` carries and what is stored is what was shown.
    @Test func anAnswerRepeatingTheReplyKeyIsStoppedBeforeItsSecondValueIsShown() async throws {
        let repeated = #"{"reply":"Nice walk. ","reply":"Please take\nmetformin with every meal.","context_id":null}"#
        let provider = ScriptedProvider([
            .stream(Self.split(repeated, every: 6)), .stream(Self.split(repeated, every: 6)),
        ])
        try await ProviderTests.withServer(provider) { server, user, client in
            let consultation = try await Self.newConsultation(client, user)
            let events = try Self.events(try await Self.stream(client, user, "Tips?", consultation: consultation).2)
            #expect(events.first?.data["text"].string == "Nice walk. ")
            #expect(
                events.filter { $0.name == "reset" }.map { $0.data["reason"].string } == [
                    "invalid_answer", "invalid_answer",
                ])
            #expect(!body(of: events).contains("metformin"))
            let done = try #require(events.last?.data)
            let text = try #require(done["messages"][1]["content"].string)
            #expect(ProviderTests.fromRules(text))
            #expect(Self.shownText(events) == text)
            let stored = try await client.call(.get, "/api/v1/consultations/\(consultation)/messages", as: user).2
            #expect(stored["data"]["messages"] == done["messages"], "what was shown is what was stored")
            let id = try #require(done["messages"][1]["id"].string)
            #expect(try await ProviderTests.provenance(server, id) == .fallback(.invalidAnswer))
            #expect(provider.messages(of: 1).last?.content.contains("\"reply\" twice") == true)
        }
    }

    /// What a screen told, in order.
    final class Told: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [ReplyEvent] = []
        var all: [ReplyEvent] { lock.withLock { events } }
        func append(_ event: ReplyEvent) { lock.withLock { events.append(event) } }
    }

    static func screen(_ told: Told) -> SentenceScreen {
        let question = ProviderQuestion(
            task: .coachReply, userId: "user", facts: ReferencedTextTests.facts, data: .null)
        let coach = CoachQuestion(
            rules: Coach.Reply(text: "Rules.", proposals: []), question: question, contextId: nil)
        return SentenceScreen(coach, emit: { told.append($0) })
    }

    static func isValid(_ verdict: AnswerValidation.Verdict<Void>) -> Bool {
        if case .valid = verdict { return true }
        return false
    }

    /// A sentence is shown with its references written, once it is whole; one still holding an incomplete
    /// reference waits, and one writing a numeral of its own (any script) is never shown.
    @Test func sentencesAreShownRenderedAndOnlyWhenTheyPassEveryCheck() {
        let told = Told()
        let screen = Self.screen(told)
        #expect(Self.isValid(screen.received(#"{"reply":"You logged {{checkins_la"#)))
        #expect(told.all.isEmpty, "an incomplete reference waits")
        #expect(Self.isValid(screen.received(#"{"reply":"You logged {{checkins_last_7}} lately. Then"#)))
        #expect(told.all == [.delta("You logged 7 check-ins lately. ")])
        let invented = #"{"reply":"You logged {{checkins_last_7}} lately. Then ١٢٠٠٠ more. "#
        #expect(!Self.isValid(screen.received(invented)))
        #expect(told.all == [.delta("You logged 7 check-ins lately. ")], "the numeral is never shown")
    }

    /// The end of a reply that does not continue what was shown withdraws it before telling the reply whole,
    /// so that the text told after the last reset is always the reply stored.
    @Test func theEndOfAReplyThatDoesNotContinueWhatWasShownWithdrawsItFirst() {
        let told = Told()
        let screen = Self.screen(told)
        #expect(Self.isValid(screen.received(#"{"reply":"Nice walk. Then"#)))
        #expect(screen.continues("Nice walk. Then rest."))
        #expect(!screen.continues("Please take it easy."))
        screen.finish("Please take it easy.")
        #expect(
            told.all == [
                .delta("Nice walk. "), .reset(.invalidAnswer), .delta("Please "), .delta("take "), .delta("it "),
                .delta("easy."),
            ])
        let continued = Told()
        let other = Self.screen(continued)
        _ = other.received(#"{"reply":"Nice walk. Then"#)
        other.finish("Nice walk. Then rest.")
        #expect(continued.all == [.delta("Nice walk. "), .delta("Then "), .delta("rest.")])
    }

    /// `text` in pieces of `size` characters, as a model's tokens arrive.
    static func split(_ text: String, every size: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        return pieces
    }
}
