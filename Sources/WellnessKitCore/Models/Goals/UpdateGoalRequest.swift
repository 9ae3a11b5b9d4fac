/// The body of `PATCH /goals/{id}` (seed 004, Journey 1): progress as a value
/// toward the target, or as a fraction of it, and the status; only what changes.
public struct UpdateGoalRequest: Sendable, Equatable {
    /// The value reached, in the goal's unit.
    public var currentValue: Double?
    /// The fraction of the target reached (0.5 is 50 %); a goal without a
    /// target value is then tracked in percent.
    public var progress: Double?
    public var status: GoalStatus?
    /// A new target value (a coach's adjusted target, Journey 2).
    public var targetValue: Double?

    public init(
        currentValue: Double? = nil, progress: Double? = nil, status: GoalStatus? = nil, targetValue: Double? = nil
    ) {
        self.currentValue = currentValue
        self.progress = progress
        self.status = status
        self.targetValue = targetValue
    }
}

extension UpdateGoalRequest: JSONCodable {
    /// The largest value accepted: far beyond any goal, and exact in a Double.
    static let maximumValue = 1e12

    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(["current_value", "progress", "status", "target_value"])
        for key in ["current_value", "progress", "status", "target_value"] where reader.object[key] == .null {
            throw WellnessError.validation(
                "must not be null; leave it out to keep it unchanged", at: reader.path(of: key))
        }
        currentValue = try reader.optionalDouble("current_value", in: 0...Self.maximumValue)
        progress = reader.object["progress"] == nil ? nil : try GoalProgress.read("progress", from: reader)
        status = try reader.optional("status")
        targetValue = try reader.optionalDouble("target_value", in: 0...Self.maximumValue)
        if targetValue == 0 {
            throw WellnessError.validation("must be greater than 0", at: reader.path(of: "target_value"))
        }
        if currentValue != nil, progress != nil {
            throw WellnessError.validation("give current_value or progress, not both", at: reader.path(of: "progress"))
        }
        if currentValue == nil, progress == nil, status == nil, targetValue == nil {
            throw WellnessError.validation(
                "needs at least one of current_value, progress, status, target_value", at: path)
        }
    }

    /// Absent fields are omitted, so a PATCH changes only what it names.
    public var json: JSONValue {
        var object = JSONObject()
        if let currentValue { object.append("current_value", currentValue.json) }
        if let progress { object.append("progress", progress.json) }
        if let status { object.append("status", status.json) }
        if let targetValue { object.append("target_value", targetValue.json) }
        return .object(object)
    }
}
