/// `{"goals": [...], "pagination": {...}}`.
public struct GoalsPage: JSONCodable, Sendable, Equatable {
    public var goals: [Goal]
    public var pagination: Pagination

    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        goals = try reader.required("goals")
        pagination = try reader.required("pagination")
    }

    public var json: JSONValue { .object(JSONObject([("goals", goals.json), ("pagination", pagination.json)])) }
}
