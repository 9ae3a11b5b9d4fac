/// The body of `POST /goals` (seed 003).
public struct CreateGoalRequest: Sendable, Equatable {
    public var title: String
    public var description: String?
    public var goalType: String
    public var targetValue: Double?
    public var targetUnit: String?
    public var startDate: GoalDate
    public var targetDate: GoalDate?
    public var isRecurring: Bool
    public var frequency: String?

    public init(
        title: String, description: String? = nil, goalType: String, targetValue: Double? = nil,
        targetUnit: String? = nil, startDate: GoalDate, targetDate: GoalDate? = nil,
        isRecurring: Bool = false, frequency: String? = nil
    ) {
        self.title = title
        self.description = description
        self.goalType = goalType
        self.targetValue = targetValue
        self.targetUnit = targetUnit
        self.startDate = startDate
        self.targetDate = targetDate
        self.isRecurring = isRecurring
        self.frequency = frequency
    }
}

extension CreateGoalRequest: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        title = try reader.nonEmptyString("title")
        description = try reader.optional("description")
        goalType = try reader.nonEmptyString("goal_type")
        targetValue = try reader.optional("target_value")
        targetUnit = try reader.optional("target_unit")
        startDate = try reader.required("start_date")
        targetDate = try reader.optional("target_date")
        isRecurring = try reader.required("is_recurring")
        frequency = try reader.optional("frequency")
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("title", title.json),
                ("description", JSONValue(description)),
                ("goal_type", goalType.json),
                ("target_value", JSONValue(targetValue)),
                ("target_unit", JSONValue(targetUnit)),
                ("start_date", startDate.json),
                ("target_date", JSONValue(targetDate)),
                ("is_recurring", isRecurring.json),
                ("frequency", JSONValue(frequency)),
            ]))
    }
}
