import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct AnalyticsEventTests {
    private func event(_ text: String) throws -> String {
        try JSONWriter.string(
            AnalyticsEvent(
                json: JSONParser.parse(text), at: .root,
                defaultTimestamp: Timestamp(seconds: 1_736_937_000)
            ).json)
    }

    @Test func eachEventWithTheSeedsParameters() throws {
        #expect(
            try event(
                #"{"name":"ai_feature_transition","parameters":{"from_feature":"insights","to_feature":"goals"}}"#)
                == #"{"name":"ai_feature_transition","parameters":{"from_feature":"insights","to_feature":"goals","context":"none","timestamp":"2025-01-15T10:30:00Z"}}"#
        )
        #expect(
            try event(
                #"{"name":"insight_action","parameters":{"insight_id":"i1","action":"discussedWithAI","timestamp":"2025-01-15T12:30:00+02:00"}}"#
            )
                == #"{"name":"insight_action","parameters":{"insight_id":"i1","action":"discussedWithAI","timestamp":"2025-01-15T10:30:00Z"}}"#
        )
        #expect(
            try event(#"{"name":"goal_ai_usage","parameters":{"goal_id":"g1","feature":"tips"},"user_id":"u1"}"#)
                == #"{"name":"goal_ai_usage","parameters":{"goal_id":"g1","feature":"tips","timestamp":"2025-01-15T10:30:00Z"},"user_id":"u1"}"#
        )
        #expect(
            try event(
                #"{"name":"consultation_started","parameters":{"persona":"wellnessSpecialist","context_type":"insight","context_id":"i1"}}"#
            )
                == #"{"name":"consultation_started","parameters":{"persona":"wellness_specialist","context_type":"insight","context_id":"i1","timestamp":"2025-01-15T10:30:00Z"}}"#
        )
        #expect(
            try event(
                #"{"name":"consultation_started","parameters":{"persona":"nutritionist","context_type":"general"}}"#
            )
            .contains(#""context_id":"none""#))
    }

    @Test func invalidEventsNameTheField() {
        let cases: [(String, String)] = [
            (#"{"name":"page_view","parameters":{}}"#, "name"),
            (#"{"parameters":{}}"#, "name"),
            (#"{"name":"insight_action","parameters":{"insight_id":"i1","action":"liked"}}"#, "parameters.action"),
            (#"{"name":"insight_action","parameters":{"insight_id":"","action":"viewed"}}"#, "parameters.insight_id"),
            (#"{"name":"insight_action","parameters":{"insightId":"i1","action":"viewed"}}"#, "parameters.insightId"),
            (
                #"{"name":"goal_ai_usage","parameters":{"goal_id":"g","feature":"tips","timestamp":"yesterday"}}"#,
                "parameters.timestamp"
            ),
            (
                #"{"name":"ai_feature_transition","parameters":{"from_feature":"chat","to_feature":"goals"}}"#,
                "parameters.from_feature"
            ),
            (#"{"name":"ai_feature_transition","parameters":[]}"#, "parameters"),
            (#"{"name":"goal_ai_usage","parameters":{"goal_id":"g","feature":"tips"},"user":"u"}"#, "user"),
        ]
        for (text, path) in cases {
            #expect(wellnessError { try event(text) }?.path == path, "\(text)")
        }
        let logged = wellnessError {
            try AnalyticsEvent(
                json: JSONParser.parse(#"{"name":"goal_ai_usage","parameters":{"goal_id":"g","feature":"tips"}}"#),
                at: .root, defaultTimestamp: nil)
        }
        #expect(logged?.path == "parameters.timestamp")
    }
}
