import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitClient
@testable import WellnessKitCore

/// A transport that answers from a script and records what was sent.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var script: [Result<HTTPExchange.Response, WellnessError>]
    private(set) var requests: [HTTPExchange.Request] = []

    init(_ script: [Result<HTTPExchange.Response, WellnessError>]) {
        self.script = script
    }

    func send(_ request: HTTPExchange.Request) throws -> HTTPExchange.Response {
        lock.lock()
        defer { lock.unlock() }
        requests.append(request)
        guard !script.isEmpty else { throw WellnessError(kind: .network, message: "script exhausted") }
        return try script.removeFirst().get()
    }
}

/// Records backoff waits instead of sleeping.
final class Waits: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var seconds: [Double] = []

    func record(_ wait: Double) {
        lock.lock()
        seconds.append(wait)
        lock.unlock()
    }
}

@Suite struct WellnessClientTests {
    static let insight =
        #"{"success":true,"data":{"id":"i1","user_id":"u1","insight_type":"daily","title":"T","content":"C","is_read":false,"is_favorite":false,"is_archived":false,"generated_at":"2025-01-01T00:00:00Z","created_at":"2025-01-01T00:00:00Z","updated_at":"2025-01-01T00:00:00Z"}}"#

    static func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> Result<
        HTTPExchange.Response, WellnessError
    > {
        .success(
            HTTPExchange.Response(
                status: status, headers: ["content-type": "application/json"].merging(headers) { $1 },
                body: Array(body.utf8)))
    }

    static func client(_ transport: ScriptedTransport, _ waits: Waits) throws -> WellnessClient {
        var configuration = try ClientConfiguration(
            json: JSONParser.parse(
                #"{"base_url":"http://127.0.0.1:9/","api_key":"secret-key","cache_directory":false}"#))
        configuration.initialBackoff = 0.5
        return WellnessClient(configuration: configuration, transport: transport, sleep: waits.record)
    }

    @Test func retriesNetworkErrorsAndServerErrorsWithDoublingBackoff() throws {
        let transport = ScriptedTransport([
            .failure(WellnessError(kind: .network, message: "refused")),
            Self.json(502, "{}"), Self.json(200, Self.insight),
        ])
        let waits = Waits()
        let insight = try Self.client(transport, waits).insight(id: "i1")
        #expect(insight.id == "i1" && transport.requests.count == 3)
        #expect(
            waits.seconds.count == 2 && (0.4...0.5).contains(waits.seconds[0]) && (0.8...1.0).contains(waits.seconds[1])
        )
        #expect(transport.requests[0].url == "http://127.0.0.1:9/api/v1/insights/i1")
        #expect(transport.requests[0].headers.contains { $0.name == "X-API-Key" && $0.value == "secret-key" })
    }

    @Test func clientErrorsAreNotRetried() throws {
        let transport = ScriptedTransport([
            Self.json(404, #"{"success":false,"error":{"code":"NOT_FOUND","message":"Goal not found"}}"#)
        ])
        let error = wellnessError { try Self.client(transport, Waits()).goalTips(goalId: "g") }
        #expect(error?.kind == .notFound && error?.message == "Goal not found" && error?.httpStatus == 404)
        #expect(transport.requests.count == 1)
    }

    @Test func postsCarryIdempotencyKeysAndJSON() throws {
        let goal =
            #"{"success":true,"data":{"id":"g1","user_id":"u1","title":"Walk","goal_type":"activity","start_date":"2025-01-01","is_recurring":false,"status":"active","created_at":"2025-01-01T00:00:00Z","updated_at":"2025-01-01T00:00:00Z"}}"#
        let transport = ScriptedTransport([Self.json(201, goal)])
        let request = CreateGoalRequest(title: "Walk", goalType: "activity", startDate: .day(CalendarDate.epoch))
        _ = try Self.client(transport, Waits()).createGoal(request)
        let sent = try #require(transport.requests.first)
        #expect(sent.method == "POST" && sent.headers.contains { $0.name == "Idempotency-Key" && $0.value.count == 36 })
        #expect(String(decoding: sent.body ?? [], as: UTF8.self).hasPrefix(#"{"title":"Walk""#))
    }

    @Test func decodingErrorsNameTheField() throws {
        let transport = ScriptedTransport([
            Self.json(200, Self.insight.replacingOccurrences(of: "daily", with: "hourly"))
        ])
        let error = wellnessError { try Self.client(transport, Waits()).insight(id: "i1") }
        #expect(error?.kind == .decoding && error?.path == "data.insight_type")
    }

    @Test func trendsAreFetchedOncePerSession() throws {
        let trends =
            #"{"weekly":{"value":-0.3,"available":true},"monthly":{"value":null,"available":false},"yearly":{"value":null,"available":false,"projection":true}}"#
        let transport = ScriptedTransport([Self.json(200, trends), Self.json(200, trends)])
        let client = try Self.client(transport, Waits())
        _ = try client.trends()
        _ = try client.trends()
        #expect(transport.requests.count == 1)
        _ = try client.trends(refresh: true)
        #expect(transport.requests.count == 2)
    }

    @Test func tokenProviderIsAskedAgainAfterA401() throws {
        let transport = ScriptedTransport([
            Self.json(401, #"{"success":false,"error":{"code":"UNAUTHORIZED","message":"expired"}}"#),
            Self.json(200, Self.insight),
        ])
        let client = try Self.client(transport, Waits())
        let refreshes = Waits()
        client.setTokenProvider { refresh in
            refreshes.record(refresh ? 1 : 0)
            return refresh ? "fresh" : "stale"
        }
        #expect(try client.insight(id: "i1").id == "i1")
        #expect(refreshes.seconds == [0, 1])
        let tokens = transport.requests.map { $0.headers.first { $0.name == "Authorization" }?.value }
        #expect(tokens == ["Bearer stale", "Bearer fresh"])
    }

    @Test func configurationIsValidated() {
        for (text, path) in [
            (#"{"base_url":"ftp://x","api_key":"k"}"#, "base_url"),
            (#"{"base_url":"http://x","api_key":"k","timeout":0}"#, "timeout"),
            (#"{"base_url":"http://x","api_key":"k","cache_directory":3}"#, "cache_directory"),
        ] {
            #expect(wellnessError { try ClientConfiguration(json: JSONParser.parse(text)) }?.path == path)
        }
        #expect(
            wellnessError { try ClientConfiguration(json: JSONParser.parse(#"{"base_url":"http://x"}"#)) }?.kind
                == .validation)
    }

    @Test func configurationRefusesUnknownKeys() {
        let error = wellnessError {
            try decode(ClientConfiguration.self, #"{"base_url":"http://127.0.0.1:1","api_key":"k","timout":5}"#)
        }
        #expect(error?.path == "timout" && error?.message.contains(#"did you mean "timeout"?"#) == true)
    }
}
