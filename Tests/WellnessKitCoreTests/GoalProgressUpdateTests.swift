import Testing
import WellnessTestSupport

@testable import WellnessKitCore

/// Journey 1's progress updates and Journey 2's coach proposals, as models.
@Suite struct GoalProgressUpdateTests {
    static let goal =
        #"{"id":"g1","user_id":"u1","title":"Walk","goal_type":"activity","target_value":10000,"current_value":2000,"start_date":"2025-01-01","is_recurring":false,"status":"active","created_at":"2025-01-01T00:00:00Z","updated_at":"2025-01-01T00:00:00Z"}"#

    @Test func updatesNameWhatChangesAndRefuseNonsense() throws {
        let request = try UpdateGoalRequest(json: JSONParser.parse(#"{"progress":0.5,"status":"active"}"#))
        #expect(request.progress == 0.5 && request.status == .active && request.currentValue == nil)
        #expect(request.json == (try JSONParser.parse(#"{"progress":0.5,"status":"active"}"#)))
        for bad in [
            #"{}"#, #"{"progress":0.5,"current_value":3}"#, #"{"progress":-1}"#, #"{"current_value":null}"#,
            #"{"status":"won"}"#, #"{"target_value":0}"#, #"{"current_value":1e300}"#, #"{"colour":"red"}"#,
        ] {
            #expect(throws: WellnessError.self, "\(bad)") { try UpdateGoalRequest(json: JSONParser.parse(bad)) }
        }
    }

    @Test func anUpdateReportsTheMilestonesItCrossedAndItsNotification() throws {
        let before = try Goal(json: JSONParser.parse(Self.goal))
        var after = before
        after.currentValue = 7600
        let update = GoalUpdate(previous: before, goal: after)
        #expect(update.milestones == [25, 50, 75])
        #expect(update.notification?.body == "Walk is 76% complete! Need tips?")
        var backwards = after
        backwards.currentValue = 100
        #expect(GoalUpdate(previous: after, goal: backwards).milestones.isEmpty)
        var targetless = before
        targetless.targetValue = nil
        #expect(GoalUpdate(previous: targetless, goal: targetless).notification == nil)
    }

    @Test func proposalsRoundTripAndNameTheirType() throws {
        let create =
            #"{"type":"create_goal","summary":"Add cardio","goal":{"title":"Cardio 3x a week","goal_type":"activity","start_date":"2025-01-01","is_recurring":true}}"#
        let proposal = try CoachProposal(json: JSONParser.parse(create))
        guard case .createGoal(let request) = proposal.action else {
            Issue.record("a create_goal proposal")
            return
        }
        #expect(request.title == "Cardio 3x a week")
        #expect(try CoachProposal(json: proposal.json) == proposal)
        let update = try CoachProposal(
            json: JSONParser.parse(
                #"{"type":"update_goal","summary":"Aim lower","goal_id":"g1","change":{"target_value":8000}}"#))
        #expect(try CoachProposal(json: update.json) == update)
        let error = #expect(throws: WellnessError.self) {
            try CoachProposal(json: JSONParser.parse(#"{"type":"delete_everything","summary":"x"}"#))
        }
        #expect(error?.path == "type")
    }
}
