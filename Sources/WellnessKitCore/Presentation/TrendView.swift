/// What the Score screen shows for one period (seed 001).
public struct TrendView: Sendable, Equatable, JSONEncodable {
    public let period: TrendPeriod
    public let bucket: TrendBucket

    public init(period: TrendPeriod, bucket: TrendBucket) {
        self.period = period
        self.bucket = bucket
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("period", period.json),
                ("label", bucket.label.json),
                ("formatted_value", bucket.formattedValue.json),
                ("value_color", JSONValue(bucket.valueColor)),
                ("show_chart", bucket.showsChart.json),
                ("message", JSONValue(bucket.message(for: period))),
                ("point_count", (bucket.points?.count ?? 0).json),
            ]))
    }
}

extension TrendView: JSONDecodable {
    /// Reads `{"period": …, "bucket": …}`.
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        period = try reader.required("period")
        bucket = try reader.required("bucket")
    }
}

extension TrendsResponse {
    /// The three periods' views, keyed by period.
    public var views: JSONValue {
        .object(JSONObject(TrendPeriod.allCases.map { ($0.rawValue, TrendView(period: $0, bucket: self[$0]).json) }))
    }
}
