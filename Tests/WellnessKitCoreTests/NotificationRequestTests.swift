import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct NotificationRequestTests {
    private func call(_ body: (JSONValue) throws -> JSONValue, _ text: String) throws -> String {
        try JSONWriter.string(try body(JSONParser.parse(text)))
    }

    @Test func newInsightPayload() throws {
        let text = try call(
            NotificationCalls.newInsight, #"{"insight":\#(IntegrationFixtures.insight(suggestions: ["x"]))}"#)
        #expect(
            text
                == #"{"identifier":"insight_i1","title":"New AI Insight","body":"Move more","category":"INSIGHT_CATEGORY","#
                + #""sound":"default","user_info":{"type":"insight","insightId":"i1","hasGoalSuggestion":true},"trigger_seconds":1}"#
        )
        let empty = try call(
            NotificationCalls.newInsight, #"{"insight":\#(IntegrationFixtures.insight(suggestions: []))}"#)
        #expect(empty.contains(#""hasGoalSuggestion":false"#))
    }

    @Test func goalProgressPayload() throws {
        let text = try call(NotificationCalls.goalProgress, #"{"goal":\#(IntegrationFixtures.goal()),"progress":0.5}"#)
        #expect(
            text == #"{"identifier":"goal_progress_g1","title":"Goal Progress Update","#
                + #""body":"Walk 8000 steps is 50% complete! Need tips?","category":"GOAL_PROGRESS_CATEGORY","#
                + #""sound":"default","user_info":{"type":"goal","goalId":"g1"},"trigger_seconds":1}"#)
        #expect(GoalProgress.percent(of: 0.999) == 99)
        #expect(GoalProgress.percent(of: 1000) == 100_000)
        for bad in ["-0.1", "1e300", "\"half\"", "null"] {
            #expect(
                wellnessError {
                    try call(
                        NotificationCalls.goalProgress, #"{"goal":\#(IntegrationFixtures.goal()),"progress":\#(bad)}"#)
                }?
                .path == "progress", "\(bad)")
        }
    }

    @Test func milestonesCrossed() throws {
        #expect(GoalProgress.crossed(from: 0.2, to: 0.25) == [25])
        #expect(GoalProgress.crossed(from: 0.25, to: 0.3) == [])
        #expect(GoalProgress.crossed(from: 0.1, to: 0.8) == [25, 50, 75])
        #expect(GoalProgress.crossed(from: 0.9, to: 1.2) == [100])
        #expect(GoalProgress.crossed(from: 0.8, to: 0.3) == [])
        let text = try call(
            NotificationCalls.progressMilestone,
            #"{"goal":\#(IntegrationFixtures.goal()),"previous_progress":0.1,"progress":0.8}"#)
        #expect(
            text.hasPrefix(
                #"{"crossed":[25,50,75],"milestone":75,"percent":80,"notification":{"identifier":"goal_progress_g1""#))
        let none = try call(
            NotificationCalls.progressMilestone,
            #"{"goal":\#(IntegrationFixtures.goal()),"previous_progress":0.3,"progress":0.4}"#)
        #expect(none == #"{"crossed":[],"milestone":null,"percent":40,"notification":null}"#)
    }

    @Test func responsesRoute() throws {
        func route(_ action: String, _ info: String) throws -> String {
            try call(NotificationCalls.response, #"{"action":"\#(action)","user_info":\#(info)}"#)
        }
        let insightInfo = #"{"type":"insight","insightId":"i1","hasGoalSuggestion":true}"#
        let goalInfo = #"{"type":"goal","goalId":"g1"}"#
        #expect(
            try route("CREATE_GOAL", insightInfo).contains(
                #""destination":{"kind":"goal_creation","suggestion":null,"insight_id":"i1"}"#))
        #expect(try route("CREATE_GOAL", insightInfo).contains(#""url":"fitiq://insights?id=i1""#))
        #expect(
            try route("DISCUSS_INSIGHT", insightInfo)
                .contains(#""url":"fitiq://chat/new?persona=wellnessSpecialist&context=insight&contextId=i1""#))
        #expect(try route("GET_TIPS", goalInfo).contains(#""url":"fitiq://goals?id=g1&action=tips""#))
        #expect(try route("CHAT_GOAL", goalInfo).contains(#""url":"fitiq://goals?id=g1&action=chat""#))
        #expect(
            try route("com.apple.UNNotificationDefaultActionIdentifier", goalInfo).contains(
                #""url":"fitiq://goals?id=g1""#))
        #expect(try route("open", insightInfo).contains(#""identifier":"insight_i1""#))
        let nothing = #"{"action":"GET_TIPS","link":null,"url":null,"destination":null}"#
        #expect(try route("GET_TIPS", insightInfo) == nothing)
        #expect(try route("GET_TIPS", #"{"goalId":7}"#) == nothing)
        #expect(try route("SNOOZE", goalInfo).contains(#""link":null"#))
        #expect(wellnessError { try route("GET_TIPS", "[]") }?.path == "user_info")
        #expect(wellnessError { try call(NotificationCalls.response, #"{"action":"GET_TIPS"}"#) }?.path == "user_info")
    }

    @Test func categories() throws {
        let text = try call(NotificationCalls.categories, "{}")
        #expect(
            text.contains(
                #"{"identifier":"INSIGHT_CATEGORY","actions":[{"identifier":"CREATE_GOAL","title":"Create Goal","options":["foreground"]},{"identifier":"DISCUSS_INSIGHT""#
            ))
        #expect(
            text.contains(
                #"{"identifier":"GOAL_PROGRESS_CATEGORY","actions":[{"identifier":"GET_TIPS","title":"Get Tips""#))
        #expect(wellnessError { try call(NotificationCalls.categories, #"{"x":1}"#) }?.path == "x")
    }
}
