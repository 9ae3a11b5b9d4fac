/// A goal the AI proposes (seed 003).
public struct GoalSuggestion: Sendable, Equatable {
    /// Longest accepted `estimated_duration`, in days (100 years).
    public static let maximumDuration = 36_500

    public var title: String
    public var description: String
    public var goalType: String
    public var targetValue: Double?
    public var targetUnit: String?
    public var rationale: String
    /// Days, 0…``maximumDuration``; nil for an ongoing goal.
    public var estimatedDuration: Int?
    /// 1 (very easy) … 5 (very challenging).
    public var difficulty: Int

    public init(
        title: String, description: String, goalType: String, targetValue: Double? = nil,
        targetUnit: String? = nil, rationale: String, estimatedDuration: Int? = nil, difficulty: Int
    ) {
        self.title = title
        self.description = description
        self.goalType = goalType
        self.targetValue = targetValue
        self.targetUnit = targetUnit
        self.rationale = rationale
        self.estimatedDuration = estimatedDuration
        self.difficulty = difficulty
    }
}

extension GoalSuggestion: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        title = try reader.nonEmptyString("title")
        description = try reader.required("description")
        goalType = try reader.nonEmptyString("goal_type")
        targetValue = try reader.optional("target_value")
        targetUnit = try reader.optional("target_unit")
        rationale = try reader.required("rationale")
        estimatedDuration = try reader.optionalInt("estimated_duration", in: 0...Self.maximumDuration)
        difficulty = try reader.int("difficulty", in: 1...5)
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("title", title.json),
                ("description", description.json),
                ("goal_type", goalType.json),
                ("target_value", JSONValue(targetValue)),
                ("target_unit", JSONValue(targetUnit)),
                ("rationale", rationale.json),
                ("estimated_duration", JSONValue(estimatedDuration)),
                ("difficulty", difficulty.json),
            ]))
    }
}
