/// A change a coach's reply proposes (seed 004, Journey 2: "AI creates a
/// workout template during conversation"), which the client can accept
/// through the goals API.
public struct CoachProposal: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        case createGoal(CreateGoalRequest)
        case updateGoal(goalId: String, change: UpdateGoalRequest)
    }

    /// What the coach says the change is, for a button ("Add 2 cardio sessions a week").
    public var summary: String
    public var action: Action

    public init(summary: String, action: Action) {
        self.summary = summary
        self.action = action
    }
}

extension CoachProposal: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        summary = try reader.nonEmptyString("summary")
        let type: String = try reader.nonEmptyString("type")
        switch type {
        case "create_goal":
            try reader.rejectUnknownKeys(["type", "summary", "goal"])
            action = .createGoal(try reader.required("goal"))
        case "update_goal":
            try reader.rejectUnknownKeys(["type", "summary", "goal_id", "change"])
            action = .updateGoal(goalId: try reader.nonEmptyString("goal_id"), change: try reader.required("change"))
        default:
            throw WellnessError.validation(
                "must be \"create_goal\" or \"update_goal\", found \(type.echo)",
                at: reader.path(of: "type"))
        }
    }

    public var json: JSONValue {
        switch action {
        case .createGoal(let request):
            return .object(
                JSONObject([
                    ("type", .string("create_goal")), ("summary", .string(summary)),
                    ("goal", request.json),
                ]))
        case .updateGoal(let goalId, let change):
            return .object(
                JSONObject([
                    ("type", .string("update_goal")), ("summary", .string(summary)),
                    ("goal_id", .string(goalId)), ("change", change.json),
                ]))
        }
    }
}
