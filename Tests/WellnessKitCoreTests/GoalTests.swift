import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct GoalTests {
    static let goal = """
        {"id":"g1","user_id":"u1","title":"Walk","goal_type":"activity","start_date":"2025-01-01",
         "target_date":"2025-02-01T00:00:00+01:00","is_recurring":false,"status":"active",
         "created_at":"2025-01-01T00:00:00Z","updated_at":"2025-01-01T00:00:00Z"}
        """

    @Test func datesKeepTheirForm() throws {
        let text = try canonical(try decode(Goal.self, Self.goal))
        #expect(text.contains(#""start_date":"2025-01-01","target_date":"2025-01-31T23:00:00Z""#))
    }

    @Test func statusAndDatesAreValidated() {
        let paused = Self.goal.replacingOccurrences(of: "active", with: "sleeping")
        #expect(wellnessError { try decode(Goal.self, paused) }?.path == "status")
        let badDate = Self.goal.replacingOccurrences(of: "2025-02-01T00:00:00+01:00", with: "2024-13-31")
        #expect(wellnessError { try decode(CreateGoalRequest.self, badDate) }?.path == "target_date")
    }
}
