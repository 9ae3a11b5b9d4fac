/// `GET /api/longevity/trends` (seed 001).
public struct TrendsResponse: Sendable, Equatable {
    public var weekly: TrendBucket
    public var monthly: TrendBucket
    public var yearly: TrendBucket

    public init(weekly: TrendBucket, monthly: TrendBucket, yearly: TrendBucket) {
        self.weekly = weekly
        self.monthly = monthly
        self.yearly = yearly
    }

    /// The bucket of one period.
    public subscript(period: TrendPeriod) -> TrendBucket {
        switch period {
        case .weekly: return weekly
        case .monthly: return monthly
        case .yearly: return yearly
        }
    }
}

extension TrendsResponse: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        weekly = try reader.required("weekly")
        monthly = try reader.required("monthly")
        yearly = try reader.required("yearly")
    }

    public var json: JSONValue {
        .object(JSONObject([("weekly", weekly.json), ("monthly", monthly.json), ("yearly", yearly.json)]))
    }
}
