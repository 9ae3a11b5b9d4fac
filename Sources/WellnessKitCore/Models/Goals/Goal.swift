/// A goal as the Goals API returns it.
///
/// The seeds use `Goal` (id, title, goal type, status) without defining it;
/// this is the create request's fields plus identity, progress and status.
public struct Goal: Sendable, Equatable {
    public var id: String
    public var userId: String
    public var title: String
    public var description: String?
    public var goalType: String
    public var targetValue: Double?
    public var targetUnit: String?
    public var currentValue: Double?
    public var startDate: GoalDate
    public var targetDate: GoalDate?
    public var isRecurring: Bool
    public var frequency: String?
    public var status: GoalStatus
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(
        id: String, userId: String, title: String, description: String? = nil, goalType: String,
        targetValue: Double? = nil, targetUnit: String? = nil, currentValue: Double? = nil,
        startDate: GoalDate, targetDate: GoalDate? = nil, isRecurring: Bool = false,
        frequency: String? = nil, status: GoalStatus = .active, createdAt: Timestamp, updatedAt: Timestamp
    ) {
        self.id = id
        self.userId = userId
        self.title = title
        self.description = description
        self.goalType = goalType
        self.targetValue = targetValue
        self.targetUnit = targetUnit
        self.currentValue = currentValue
        self.startDate = startDate
        self.targetDate = targetDate
        self.isRecurring = isRecurring
        self.frequency = frequency
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension Goal: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        id = try reader.nonEmptyString("id")
        userId = try reader.nonEmptyString("user_id")
        title = try reader.nonEmptyString("title")
        description = try reader.optional("description")
        goalType = try reader.nonEmptyString("goal_type")
        targetValue = try reader.optional("target_value")
        targetUnit = try reader.optional("target_unit")
        currentValue = try reader.optional("current_value")
        startDate = try reader.required("start_date")
        targetDate = try reader.optional("target_date")
        isRecurring = try reader.required("is_recurring")
        frequency = try reader.optional("frequency")
        status = try reader.required("status")
        createdAt = try reader.required("created_at")
        updatedAt = try reader.required("updated_at")
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("id", id.json),
                ("user_id", userId.json),
                ("title", title.json),
                ("description", JSONValue(description)),
                ("goal_type", goalType.json),
                ("target_value", JSONValue(targetValue)),
                ("target_unit", JSONValue(targetUnit)),
                ("current_value", JSONValue(currentValue)),
                ("start_date", startDate.json),
                ("target_date", JSONValue(targetDate)),
                ("is_recurring", isRecurring.json),
                ("frequency", JSONValue(frequency)),
                ("status", status.json),
                ("created_at", createdAt.json),
                ("updated_at", updatedAt.json),
            ]))
    }
}
