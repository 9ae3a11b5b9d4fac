/// `{"workouts": [...], "pagination": {...}}`: one page of `GET /api/v1/workouts`, oldest first.
public struct WorkoutsPage: JSONCodable, Sendable, Equatable {
    public var workouts: [WorkoutRecord]
    public var pagination: Pagination

    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        workouts = try reader.required("workouts")
        pagination = try reader.required("pagination")
    }

    public var json: JSONValue { .object(JSONObject([("workouts", workouts.json), ("pagination", pagination.json)])) }
}
