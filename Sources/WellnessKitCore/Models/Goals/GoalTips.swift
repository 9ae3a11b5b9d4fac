/// The `data` of `GET /goals/{id}/tips` (seed 003).
public struct GoalTips: Sendable, Equatable {
    public var tips: [GoalTip]
    public var goalId: String
    public var goalTitle: String

    public init(tips: [GoalTip], goalId: String, goalTitle: String) {
        self.tips = tips
        self.goalId = goalId
        self.goalTitle = goalTitle
    }

    /// Always the number of tips; written to the wire as `count`.
    public var count: Int { tips.count }
}

extension GoalTips: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        tips = try reader.required("tips")
        goalId = try reader.nonEmptyString("goal_id")
        goalTitle = try reader.required("goal_title")
        let count: Int = try reader.required("count")
        if count != tips.count {
            throw WellnessError.validation("is \(count) but there are \(tips.count) tips", at: reader.path(of: "count"))
        }
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("tips", tips.json),
                ("goal_id", goalId.json),
                ("goal_title", goalTitle.json),
                ("count", count.json),
            ]))
    }
}
