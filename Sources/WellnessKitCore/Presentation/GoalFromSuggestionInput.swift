/// The input of "create a goal from a suggestion":
/// `{"suggestion": …, "now": timestamp?, "time_zone": IANA name?, "insight_id": id?}`.
public struct GoalFromSuggestionInput: Sendable {
    public let suggestion: GoalSuggestion
    public let now: Timestamp
    public let timeZone: TimeZoneRules
    /// The insight the goal is created from (seed 004, "Create Goal" on an
    /// insight), for its `insight_action` createdGoal event.
    public let insightId: String?

    /// The request this input yields.
    /// - Throws: a validation error at `suggestion.estimated_duration` when
    ///   the target date falls beyond year 9999.
    public func request() throws -> CreateGoalRequest {
        guard let request = CreateGoalRequest.from(suggestion: suggestion, now: now, timeZone: timeZone) else {
            throw WellnessError.validation(
                "puts the target date beyond year 9999",
                at: FieldPath.root.appending("suggestion").appending("estimated_duration"))
        }
        return request
    }
}

extension GoalFromSuggestionInput: JSONDecodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        suggestion = try reader.required("suggestion")
        now = try reader.optional("now") ?? Timestamp.now()
        timeZone = try TimeZoneRules.named(by: "time_zone", in: reader)
        insightId = reader.object["insight_id"] == nil ? nil : try reader.nonEmptyString("insight_id")
    }
}
