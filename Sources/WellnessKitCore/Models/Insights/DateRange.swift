/// The period an insight covers (seed 000).
public struct DateRange: Sendable, Equatable {
    public var startDate: Timestamp
    /// Not before `startDate`.
    public var endDate: Timestamp

    public init(startDate: Timestamp, endDate: Timestamp) {
        self.startDate = startDate
        self.endDate = endDate
    }
}

extension DateRange: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        startDate = try reader.required("start_date")
        endDate = try reader.required("end_date")
        if endDate < startDate {
            throw WellnessError.validation("must not be before start_date", at: reader.path(of: "end_date"))
        }
    }

    public var json: JSONValue {
        .object(JSONObject([("start_date", startDate.json), ("end_date", endDate.json)]))
    }
}
