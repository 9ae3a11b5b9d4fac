import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct DestinationRequestTests {
    private func destination(_ text: String) throws -> String {
        try JSONWriter.string(try decode(DestinationRequest.self, text).resultJSON())
    }

    @Test func insightToGoalCreationTakesTheFirstSuggestion() throws {
        let insight = IntegrationFixtures.insight(suggestions: ["Try a goal of 3 runs", "Sleep more"])
        let result = try destination(#"{"insight":\#(insight),"intent":"create_goal"}"#)
        #expect(
            result.contains(
                #""destination":{"kind":"goal_creation","suggestion":"Try a goal of 3 runs","insight_id":"i1"}"#))
    }

    @Test func insightWithoutSuggestionsGoesNowhere() throws {
        for suggestions in [nil, [String]()] {
            let insight = IntegrationFixtures.insight(suggestions: suggestions)
            #expect(
                try destination(#"{"insight":\#(insight),"intent":"create_goal"}"#).hasSuffix(#""destination":null}"#))
        }
    }

    @Test func discussingUsesTheSeedsPersonas() throws {
        let insight = try destination(#"{"insight":\#(IntegrationFixtures.insight()),"intent":"discuss"}"#)
        #expect(
            insight.contains(
                #"{"kind":"consultation","persona":"wellness_specialist","context_type":"insight","context_id":"i1","title":"Move more"}"#
            ))
        let goal = try destination(#"{"goal":\#(IntegrationFixtures.goal()),"intent":"discuss"}"#)
        #expect(
            goal.contains(
                #"{"kind":"consultation","persona":"general_wellness","context_type":"goal","context_id":"g1","title":"Walk 8000 steps"}"#
            ))
    }

    @Test func goalTipsAndDetails() throws {
        #expect(
            try destination(#"{"goal":\#(IntegrationFixtures.goal()),"intent":"tips"}"#)
                .contains(#"{"kind":"goal_tips","goal_id":"g1","title":"Walk 8000 steps"}"#))
        #expect(
            try destination(#"{"insight":\#(IntegrationFixtures.insight()),"intent":"detail"}"#)
                .contains(#"{"kind":"insight_detail","id":"i1"}"#))
        #expect(
            try destination(#"{"consultation":\#(IntegrationFixtures.consultation()),"intent":"my_goals"}"#)
                .contains(#"{"kind":"goals_list"}"#))
    }

    @Test func badContextsAreValidationErrorsWithAPath() {
        let cases: [(String, String)] = [
            (#"{"intent":"discuss"}"#, "insight"),
            (#"{"insight":null,"intent":"discuss"}"#, "insight"),
            (#"{"insight":{"id":"i1"},"intent":"discuss"}"#, "insight.user_id"),
            (
                #"{"goal":\#(IntegrationFixtures.goal()),"insight":\#(IntegrationFixtures.insight()),"intent":"discuss"}"#,
                "goal"
            ),
            (#"{"goal":\#(IntegrationFixtures.goal())}"#, "intent"),
            (#"{"goal":\#(IntegrationFixtures.goal()),"intent":"create_goal"}"#, "intent"),
            (#"{"goal":\#(IntegrationFixtures.goal()),"intent":"fly"}"#, "intent"),
            (#"{"goal":\#(IntegrationFixtures.goal()),"intent":"tips","intnet":1}"#, "intnet"),
            (#"{"goal":[],"intent":"tips"}"#, "goal"),
        ]
        for (text, path) in cases {
            let error = wellnessError { try destination(text) }
            #expect(error?.kind == .validation, "\(text)")
            #expect(error?.path == path, "\(text): \(String(describing: error))")
        }
    }
}
