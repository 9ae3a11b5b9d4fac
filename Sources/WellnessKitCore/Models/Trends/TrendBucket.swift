/// One period's trend (seed 001).
public struct TrendBucket: Sendable, Equatable {
    /// Change in biological age over the period, in years; nil when unknown.
    public var value: Double?
    public var available: Bool
    /// Present for yearly only, when fewer than 365 entries exist.
    public var projection: Bool?
    /// Days with entries, in date order; never fabricated.
    public var points: [TrendPoint]?

    public init(value: Double?, available: Bool, projection: Bool? = nil, points: [TrendPoint]? = nil) {
        self.value = value
        self.available = available
        self.projection = projection
        self.points = points
    }
}

extension TrendBucket: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        value = try reader.optional("value")
        available = try reader.required("available")
        projection = try reader.optional("projection")
        points = try reader.optional("points", as: [TrendPoint].self).map {
            try TrendBucket.sortedByDate($0, at: reader.path(of: "points"))
        }
    }

    /// Points in date order; two points on one day are an error, naming the later one.
    private static func sortedByDate(_ points: [TrendPoint], at path: FieldPath) throws -> [TrendPoint] {
        let order = points.indices.sorted { (points[$0].date, $0) < (points[$1].date, $1) }
        for (previous, next) in zip(order, order.dropFirst()) where points[previous].date == points[next].date {
            throw WellnessError.validation(
                "\(points[next].date) already has a point at index \(previous)", at: path.appending(index: next))
        }
        return order.map { points[$0] }
    }

    /// `projection` and `points` appear only when present, as in seed 001.
    public var json: JSONValue {
        var object = JSONObject([("value", JSONValue(value)), ("available", available.json)])
        if let projection { object.append("projection", projection.json) }
        if let points { object.append("points", points.json) }
        return .object(object)
    }
}
