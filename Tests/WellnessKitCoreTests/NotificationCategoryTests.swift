import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct NotificationCategoryTests {
    @Test func theSeedsTwoCategories() {
        #expect(NotificationCategory.all.map(\.identifier) == ["INSIGHT_CATEGORY", "GOAL_PROGRESS_CATEGORY"])
        #expect(
            NotificationCategory.all.map { $0.actions.map(\.identifier) }
                == [["CREATE_GOAL", "DISCUSS_INSIGHT"], ["GET_TIPS", "CHAT_GOAL"]])
        #expect(
            NotificationCategory.all.map { $0.actions.map(\.title) }
                == [["Create Goal", "Discuss with AI"], ["Get Tips", "Chat with Coach"]])
        #expect(NotificationCategory.all.allSatisfy { $0.actions.allSatisfy { $0.options == ["foreground"] } })
    }
}
