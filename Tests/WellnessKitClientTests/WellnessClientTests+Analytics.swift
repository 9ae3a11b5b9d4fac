import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitClient
@testable import WellnessKitCore

/// Records delivered events.
private final class RecordingSink: AnalyticsSink, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func deliver(_ line: [UInt8]) -> Bool {
        lock.lock()
        lines.append(String(decoding: line, as: UTF8.self))
        lock.unlock()
        return true
    }

    var names: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines.compactMap { line in
            guard case .object(let event)? = try? JSONParser.parse(line), case .string(let name)? = event["name"],
                case .object(let parameters)? = event["parameters"]
            else { return nil }
            let detail = ["action", "feature", "context_type", "from_feature", "to_feature", "context"].compactMap {
                key -> String? in
                if case .string(let value)? = parameters[key] { return value }
                return nil
            }
            return ([name] + detail).joined(separator: ":")
        }
    }
}

@Suite struct WellnessClientAnalyticsTests {
    private static let goalTips =
        #"{"success":true,"data":{"tips":[{"tip":"Walk"}],"goal_id":"g1","goal_title":"G","count":1}}"#
    private static let consultation =
        #"{"success":true,"data":{"id":"c1","user_id":"u1","persona":"wellness_specialist","context_type":"insight","context_id":"i1","is_archived":false,"message_count":0,"created_at":"2025-01-01T00:00:00Z","updated_at":"2025-01-01T00:00:00Z"}}"#

    @Test func navigatingAndCreatingAGoalFromAnInsightEmitTheirEvents() throws {
        let transport = ScriptedTransport([WellnessClientTests.json(201, OfflineTests.goal)])
        let client = try WellnessClientTests.client(transport, Waits())
        let sink = RecordingSink()
        let pipeline = try AnalyticsPipeline(capacity: 100, sink: sink)
        client.setAnalytics(pipeline)
        let insight = try Envelope<Insight>(json: JSONParser.parse(WellnessClientTests.insight)).data
        let goal = try Envelope<Goal>(json: JSONParser.parse(OfflineTests.goal)).data
        let discuss = try client.navigate(DestinationRequest(context: .insight(insight), intent: .discuss))
        #expect(discuss?.kind == "consultation")
        #expect(
            try client.navigate(DestinationRequest(context: .insight(insight), intent: .createGoal)) == nil,
            "no suggestion: nowhere to go, no event")
        #expect(try client.navigate(DestinationRequest(context: .goal(goal), intent: .tips))?.kind == "goal_tips")
        let input = try GoalFromSuggestionInput(
            json: JSONParser.parse(
                #"""
                {"suggestion":{"title":"Walk daily","description":"d","goal_type":"activity","rationale":"r","difficulty":2},
                 "insight_id":"i1"}
                """#))
        _ = try client.createGoal(from: input)
        #expect(try pipeline.flush(timeout: 5))
        #expect(
            sink.names == [
                "ai_feature_transition:insights:consultations:discuss", "ai_feature_transition:goals:goals:tips",
                "goal_ai_usage:suggestions", "insight_action:createdGoal",
            ])
        let blank =
            #"{"suggestion":{"title":"t","description":"d","goal_type":"activity","rationale":"r","difficulty":2},"insight_id":""}"#
        #expect(wellnessError { _ = try GoalFromSuggestionInput(json: JSONParser.parse(blank)) }?.path == "insight_id")
    }

    @Test func successfulOperationsEmitTheSeedsEvents() throws {
        let transport = ScriptedTransport([
            WellnessClientTests.json(200, WellnessClientTests.insight),
            WellnessClientTests.json(200, WellnessClientTests.insight),
            WellnessClientTests.json(200, WellnessClientTests.insight),
            WellnessClientTests.json(200, Self.goalTips),
            WellnessClientTests.json(200, Self.consultation),
            WellnessClientTests.json(
                404, #"{"success":false,"error":{"code":"NOT_FOUND","message":"Goal not found"}}"#),
        ])
        let client = try WellnessClientTests.client(transport, Waits())
        let sink = RecordingSink()
        let pipeline = try AnalyticsPipeline(capacity: 100, sink: sink)
        client.setAnalytics(pipeline)
        _ = try client.insight(id: "i1")
        _ = try client.updateInsight(id: "i1", UpdateInsightRequest(isFavorite: true))
        _ = try client.updateInsight(id: "i1", UpdateInsightRequest(isRead: true, isArchived: false))
        _ = try client.goalTips(goalId: "g1")
        _ = try client.createConsultation(
            CreateConsultationRequest(
                persona: .wellnessSpecialist, contextType: .insight,
                contextId: "i1"))
        #expect(throws: WellnessError.self) { try client.goalTips(goalId: "missing") }
        #expect(try pipeline.flush(timeout: 5))
        #expect(
            sink.names == [
                "insight_action:viewed", "insight_action:favorited", "goal_ai_usage:tips",
                "consultation_started:insight", "insight_action:discussedWithAI",
            ])
        // Detached, and a shut-down pipeline: the client goes on without events or errors.
        try pipeline.shutdown(timeout: 5)
        client.setAnalytics(pipeline)
        let more = ScriptedTransport([WellnessClientTests.json(200, WellnessClientTests.insight)])
        let other = try WellnessClientTests.client(more, Waits())
        other.setAnalytics(pipeline)
        _ = try other.insight(id: "i1")
        #expect(pipeline.stats.accepted == 5)
    }
}
