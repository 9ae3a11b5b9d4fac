import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WellnessKitCore

@testable import WellnessServer

/// Samples of a Prometheus text exposition, read back for checks.
struct Exposition {
    struct Sample {
        let name: String
        let labels: [String: String]
        let value: Double
    }

    let samples: [Sample]
    let text: String

    init(_ text: String) throws {
        self.text = text
        samples = try text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(Self.sample)
    }

    /// `name{a="b",c="d"} 1.5` or `name 0`.
    private static func sample(_ line: Substring) throws -> Sample {
        guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
            throw Malformed(line: String(line))
        }
        let series = line[..<space]
        guard let brace = series.firstIndex(of: "{") else {
            return Sample(name: String(series), labels: [:], value: value)
        }
        var labels: [String: String] = [:]
        for pair in series[series.index(after: brace)..<series.index(before: series.endIndex)].split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw Malformed(line: String(line)) }
            labels[String(parts[0])] = String(parts[1].dropFirst().dropLast())
        }
        return Sample(name: String(series[..<brace]), labels: labels, value: value)
    }

    struct Malformed: Error {
        let line: String
    }

    /// The sum of `name`'s samples whose labels include `labels` (nil when there is none).
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        let matching = samples.filter { sample in
            sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value }
        }
        return matching.isEmpty ? nil : matching.reduce(0) { $0 + $1.value }
    }

    /// `GET /metrics` through `client`.
    static func read(_ client: any TestClientProtocol) async throws -> Exposition {
        try await client.execute(uri: "/metrics", method: .get) { response in
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            return try Exposition(String(buffer: response.body))
        }
    }
}

@Suite struct ServerMetricsTests {
    typealias Name = ServerMetrics.Name

    @Test func requestsAreCountedByRoutePatternMethodAndStatus() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 3)
        try await server.test { client in
            for _ in 0..<2 { _ = try await client.call(.get, "/healthz", as: nil) }
            let missing = "/api/v1/insights/no-such-insight-\(user.id)"
            #expect(try await client.call(.get, missing, as: user).0 == .notFound)
            #expect(try await client.call(.get, "/no/such/route", as: nil).0 == .notFound)
            _ = try await client.call(HTTPRequest.Method("BREW")!, "/healthz", as: nil)

            let metrics = try await Exposition.read(client)
            #expect(metrics.value(Name.requests, ["method": "GET", "route": "/healthz", "status": "200"]) == 2)
            #expect(
                metrics.value(Name.requests, ["method": "GET", "route": "/api/v1/insights/{id}", "status": "404"]) == 1,
                "the route's pattern, never the path")
            #expect(
                metrics.value(Name.requests, ["route": "NotFound", "status": "404"]) == 1,
                "Hummingbird's name for no route")
            #expect(metrics.value(Name.requests, ["method": "other"]) == 1, "an unknown method adds no series")
            #expect(metrics.value(Name.requestDuration + "_count", ["method": "GET", "route": "/healthz"]) == 2)
            #expect((metrics.value(Name.requestDuration + "_sum", ["route": "/healthz"]) ?? 0) > 0)
            #expect(!metrics.text.contains(user.id), "no label holds a user's id")
            #expect(metrics.value(Name.aiCircuitOpen) == 0)
            #expect(metrics.value(Name.aiCallsInFlight) == 0)
        }
    }

    @Test func theRulesAnswersAreCountedBySource() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 14)
        try await server.test { client in
            #expect(try await client.call(.post, "/api/v1/goals/suggestions", as: user).0 == .ok)
            let metrics = try await Exposition.read(client)
            #expect(metrics.value(Name.aiAnswers, ["task": "goal_suggestions", "source": "rules"]) == 1)
            #expect(metrics.value(Name.aiFallbacks) == nil, "without a provider the rules are no fallback")
            #expect(metrics.value(Name.aiCalls) == nil)
        }
    }

    @Test func aDurationPastWhatATimerHoldsIsClamped() throws {
        let metrics = ServerMetrics()
        metrics.databaseWait(.writer, .seconds(Int64.max))
        metrics.databaseWait(.writer, .seconds(-1))
        let exposition = try Exposition(metrics.exposition())
        #expect(exposition.value(Name.databaseWait + "_count", ["connection": "writer"]) == 2)
    }
}
