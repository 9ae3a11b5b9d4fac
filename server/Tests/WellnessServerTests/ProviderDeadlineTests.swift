import Foundation
import HummingbirdTesting
import Testing
import WellnessKitCore

@testable import WellnessServer

/// `--ai-timeout` is a deadline for the whole answer (head, body, stream),
/// and a stream also has an idle timeout: a provider that has sent its head
/// and then drips or stalls gets the rules within about the timeout, and
/// gives its call slot back.
@Suite struct ProviderDeadlineTests {
    typealias Reply = ScriptedProvider.Reply

    /// A slot held by the slow answer would make the next question "busy".
    static let configure: @Sendable (inout ProviderConfiguration) -> Void = { ai in
        ai.timeout = .seconds(1)
        ai.concurrency = 1
    }

    /// SQLite, and PostgreSQL when a cluster is given (e2e/server/postgres.sh sets WELLNESS_TEST_POSTGRES_URL).
    static var engines: [TestEngine] { TestEngine.postgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }

    /// Well within the slow shapes' length (20 s or more), with a wide margin over the 1 s timeout: the
    /// whole server suite runs its tests at once, and a request's own work took 2.5 s there on a loaded machine.
    static let answeredWithin: Duration = .seconds(8)

    /// Runs `ask` against `slow` then a good answer: the first gets the rules on a timeout within
    /// ``answeredWithin``, the second the model's answer (the slot was given back).
    func slowShape(
        _ slow: Reply, streamed: Bool, on engine: TestEngine,
        configure: @escaping @Sendable (inout ProviderConfiguration) -> Void = configure
    ) async throws {
        let good: Reply = streamed ? .stream([ProviderTests.groundedReply]) : .answer(ProviderTests.groundedReply)
        let provider = ScriptedProvider([slow, good])
        try await ProviderTests.withServer(provider, engine: engine, configure: configure) { server, user, client in
            let started = ContinuousClock.now
            let first = try await Self.reply(client, user, streamed: streamed)
            let elapsed = ContinuousClock.now - started
            #expect(ProviderTests.fromRules(first.text), "\(first.text)")
            #expect(elapsed < Self.answeredWithin, "answered after \(elapsed)")
            #expect(try await ProviderTests.provenance(server, first.id) == .fallback(.timeout))
            let metrics = try await Exposition.read(client)
            #expect(metrics.value(ServerMetrics.Name.aiCallsInFlight) == 0, "the slot is given back")
            let second = try await Self.reply(client, user, streamed: streamed)
            #expect(second.text == ProviderTests.groundedText)
            #expect(try await ProviderTests.provenance(server, second.id) == ProviderTests.llm)
        }
    }

    /// A coach reply, streamed or not: its text and message id.
    static func reply(_ client: any TestClientProtocol, _ user: TestServer.User, streamed: Bool) async throws -> (
        text: String, id: String
    ) {
        guard streamed else { return try await ProviderTests.coachReply(client, user, "Tips?") }
        let consultation = try await StreamedReplyTests.newConsultation(client, user)
        let body = try await StreamedReplyTests.stream(client, user, "Tips?", consultation: consultation).2
        let events = try StreamedReplyTests.events(body)
        let done = try #require(events.last { $0.name == "done" })
        let id = try #require(done.data["messages"][1]["id"].string)
        return (StreamedReplyTests.shownText(events), id)
    }

    /// The answer, one character every 0.2 s (about 20 s in all).
    @Test(arguments: engines) func aStreamDrippingACharacterAt02SecondsGetsTheRules(_ engine: TestEngine) async throws {
        let characters = ProviderTests.groundedReply.map(String.init)
        try await slowShape(.stream(characters, pieceDelay: .milliseconds(200)), streamed: true, on: engine)
    }

    /// An unstreamed answer at one byte every 0.1 s (about 30 s in all).
    @Test(arguments: engines) func anUnstreamedBodyAtAByteEvery01SecondsGetsTheRules(_ engine: TestEngine) async throws
    {
        var slow = Reply.answer(ProviderTests.groundedReply)
        slow.byteDelay = .milliseconds(100)
        try await slowShape(slow, streamed: false, on: engine)
    }

    /// The head, then nothing for 30 s.
    @Test(arguments: engines) func aHeadThenAStallGetsTheRules(_ engine: TestEngine) async throws {
        var slow = Reply.answer(ProviderTests.groundedReply)
        slow.stallAfterHead = .seconds(30)
        try await slowShape(slow, streamed: false, on: engine)
    }

    /// A streamed head, then nothing for 30 s.
    @Test(arguments: engines) func aStreamedHeadThenAStallGetsTheRules(_ engine: TestEngine) async throws {
        var slow = Reply.stream([ProviderTests.groundedReply])
        slow.stallAfterHead = .seconds(30)
        try await slowShape(slow, streamed: true, on: engine)
    }

    /// A stream that pauses longer than the idle timeout ends there, well before the deadline.
    @Test(arguments: engines) func aStreamPausingPastTheIdleTimeoutGetsTheRules(_ engine: TestEngine) async throws {
        let pieces = [
            String(ProviderTests.groundedReply.prefix(10)), String(ProviderTests.groundedReply.dropFirst(10)),
        ]
        // The pause comes after the first piece (the role chunk precedes it), each piece 20 s apart.
        try await slowShape(
            .stream(pieces, pieceDelay: .seconds(20)), streamed: true, on: engine,
            configure: { ai in
                ai.timeout = .seconds(60)
                ai.streamIdleTimeout = .milliseconds(500)
                ai.concurrency = 1
            })
    }
}
