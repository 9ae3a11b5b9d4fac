import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitClient
@testable import WellnessKitCore

/// A transport whose streamed bodies arrive one byte per piece, as a slow
/// network may deliver them; what it sent is recorded.
final class BytewiseTransport: HTTPTransport, @unchecked Sendable {
    private let scripted: ScriptedTransport

    init(_ script: [Result<HTTPExchange.Response, WellnessError>]) {
        scripted = ScriptedTransport(script)
    }

    var requests: [HTTPExchange.Request] { scripted.requests }

    func send(_ request: HTTPExchange.Request) throws -> HTTPExchange.Response {
        try scripted.send(request)
    }

    func stream(
        _ request: HTTPExchange.Request, accept: (Int, [String: String]) -> Bool,
        receive: (UnsafeRawBufferPointer) -> Bool
    ) throws -> (response: HTTPExchange.Response, streamed: Bool) {
        var response = try scripted.send(request)
        guard accept(response.status, response.headers) else { return (response, false) }
        for byte in response.body {
            guard withUnsafeBytes(of: byte, { receive($0) }) else { break }
        }
        response.body = []
        return (response, true)
    }
}

@Suite struct MessageStreamTests {
    static func message(_ id: String, _ role: String, _ content: String) -> String {
        #"{"id":"\#(id)","consultation_id":"c1","role":"\#(role)","content":"\#(content)","created_at":"2025-01-01T00:00:00Z"}"#
    }

    static let done =
        #"event: done"# + "\n"
        + #"data: {"messages":[\#(message("m1", "user", "hi")),\#(message("m2", "assistant", "Hi 😴"))],"count":2}"#
        + "\n\n"

    static func events(_ body: String, status: Int = 200) -> Result<HTTPExchange.Response, WellnessError> {
        .success(
            HTTPExchange.Response(
                status: status, headers: ["content-type": "text/event-stream; charset=utf-8"], body: Array(body.utf8)))
    }

    static func client(_ transport: any HTTPTransport, waits: Waits = Waits()) throws -> WellnessClient {
        let configuration = try ClientConfiguration(
            json: JSONParser.parse(
                #"{"base_url":"http://127.0.0.1:9","api_key":"k","cache_directory":false,"store_directory":false}"#))
        return WellnessClient(configuration: configuration, transport: transport, sleep: waits.record)
    }

    @Test func deltasAndResetsArriveInOrderAndTheStoredMessagesEndIt() throws {
        let body =
            ": ping\n\nevent: delta\ndata: {\"text\":\"Hel\"}\n\nevent: reset\ndata: {\"reason\":\"safety\"}\n\n"
            + "event: delta\ndata: {\"text\":\"Hi \"}\n\nevent: delta\ndata: {\"text\":\"😴\"}\n\n" + Self.done
        let transport = BytewiseTransport([Self.events(body)])
        var seen: [ReplyStreamEvent] = []
        let messages = try Self.client(transport).sendMessageStream(consultationId: "c 1", content: "hi") {
            seen.append($0)
            return true
        }
        #expect(seen == [.delta(text: "Hel"), .reset(reason: "safety"), .delta(text: "Hi "), .delta(text: "😴")])
        #expect(messages.map(\.content) == ["hi", "Hi 😴"])
        let sent = try #require(transport.requests.first)
        #expect(sent.url == "http://127.0.0.1:9/api/v1/consultations/c%201/messages")
        #expect(sent.headers.contains { $0.name == "Accept" && $0.value == "text/event-stream" })
        #expect(sent.idleTimeout == 30)
    }

    @Test func aCallbackReturningFalseStopsTheTransfer() throws {
        let body = String(repeating: "event: delta\ndata: {\"text\":\"x\"}\n\n", count: 5) + Self.done
        var calls = 0
        let error = wellnessError {
            try Self.client(BytewiseTransport([Self.events(body)])).sendMessageStream(
                consultationId: "c1", content: "hi"
            ) {
                _ in
                calls += 1
                return calls < 2
            }
        }
        #expect(error?.kind == .cancelled && error?.message.contains("stored by the server") == true)
        #expect(calls == 2)
    }

    @Test func endingsOtherThanDoneAreErrors() throws {
        let delta = "event: delta\ndata: {\"text\":\"x\"}\n\n"
        let cases: [(String, WellnessError.Kind, String)] = [
            (delta, .network, "truncated"),
            (
                delta + "event: error\ndata: {\"code\":\"STORAGE_FAILED\",\"message\":\"disk\"}\n\n", .http,
                "STORAGE_FAILED"
            ),
            ("event: error\ndata: {\"code\":\"RATE_LIMITED\",\"message\":\"later\"}\n\n", .rateLimited, "later"),
            ("event: delta\ndata: {\"text\":7}\n\n", .decoding, "text"),
            ("event: delta\ndata: [1]\n\n", .invalidResponse, "not a JSON object"),
            ("event: done\ndata: {\"messages\":[{}],\"count\":1}\n\n", .decoding, "messages[0]"),
        ]
        for (body, kind, words) in cases {
            let error = wellnessError {
                try Self.client(BytewiseTransport([Self.events(body)])).sendMessageStream(
                    consultationId: "c1", content: "hi"
                ) { _ in true }
            }
            #expect(error?.kind == kind, "\(body)")
            #expect(error?.message.contains(words) == true || error?.path?.contains(words) == true, "\(body)")
        }
    }

    @Test func refusalsBeforeTheStreamAreSendMessagesErrorsAndFailuresBeforeItAreRetried() throws {
        let notFound = WellnessClientTests.json(
            404, #"{"success":false,"error":{"code":"NOT_FOUND","message":"Consultation not found"}}"#)
        var called = false
        let error = wellnessError {
            try Self.client(BytewiseTransport([notFound])).sendMessageStream(consultationId: "c1", content: "hi") { _ in
                called = true
                return true
            }
        }
        #expect(error?.kind == .notFound && error?.httpStatus == 404 && !called)
        let transport = BytewiseTransport([
            .failure(WellnessError(kind: .network, message: "refused")), WellnessClientTests.json(503, "{}"),
            Self.events(Self.done),
        ])
        let waits = Waits()
        let messages = try Self.client(transport, waits: waits).sendMessageStream(consultationId: "c1", content: "hi") {
            _ in true
        }
        #expect(messages.count == 2 && transport.requests.count == 3 && waits.seconds.count == 2)
    }

    @Test func aServerThatDoesNotStreamGivesItsReplyAsOneDelta() throws {
        let plain = WellnessClientTests.json(
            201,
            #"{"success":true,"data":{"messages":[\#(Self.message("m1", "user", "hi")),\#(Self.message("m2", "assistant", "Whole"))],"count":2}}"#
        )
        var seen: [ReplyStreamEvent] = []
        let messages = try Self.client(BytewiseTransport([plain])).sendMessageStream(
            consultationId: "c1", content: "hi"
        ) {
            seen.append($0)
            return true
        }
        #expect(seen == [.delta(text: "Whole")] && messages.count == 2)
    }
}
