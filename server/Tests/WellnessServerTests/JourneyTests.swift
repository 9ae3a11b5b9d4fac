import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WellnessKitCore

@testable import WellnessServer

/// What the server does for seed 004's three journeys.
@Suite struct JourneyTests {
    static let walk =
        #"{"title":"Walk 10000 steps","goal_type":"activity","target_value":10000,"target_unit":"steps","start_date":"2025-01-01","is_recurring":true}"#

    @Test func progressCompletesAGoalAndAMilestoneCelebratesItOnce() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 10)
        try await server.test { client in
            let created = try await client.call(.post, "/api/v1/goals", as: user, json: Self.walk).2
            let id = try #require(created["data"]["id"].string)
            let half = try await client.call(.patch, "/api/v1/goals/\(id)", as: user, json: #"{"progress":0.5}"#)
            #expect(
                half.0 == .ok && half.2["data"]["current_value"] == .number("5000")
                    && half.2["data"]["status"].string == "active")
            let done = try await client.call(.patch, "/api/v1/goals/\(id)", as: user, json: #"{"current_value":10200}"#)
            #expect(done.2["data"]["status"].string == "completed")
            _ = try await client.call(.patch, "/api/v1/goals/\(id)", as: user, json: #"{"status":"active"}"#)
            _ = try await client.call(.patch, "/api/v1/goals/\(id)", as: user, json: #"{"status":"completed"}"#)
            let milestones = try await client.call(
                .get, "/api/v1/insights?insight_type=milestone&page_size=100", as: user, json: nil
            ).2
            let celebrations = (0..<milestones["data"]["insights"].count).compactMap {
                milestones["data"]["insights"][$0]["title"].string
            }.filter { $0 == "Goal achieved: Walk 10000 steps" }
            #expect(celebrations.count == 1, "\(celebrations)")
        }
    }

    @Test func aGoalWithoutATargetIsTrackedInPercentAndUpdatesAreValidated() async throws {
        let server = try await TestServer.make()
        let user = try await server.user()
        try await server.test { client in
            let body = #"{"title":"Feel calmer","goal_type":"wellness","start_date":"2025-01-01","is_recurring":false}"#
            let id = try #require(
                try await client.call(.post, "/api/v1/goals", as: user, json: body).2["data"]["id"].string)
            let percent = try await client.call(.patch, "/api/v1/goals/\(id)", as: user, json: #"{"progress":0.5}"#)
            #expect(percent.0 == .ok && percent.2["data"]["target_value"] == .number("100"))
            #expect(
                percent.2["data"]["target_unit"].string == "%" && percent.2["data"]["current_value"] == .number("50"))
            #expect(try await client.call(.patch, "/api/v1/goals/\(id)", as: user, json: #"{}"#).0 == .badRequest)
            #expect(
                try await client.call(.patch, "/api/v1/goals/nope", as: user, json: #"{"status":"paused"}"#).0
                    == .notFound)
            let other = try await server.user(name: "other")
            #expect(
                try await client.call(.patch, "/api/v1/goals/\(id)", as: other, json: #"{"status":"paused"}"#).0
                    == .notFound)
        }
    }

    @Test func theCoachUsesTheGoalAndTheDataAndProposesChanges() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 14)
        try await server.test { client in
            let id = try #require(
                try await client.call(.post, "/api/v1/goals", as: user, json: Self.walk).2["data"]["id"].string)
            _ = try await client.call(.patch, "/api/v1/goals/\(id)", as: user, json: #"{"current_value":2000}"#)
            let consultation = try await client.call(
                .post, "/api/v1/consultations", as: user,
                json: #"{"persona":"fitness_coach","context_type":"goal","context_id":"\#(id)"}"#
            ).2
            let cid = try #require(consultation["data"]["id"].string)
            let sent = try await client.call(
                .post, "/api/v1/consultations/\(cid)/messages", as: user,
                json: #"{"content":"Why am I not losing weight?"}"#
            ).2
            let reply = sent["data"]["messages"][1]
            let text = try #require(reply["content"].string)
            #expect(text.contains("\"Walk 10000 steps\"") && text.contains("20%"), "\(text)")
            #expect(text.contains("steps") && text.contains("kcal") && text.contains("increase cardio"), "\(text)")
            let proposals = reply["proposals"]
            #expect(
                proposals.count == 2 && proposals[0]["type"].string == "create_goal"
                    && proposals[1]["type"].string == "update_goal")
            let listed = try await client.call(.get, "/api/v1/consultations/\(cid)/messages", as: user, json: nil).2
            #expect(listed["data"]["messages"][1]["proposals"] == proposals, "proposals are stored with the reply")
            #expect(listed["data"]["messages"][0]["proposals"] == .null, "a message without proposals has no such key")
            let proposal = try CoachProposal(json: proposals[1])
            guard case .updateGoal(let goalId, let change) = proposal.action else { return }
            let accepted = try await client.call(
                .patch, "/api/v1/goals/\(goalId)", as: user,
                json: try JSONWriter.string(change.json)
            ).2
            #expect(accepted["data"]["target_value"] == .number("8000"))
        }
    }

    @Test func suggestionsCanBeBasedOnChosenInsights() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 30)
        try await server.test { client in
            let listed = try await client.call(.get, "/api/v1/insights?page_size=100", as: user, json: nil).2["data"][
                "insights"]
            let ids = (0..<listed.count).compactMap { listed[$0]["id"].string }
            let chosen = Array(ids.prefix(2))
            let titles = chosen.compactMap { id in
                (0..<listed.count).first { listed[$0]["id"].string == id }.flatMap { listed[$0]["title"].string }
            }
            let body = #"{"insight_ids":[\#(chosen.map { "\"\($0)\"" }.joined(separator: ","))]}"#
            let answer = try await client.call(.post, "/api/v1/goals/suggestions", as: user, json: body)
            #expect(answer.0 == .ok)
            let suggestions = answer.2["data"]["suggestions"]
            #expect((3...5).contains(suggestions.count))
            let rationales = (0..<suggestions.count).compactMap { suggestions[$0]["rationale"].string }
            #expect(titles.contains { title in rationales.contains { $0.contains(title) } }, "\(rationales)")
            let missing = try await client.call(
                .post, "/api/v1/goals/suggestions", as: user, json: #"{"insight_ids":["ins_nope"]}"#)
            #expect(missing.0 == .notFound)
            let bad = try await client.call(.post, "/api/v1/goals/suggestions", as: user, json: #"{"insight_ids":[]}"#)
            #expect(bad.0 == .badRequest)
        }
    }

    @Test func theRouteTableAnswersEveryMethodItLists() async throws {
        let server = try await TestServer.make { $0.allowSignup = true }
        let routes = AppState(
            store: server.store, credentials: server.credentials,
            limiter: RateLimiter(store: server.store, capacity: 10, window: 60), signupLimiter: nil)
        let paths = Set(routes.table.map(\.path))
        #expect(routes.allowedMethods.map(\.path).count == paths.count)
        #expect(routes.allowedMethods.first { $0.path == "api/v1/goals/:id" }?.methods == [.get, .head, .patch])
    }
}
