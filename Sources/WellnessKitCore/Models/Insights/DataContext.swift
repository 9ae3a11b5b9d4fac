/// What an insight was derived from (seed 000).
public struct DataContext: Sendable, Equatable {
    public var dateRange: DateRange?
    public var metrics: MetricsSummary?
    public var goals: [String]?
    public var achievements: [String]?

    public init(
        dateRange: DateRange? = nil, metrics: MetricsSummary? = nil,
        goals: [String]? = nil, achievements: [String]? = nil
    ) {
        self.dateRange = dateRange
        self.metrics = metrics
        self.goals = goals
        self.achievements = achievements
    }
}

extension DataContext: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        dateRange = try reader.optional("date_range")
        metrics = try reader.optional("metrics")
        goals = try reader.optional("goals")
        achievements = try reader.optional("achievements")
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("date_range", JSONValue(dateRange)),
                ("metrics", JSONValue(metrics)),
                ("goals", JSONValue(goals)),
                ("achievements", JSONValue(achievements)),
            ]))
    }
}
