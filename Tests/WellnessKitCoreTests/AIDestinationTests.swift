import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct AIDestinationTests {
    @Test func everyKindsJSON() throws {
        let cases: [(AIDestination, String)] = [
            (
                .goalCreation(suggestion: "s", insightId: nil),
                #"{"kind":"goal_creation","suggestion":"s","insight_id":null}"#
            ),
            (
                .consultation(persona: nil, contextType: nil, contextId: nil, title: nil),
                #"{"kind":"consultation","persona":null,"context_type":null,"context_id":null,"title":null}"#
            ),
            (.goalTips(goalId: "g", title: "T"), #"{"kind":"goal_tips","goal_id":"g","title":"T"}"#),
            (.insightDetail(id: "i"), #"{"kind":"insight_detail","id":"i"}"#),
            (.goalDetail(id: "g"), #"{"kind":"goal_detail","id":"g"}"#),
            (.consultationDetail(id: "c"), #"{"kind":"consultation_detail","id":"c"}"#),
            (.insightsList, #"{"kind":"insights_list"}"#),
            (.goalsList, #"{"kind":"goals_list"}"#),
            (.goalSuggestions, #"{"kind":"goal_suggestions"}"#),
            (.consultationsList, #"{"kind":"consultations_list"}"#),
        ]
        for (destination, text) in cases {
            #expect(try JSONWriter.string(destination.json) == text)
        }
    }
}
