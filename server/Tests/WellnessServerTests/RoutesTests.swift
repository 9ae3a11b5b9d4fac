import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WellnessKitCore

@testable import WellnessServer

@Suite struct RoutesTests {
    @Test func everyAPIRouteNeedsValidCredentials() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 3)
        try await server.test { client in try await Self.everyAPIRouteNeedsValidCredentialsBody(client, user: user) }
    }

    private static func everyAPIRouteNeedsValidCredentialsBody(_ client: any TestClientProtocol, user: TestServer.User)
        async throws
    {
        let routes: [(HTTPRequest.Method, String)] = [
            (.get, "/api/v1/insights"), (.get, "/api/longevity/trends"),
            (.post, "/api/v1/goals/suggestions"), (.get, "/api/v1/consultations"),
        ]
        for (method, uri) in routes {
            let (status, headers, body) = try await client.call(method, uri, as: nil)
            #expect(status == .unauthorized && headers[.wwwAuthenticate] != nil, "\(uri)")
            #expect(body["success"] == .bool(false) && body["error"]["code"].string == "UNAUTHORIZED")
        }
        let forged = TestServer.User(id: user.id, apiKey: "wrong", token: user.token)
        #expect(try await client.call(.get, "/api/v1/insights", as: forged).0 == .unauthorized)
        let bearerOnly = TestServer.User(id: user.id, apiKey: "", token: user.token)
        let (status, trends) = try await client.execute(
            uri: "/api/longevity/trends", method: .get, headers: [.authorization: "Bearer \(bearerOnly.token)"]
        ) {
            ($0.status, try JSONParser.parse(Array($0.body.readableBytesView)))
        }
        #expect(status == .ok && trends["weekly"]["available"] == .bool(false))
        #expect(try await client.call(.get, "/healthz", as: nil).0 == .ok)
    }

    /// The list is written from encoded insights: byte for byte the envelope of the model's page.
    @Test func theListIsTheEnvelopeOfTheModelPage() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 12)
        var query = InsightQuery()
        (query.page, query.pageSize) = (2, 4)
        let model = try await server.store.insights.list(for: user.id, query: query)
        let expected = try JSONWriter.bytes(.object(JSONObject([("success", .bool(true)), ("data", model.json)])))
        try await server.test { client in
            for _ in 1...2 {
                let body = try await client.execute(
                    uri: "/api/v1/insights?page=2&page_size=4", method: .get,
                    headers: [HTTPField.Name("X-API-Key")!: user.apiKey]
                ) {
                    Array($0.body.readableBytesView)
                }
                #expect(body == expected)
            }
        }
    }

    @Test func insightsListFiltersSortsAndPages() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 30)
        try await server.test { client in try await Self.insightsListFiltersSortsAndPagesBody(client, user: user) }
    }

    private static func insightsListFiltersSortsAndPagesBody(_ client: any TestClientProtocol, user: TestServer.User)
        async throws
    {
        let (status, _, page) = try await client.call(.get, "/api/v1/insights?page_size=5&insight_type=daily", as: user)
        #expect(status == .ok && page["success"] == .bool(true))
        #expect(page["data"]["insights"].count == 5)
        #expect(
            page["data"]["pagination"]["page_size"] == .int(5) && page["data"]["pagination"]["has_next"] == .bool(true))
        #expect(try Envelope<InsightsPage>(json: page).data.insights.allSatisfy { $0.insightType == .daily })
        let id = try #require(page["data"]["insights"][0]["id"].string)
        let (_, _, read) = try await client.call(.patch, "/api/v1/insights/\(id)", as: user, json: #"{"is_read":true}"#)
        #expect(read["data"]["is_read"] == .bool(true) && read["data"]["read_at"].string != nil)
        let (_, _, unread) = try await client.call(.get, "/api/v1/insights?read_status=false&page_size=100", as: user)
        #expect(try Envelope<InsightsPage>(json: unread).data.insights.allSatisfy { !$0.isRead && $0.id != id })
        let (_, _, archived) = try await client.call(
            .patch, "/api/v1/insights/\(id)", as: user, json: #"{"is_archived":true}"#)
        #expect(archived["data"]["archived_at"].string != nil)
        let (_, _, hidden) = try await client.call(.get, "/api/v1/insights?page_size=100", as: user)
        #expect(try Envelope<InsightsPage>(json: hidden).data.insights.allSatisfy { $0.id != id })
        let (_, _, unarchived) = try await client.call(
            .patch, "/api/v1/insights/\(id)", as: user, json: #"{"is_archived":false}"#)
        #expect(unarchived["data"]["archived_at"] == .null)
        #expect(try await client.call(.delete, "/api/v1/insights/\(id)", as: user).0 == .noContent)
        #expect(try await client.call(.get, "/api/v1/insights/\(id)", as: user).0 == .notFound)
        #expect(try await client.call(.get, "/api/v1/insights?page_size=0", as: user).0 == .badRequest)
        #expect(try await client.call(.get, "/api/v1/insights?sort_by=title", as: user).0 == .badRequest)
        #expect(
            try await client.call(.patch, "/api/v1/insights/\(id)", as: user, json: "{\"is_read\":1,}").0 == .badRequest
        )
    }

    @Test func usersCannotSeeEachOthersData() async throws {
        let server = try await TestServer.make()
        let alice = try await server.user(days: 10)
        let bob = try await server.user(days: 10)
        try await server.test { client in
            try await Self.usersCannotSeeEachOthersDataBody(client, alice: alice, bob: bob)
        }
    }

    private static func usersCannotSeeEachOthersDataBody(
        _ client: any TestClientProtocol, alice: TestServer.User, bob: TestServer.User
    ) async throws {
        let (_, _, page) = try await client.call(.get, "/api/v1/insights", as: alice)
        let insight = try #require(page["data"]["insights"][0]["id"].string)
        let (_, _, goal) = try await client.call(
            .post, "/api/v1/goals", as: alice,
            json: """
                {"title":"Walk","goal_type":"activity","start_date":"2025-01-01","is_recurring":false}
                """)
        let goalId = try #require(goal["data"]["id"].string)
        let (_, _, consultation) = try await client.call(
            .post, "/api/v1/consultations", as: alice,
            json: #"{"persona":"sleep_coach"}"#)
        let consultationId = try #require(consultation["data"]["id"].string)
        let attempts: [(HTTPRequest.Method, String, String?)] = [
            (.get, "/api/v1/insights/\(insight)", nil),
            (.patch, "/api/v1/insights/\(insight)", #"{"is_favorite":true}"#),
            (.delete, "/api/v1/insights/\(insight)", nil),
            (.get, "/api/v1/goals/\(goalId)", nil), (.get, "/api/v1/goals/\(goalId)/tips", nil),
            (.get, "/api/v1/consultations/\(consultationId)", nil),
            (.post, "/api/v1/consultations/\(consultationId)/messages", #"{"content":"hi"}"#),
        ]
        for (method, uri, body) in attempts {
            #expect(try await client.call(method, uri, as: bob, json: body).0 == .notFound, "\(method) \(uri)")
        }
        let (_, _, still) = try await client.call(.get, "/api/v1/insights/\(insight)", as: alice)
        #expect(still["data"]["is_favorite"] == .bool(false))
        let (_, _, bobsGoals) = try await client.call(.get, "/api/v1/goals", as: bob)
        #expect(bobsGoals["data"]["goals"].count == 0)
    }

    @Test func goalsSuggestionsAndTips() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 30)
        try await server.test { client in try await Self.goalsSuggestionsAndTipsBody(client, user: user) }
    }

    private static func goalsSuggestionsAndTipsBody(_ client: any TestClientProtocol, user: TestServer.User)
        async throws
    {
        let (saved, _, profile) = try await client.call(
            .put, "/api/v1/profile", as: user,
            json: #"{"age":40,"height_cm":170,"weight_kg":90}"#)
        #expect(saved == .ok && profile["data"]["bmi"] == .number("31.1"))
        let (status, _, response) = try await client.call(.post, "/api/v1/goals/suggestions", as: user)
        #expect(status == .ok)
        #expect(
            try Envelope<GoalSuggestions>(json: response).data.suggestions.contains {
                $0.goalType == "body_composition"
            })
        let suggestions = try Envelope<GoalSuggestions>(json: response).data.suggestions
        #expect((3...5).contains(suggestions.count))
        let accepted = try #require(suggestions.first)
        let utc = try #require(TimeZoneRules(identifier: "UTC"))
        let request = try #require(
            CreateGoalRequest.from(
                suggestion: accepted, now: Timestamp(seconds: 1_750_000_000),
                timeZone: utc))
        let (created, _, goal) = try await client.call(
            .post, "/api/v1/goals", as: user, json: try JSONWriter.string(request.json))
        #expect(created == .created && goal["data"]["status"].string == "active")
        let (_, _, again) = try await client.call(.post, "/api/v1/goals/suggestions", as: user)
        #expect(try Envelope<GoalSuggestions>(json: again).data.suggestions.allSatisfy { $0.title != accepted.title })
        let goalId = try #require(goal["data"]["id"].string)
        let (_, _, tips) = try await client.call(.get, "/api/v1/goals/\(goalId)/tips", as: user)
        let data = try Envelope<GoalTips>(json: tips).data
        #expect((5...7).contains(data.tips.count) && data.goalId == goalId)
        let (missing, _, error) = try await client.call(.get, "/api/v1/goals/goal_missing/tips", as: user)
        #expect(missing == .notFound && error["error"]["message"].string == "Goal not found")
        let (_, _, list) = try await client.call(.get, "/api/v1/goals?status=active", as: user)
        #expect(list["data"]["goals"].count == 1)
        #expect(try await client.call(.post, "/api/v1/goals", as: user, json: #"{"title":""}"#).0 == .badRequest)
    }

    @Test func aiEndpointsAreRateLimited() async throws {
        let server = try await TestServer.make(aiRequestsPerWindow: 2)
        let user = try await server.user(days: 5)
        try await server.test { client in try await Self.aiEndpointsAreRateLimitedBody(client, user: user) }
    }

    private static func aiEndpointsAreRateLimitedBody(_ client: any TestClientProtocol, user: TestServer.User)
        async throws
    {
        #expect(try await client.call(.post, "/api/v1/goals/suggestions", as: user).0 == .ok)
        #expect(try await client.call(.post, "/api/v1/goals/suggestions", as: user).0 == .ok)
        let (status, headers, body) = try await client.call(.post, "/api/v1/goals/suggestions", as: user)
        #expect(status == .tooManyRequests && body["error"]["code"].string == "RATE_LIMITED")
        #expect(Int(headers[.retryAfter] ?? "") ?? 0 >= 1)
    }

    @Test func consultationsKeepTheConversation() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 5)
        try await server.test { client in try await Self.consultationsKeepTheConversationBody(client, user: user) }
    }

    private static func consultationsKeepTheConversationBody(_ client: any TestClientProtocol, user: TestServer.User)
        async throws
    {
        let (_, _, page) = try await client.call(.get, "/api/v1/insights", as: user)
        let insight = try #require(page["data"]["insights"][0]["id"].string)
        let (created, _, consultation) = try await client.call(
            .post, "/api/v1/consultations", as: user,
            json: """
                {"persona":"wellnessSpecialist","context_type":"insight","context_id":"\(insight)","title":"Discuss"}
                """)
        #expect(created == .created && consultation["data"]["persona"].string == "wellness_specialist")
        let id = try #require(consultation["data"]["id"].string)
        let (sent, _, reply) = try await client.call(
            .post, "/api/v1/consultations/\(id)/messages", as: user,
            json: #"{"content":"How do I sleep better?"}"#)
        #expect(sent == .created && reply["data"]["count"] == .int(2))
        #expect(reply["data"]["messages"][1]["role"].string == "assistant")
        let (_, _, messages) = try await client.call(.get, "/api/v1/consultations/\(id)/messages", as: user)
        #expect(messages["data"]["messages"][0]["content"].string == "How do I sleep better?")
        let (_, _, updated) = try await client.call(.get, "/api/v1/consultations/\(id)", as: user)
        #expect(updated["data"]["message_count"] == .int(2))
        #expect(
            try await client.call(
                .post, "/api/v1/consultations", as: user,
                json: #"{"persona":"nutritionist","context_type":"goal"}"#
            ).0 == .badRequest)
    }

    /// The insight or goal a consultation is about must be the user's: 404 with the envelope otherwise.
    @Test func aConsultationAboutAnotherUsersInsightIsNotFound() async throws {
        let server = try await TestServer.make()
        let owner = try await server.user(days: 5)
        let other = try await server.user()
        try await server.test { client in
            let insight = try #require(
                try await client.call(.get, "/api/v1/insights", as: owner).2["data"]["insights"][0]["id"].string)
            for (user, id) in [(other, insight), (owner, "ins_missing")] {
                let (status, _, body) = try await client.call(
                    .post, "/api/v1/consultations", as: user,
                    json: """
                        {"persona":"nutritionist","context_type":"insight","context_id":"\(id)"}
                        """)
                #expect(status == .notFound && body["error"]["code"].string == "NOT_FOUND", "\(id)")
            }
            #expect(
                try await client.call(.get, "/api/v1/consultations", as: other).2["data"]["consultations"].count == 0)
        }
    }

    @Test func ingestionAndTrends() async throws {
        let server = try await TestServer.make()
        let user = try await server.user()
        try await server.test { client in try await Self.ingestionAndTrendsBody(client, user: user) }
    }

    private static func ingestionAndTrendsBody(_ client: any TestClientProtocol, user: TestServer.User) async throws {
        let entries = (1...10).map {
            #"{"date":"2025-01-\#(String(format: "%02d", $0))","biological_age":40.\#($0),"steps":8000,"sleep_hours":7.5,"mood":7}"#
        }
        let (status, _, body) = try await client.call(
            .post, "/api/v1/checkins", as: user,
            json: #"{"checkins":[\#(entries.joined(separator: ","))]}"#)
        #expect(status == .created && body["data"]["stored"] == .int(10))
        let (_, _, trends) = try await client.call(.get, "/api/longevity/trends", as: user)
        #expect(try TrendsResponse(json: trends).yearly.projection == true)
        let (bad, _, error) = try await client.call(
            .post, "/api/v1/checkins", as: user,
            json: #"{"checkins":[{"date":"2025-02-30"}]}"#)
        #expect(bad == .badRequest && error["error"]["message"].string?.contains("checkins[0].date") == true)
        let huge = "{\"checkins\":\"" + String(repeating: "x", count: 2 << 20) + "\"}"
        #expect(try await client.call(.post, "/api/v1/checkins", as: user, json: huge).0 == .contentTooLarge)
    }
}
