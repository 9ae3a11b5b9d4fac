import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct ContextualActionTests {
    private func titles(_ context: String, _ surface: ActionSurface = .quickActions) throws -> [String] {
        try IntegrationFixtures.context(context).actions(on: surface).map(\.title)
    }

    @Test func createGoalOnlyForActionableSuggestions() throws {
        #expect(
            try titles(#"{"insight":\#(IntegrationFixtures.insight(suggestions: ["Set a target of 8000"]))}"#)
                == ["Discuss with AI", "Create Goal"])
        #expect(
            try titles(#"{"insight":\#(IntegrationFixtures.insight(suggestions: ["Sleep more"]))}"#) == [
                "Discuss with AI"
            ])
        #expect(try titles(#"{"insight":\#(IntegrationFixtures.insight())}"#) == ["Discuss with AI"])
        // Case-sensitive, as the seed's `contains`.
        #expect(
            try titles(#"{"insight":\#(IntegrationFixtures.insight(suggestions: ["New Goal"]))}"#) == [
                "Discuss with AI"
            ])
    }

    @Test func surfacesUseTheSeedsLabels() throws {
        let insight = #"{"insight":\#(IntegrationFixtures.insight(suggestions: ["a goal"]))}"#
        let detail = try IntegrationFixtures.context(insight).actions(on: .detail)
        #expect(detail.map(\.title) == ["Discuss with AI Coach", "Create Goal"])
        #expect(detail.map(\.icon) == ["bubble.left.and.bubble.right", "target"])
        #expect(detail.map(\.prominent) == [true, false])
        let goal = #"{"goal":\#(IntegrationFixtures.goal())}"#
        #expect(try titles(goal) == ["Get AI Tips", "Chat with Coach"])
        #expect(try titles(goal, .notification) == ["Get Tips", "Chat with Coach"])
        let quick = try IntegrationFixtures.context(goal).actions(on: .quickActions)
        #expect(quick.map(\.icon) == ["lightbulb.fill", "message.fill"])
        #expect(quick.map(\.color) == [.orange, .purple])
        #expect(
            try titles(#"{"consultation":\#(IntegrationFixtures.consultation())}"#) == ["View Insights", "My Goals"])
    }

    @Test func actionsAgreeWithTheNotificationCategories() throws {
        let insight = try IntegrationFixtures.context(
            #"{"insight":\#(IntegrationFixtures.insight(suggestions: ["goal"]))}"#)
        let goal = try IntegrationFixtures.context(#"{"goal":\#(IntegrationFixtures.goal())}"#)
        for (context, category) in [(insight, NotificationCategory.all[0]), (goal, NotificationCategory.all[1])] {
            let actions = context.actions(on: .notification)
            for action in category.actions {
                let match = actions.first { $0.notificationAction == action.identifier }
                #expect(match?.title == action.title, "\(action.identifier)")
            }
        }
    }

    @Test func everyActionLeadsWhereItsIntentDoes() throws {
        for text in [
            #"{"insight":\#(IntegrationFixtures.insight(suggestions: ["goal"]))}"#,
            #"{"goal":\#(IntegrationFixtures.goal())}"#, #"{"consultation":\#(IntegrationFixtures.consultation())}"#,
        ] {
            let context = try IntegrationFixtures.context(text)
            for action in context.actions(on: .quickActions) {
                #expect(action.destination != nil)
                #expect(action.destination == (try context.destination(for: action.intent, at: .root)))
            }
        }
    }
}
