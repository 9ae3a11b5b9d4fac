/// The `data` of `POST /goals/suggestions` (seed 003).
public struct GoalSuggestions: Sendable, Equatable {
    public var suggestions: [GoalSuggestion]

    public init(suggestions: [GoalSuggestion]) {
        self.suggestions = suggestions
    }

    /// Always the number of suggestions; written to the wire as `count`.
    public var count: Int { suggestions.count }
}

extension GoalSuggestions: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        suggestions = try reader.required("suggestions")
        let count: Int = try reader.required("count")
        if count != suggestions.count {
            throw WellnessError.validation(
                "is \(count) but there are \(suggestions.count) suggestions",
                at: reader.path(of: "count"))
        }
    }

    public var json: JSONValue {
        .object(JSONObject([("suggestions", suggestions.json), ("count", count.json)]))
    }
}
