import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitClient
@testable import WellnessKitCore

/// A transport that answers by path, each answer after a delay, from many threads at once.
final class SlowRoutedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private let delay: Double
    private let answers: [String: HTTPExchange.Response]
    private(set) var paths: [String] = []

    init(delay: Double, answers: [String: (Int, String)]) {
        self.delay = delay
        self.answers = answers.mapValues { status, body in
            HTTPExchange.Response(status: status, headers: ["content-type": "application/json"], body: Array(body.utf8))
        }
    }

    func send(_ request: HTTPExchange.Request) throws -> HTTPExchange.Response {
        let withoutQuery = request.url.split(separator: "?", omittingEmptySubsequences: false)[0]
        let path = String(withoutQuery.dropFirst("http://127.0.0.1:9/".count))
        lock.withLock { paths.append(path) }
        Thread.sleep(forTimeInterval: delay)
        return answers[path] ?? HTTPExchange.Response(status: 404, headers: [:], body: [])
    }
}

@Suite struct DashboardTests {
    static let pagination =
        #"{"page":1,"page_size":5,"total_pages":3,"total_count":12,"has_next":true,"has_prev":false}"#
    static let insights = #"{"success":true,"data":{"insights":[],"pagination":\#(pagination)}}"#
    static let goals =
        #"{"success":true,"data":{"goals":[],"pagination":{"page":1,"page_size":10,"total_pages":1,"total_count":2,"has_next":false,"has_prev":false}}}"#
    static let consultations =
        #"{"success":true,"data":{"consultations":[],"pagination":{"page":1,"page_size":5,"total_pages":0,"total_count":0,"has_next":false,"has_prev":false}}}"#

    static func client(
        _ transport: SlowRoutedTransport, maxAge: Double = 300,
        clock: @escaping @Sendable () -> Double = { MonotonicClock.now() }
    ) throws -> WellnessClient {
        var configuration = try ClientConfiguration(
            json: JSONParser.parse(
                #"{"base_url":"http://127.0.0.1:9","api_key":"k","cache_directory":false,"max_retries":0}"#))
        configuration.dashboardMaxAge = maxAge
        return WellnessClient(configuration: configuration, transport: transport, sleep: { _ in }, clock: clock)
    }

    static let allAnswers: [String: (Int, String)] = [
        "api/v1/insights": (200, insights), "api/v1/goals": (200, goals), "api/v1/consultations": (200, consultations),
    ]

    @Test func sectionsLoadAtTheSameTime() throws {
        let transport = SlowRoutedTransport(delay: 0.4, answers: Self.allAnswers)
        let clock = ContinuousClock()
        let started = clock.now
        let (dashboard, age) = try Self.client(transport).dashboard()
        let elapsed = clock.now - started
        #expect(elapsed < .milliseconds(900), "three 0.4 s requests one after another would take 1.2 s: \(elapsed)")
        #expect(Set(transport.paths) == Set(Self.allAnswers.keys) && age == 0)
        #expect(dashboard.isComplete && dashboard.unreadInsights == 12 && dashboard.activeGoals == 2)
        #expect(dashboard.cards.map(\.count) == [12, 2, 0])
        #expect(dashboard.cards.map(\.title) == ["AI Insights", "Smart Goals", "AI Coach"])
    }

    @Test func theSeedsQueriesAreSent() throws {
        let transport = ScriptedTransportLog()
        let client = WellnessClient(
            configuration: try ClientConfiguration(
                json: JSONParser.parse(
                    #"{"base_url":"http://127.0.0.1:9","api_key":"k","cache_directory":false,"max_retries":0}"#)),
            transport: transport)
        _ = client.dashboard()
        #expect(
            transport.urls.sorted()
                == [
                    "http://127.0.0.1:9/api/v1/consultations?page=1&page_size=5&is_archived=false",
                    "http://127.0.0.1:9/api/v1/goals?page=1&page_size=10&status=active",
                    "http://127.0.0.1:9/api/v1/insights?sort_by=created_at&sort_order=desc&page=1&page_size=5&read_status=false&archived_status=false",
                ].sorted())
    }

    @Test func aFailingSectionKeepsTheOthers() throws {
        var answers = Self.allAnswers
        answers["api/v1/goals"] = (500, #"{"success":false,"error":{"code":"INTERNAL","message":"boom"}}"#)
        let (dashboard, _) = try Self.client(SlowRoutedTransport(delay: 0, answers: answers)).dashboard()
        #expect(!dashboard.isComplete && dashboard.activeGoals == nil && dashboard.unreadInsights == 12)
        guard case .failure(let error) = dashboard.goals else {
            Issue.record("the goals section should have failed")
            return
        }
        #expect(error.kind == .http && error.httpStatus == 500)
        let json = dashboard.json(ageSeconds: 0) { .string($0.message) }
        #expect(json["goals"]?["error"] == .string("boom") && json["goals"]?["total"] == .null)
        #expect(json["insights"]?["total"] == .int(12) && json["complete"] == .bool(false))
        #expect(json["cards"]?[1]?["count"] == .null)
    }

    @Test func aCompleteDashboardIsReusedUntilItsMaxAge() throws {
        let transport = SlowRoutedTransport(delay: 0, answers: Self.allAnswers)
        let now = ManualClock(1_000)
        let client = try Self.client(transport, maxAge: 300, clock: { now.seconds })
        let first = client.dashboard()
        now.advance(299.5)
        let second = client.dashboard()
        #expect(transport.paths.count == 3, "younger than dashboard_max_age: kept")
        #expect(second.ageSeconds == 299.5 && second.dashboard.loadedAt == first.dashboard.loadedAt)
        _ = client.dashboard(refresh: true)
        #expect(transport.paths.count == 6, "refresh: loaded again")
        now.advance(300)
        _ = client.dashboard()
        #expect(transport.paths.count == 9, "as old as dashboard_max_age: loaded again")
    }

    @Test func anIncompleteDashboardIsNotReused() throws {
        var answers = Self.allAnswers
        answers["api/v1/consultations"] = (503, "{}")
        let transport = SlowRoutedTransport(delay: 0, answers: answers)
        let client = try Self.client(transport)
        _ = client.dashboard()
        _ = client.dashboard()
        #expect(transport.paths.count == 6)
    }

    @Test func theWidgetShowsRowsOnlyForWhatThereIs() throws {
        let (dashboard, _) = try Self.client(SlowRoutedTransport(delay: 0, answers: Self.allAnswers)).dashboard()
        let rows = dashboard.json(ageSeconds: 0) { _ in .null }["widget"]?["rows"]
        #expect(rows?[0]?["title"] == .string("12 New Insights") && rows?[0]?["link"] == .string("fitiq://insights"))
        #expect(rows?[1]?["title"] == .string("2 Active Goals"))
        #expect(rows?[2]?["title"] == .string("Chat with Coach") && rows?[2]?["link"] == .string("fitiq://chat/new"))
        #expect(rows?[3] == nil)
    }

    @Test func theLinkSchemeIsConfigurableAndChecked() throws {
        let configuration = try ClientConfiguration(
            json: JSONParser.parse(
                #"{"base_url":"http://127.0.0.1:9","api_key":"k","link_scheme":"myapp"}"#))
        #expect(configuration.linkScheme == "myapp")
        for bad in [#""1app""#, #""my app""#, #""""#, #""javascript:""#, "3"] {
            #expect(throws: WellnessError.self) {
                try ClientConfiguration(
                    json: JSONParser.parse(#"{"base_url":"http://x","api_key":"k","link_scheme":\#(bad)}"#))
            }
        }
    }
}

/// Records request URLs and answers every request 404.
final class ScriptedTransportLog: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var urls: [String] = []

    func send(_ request: HTTPExchange.Request) throws -> HTTPExchange.Response {
        lock.withLock { urls.append(request.url) }
        return HTTPExchange.Response(status: 404, headers: [:], body: [])
    }
}

extension JSONValue {
    fileprivate subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    fileprivate subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }
}

@Suite struct SuggestedActionsTests {
    static let goal =
        #"{"id":"g1","user_id":"u1","title":"Walk","goal_type":"activity","start_date":"2025-01-01","is_recurring":false,"status":"active","created_at":"2025-01-01T00:00:00Z","updated_at":"2025-01-01T00:00:00Z"}"#
    static let consultation =
        #"{"id":"c1","user_id":"u1","persona":"general_wellness","context_type":null,"context_id":null,"title":null,"is_archived":false,"message_count":0,"last_message_at":null,"created_at":"2025-03-01T00:00:00Z","updated_at":"2025-03-01T00:00:00Z"}"#

    static func answers(consultations: String) -> [String: (Int, String)] {
        let page =
            #""pagination":{"page":1,"page_size":5,"total_pages":1,"total_count":1,"has_next":false,"has_prev":false}"#
        return [
            "api/v1/insights": (200, DashboardTests.insights),
            "api/v1/goals": (200, #"{"success":true,"data":{"goals":[\#(goal)],\#(page)}}"#),
            "api/v1/consultations": (200, #"{"success":true,"data":{"consultations":[\#(consultations)],\#(page)}}"#),
        ]
    }

    static func client(_ answers: [String: (Int, String)], store: String) throws -> WellnessClient {
        let configuration = try ClientConfiguration(
            json: JSONParser.parse(
                #"{"base_url":"http://127.0.0.1:9","api_key":"k","cache_directory":false,"max_retries":0,"store_directory":"\#(store)"}"#
            ))
        return WellnessClient(
            configuration: configuration, transport: SlowRoutedTransport(delay: 0, answers: answers),
            sleep: { _ in })
    }

    static let store = {
        FileManager.default.temporaryDirectory.appendingPathComponent("suggest-\(UUID().uuidString)").path
    }

    @Test func eachSuggestionFollowsItsState() throws {
        let directory = Self.store()
        let client = try Self.client(Self.answers(consultations: Self.consultation), store: directory)
        let march3 = try #require(Timestamp(parsing: "2025-03-03T00:00:00Z"))
        let (actions, complete) = client.suggestedActions(now: march3)
        #expect(complete && actions.map(\.kind) == [.viewInsights, .getGoalTips])
        #expect(actions[1].goals.map(\.id) == ["g1"] && actions[1].link == "fitiq://goals?id=g1&action=tips")
        let april = try #require(Timestamp(parsing: "2025-04-01T00:00:00Z"))
        #expect(client.suggestedActions(now: april).actions.last?.kind == .startConsultation)
        try client.localStore().recordTipsFetched(goalId: "g1", at: april)
        try client.localStore().recordConsultationStarted(userId: "u1", at: april)
        let reopened = try Self.client(Self.answers(consultations: Self.consultation), store: directory)
        #expect(reopened.suggestedActions(now: april).actions.map(\.kind) == [.viewInsights])
    }

    @Test func noConsultationEverSuggestsOneAndUnknownStateDoesNot() throws {
        var answers = Self.answers(consultations: Self.consultation)
        answers["api/v1/consultations"] = (200, DashboardTests.consultations)
        let never = try Self.client(answers, store: Self.store()).suggestedActions(now: .now())
        #expect(never.actions.last?.kind == .startConsultation)
        answers["api/v1/consultations"] = (503, "{}")
        let unknown = try Self.client(answers, store: Self.store()).suggestedActions(now: .now())
        #expect(!unknown.complete && !unknown.actions.contains { $0.kind == .startConsultation })
    }
}
