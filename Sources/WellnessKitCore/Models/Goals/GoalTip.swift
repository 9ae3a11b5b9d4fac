/// One actionable tip for a goal (seed 003).
public struct GoalTip: Sendable, Equatable {
    public var tip: String
    /// nutrition, exercise, sleep, mindset, habit, or anything else.
    public var category: String?
    /// high, medium, low, or anything else.
    public var priority: String?

    public init(tip: String, category: String? = nil, priority: String? = nil) {
        self.tip = tip
        self.category = category
        self.priority = priority
    }
}

extension GoalTip: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        tip = try reader.nonEmptyString("tip")
        category = try reader.optional("category")
        priority = try reader.optional("priority")
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("tip", tip.json),
                ("category", JSONValue(category)),
                ("priority", JSONValue(priority)),
            ]))
    }
}
