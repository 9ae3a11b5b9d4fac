/// One page of insights: the `data` of the list response (seed 000).
public struct InsightsPage: Sendable, Equatable {
    public var insights: [Insight]
    public var pagination: Pagination

    public init(insights: [Insight], pagination: Pagination) {
        self.insights = insights
        self.pagination = pagination
    }
}

extension InsightsPage: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        insights = try reader.required("insights")
        pagination = try reader.required("pagination")
    }

    public var json: JSONValue {
        .object(JSONObject([("insights", insights.json), ("pagination", pagination.json)]))
    }
}
