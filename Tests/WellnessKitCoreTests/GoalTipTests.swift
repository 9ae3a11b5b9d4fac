import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct GoalTipTests {
    @Test(arguments: [
        ("high", 3, DisplayColor.red), ("Medium", 2, .orange), ("LOW", 1, .green), ("urgent", 2, .orange),
    ])
    func priority(_ priority: String, _ level: Int, _ colour: DisplayColor) {
        let tip = GoalTip(tip: "t", priority: priority)
        #expect(tip.priorityLevel == level)
        #expect(tip.priorityColor == colour)
    }

    @Test func categoryIconsAndLabels() {
        let icons = ["nutrition", "Exercise", "sleep", "mindset", "habit", "social"].map {
            GoalTip(tip: "t", category: $0).categoryIcon
        }
        #expect(
            icons == ["fork.knife", "figure.run", "bed.double.fill", "brain.head.profile", "repeat", "lightbulb.fill"])
        #expect(GoalTip(tip: "t").categoryIcon == "lightbulb.fill")
        #expect(GoalTip(tip: "t", category: "nutrition", priority: "high").categoryLabel == "Nutrition")
        #expect(GoalTip(tip: "t").priorityLabel == nil)
    }

    @Test func tipsEnvelopeValidatesGoalAndCount() {
        let good = #"{"success":true,"data":{"tips":[{"tip":"a"}],"goal_id":"g1","goal_title":"Walk","count":1}}"#
        #expect(wellnessError { try decode(Envelope<GoalTips>.self, good) } == nil)
        let emptyTip = good.replacingOccurrences(of: #""tip":"a""#, with: #""tip":"""#)
        #expect(wellnessError { try decode(Envelope<GoalTips>.self, emptyTip) }?.path == "data.tips[0].tip")
    }
}
