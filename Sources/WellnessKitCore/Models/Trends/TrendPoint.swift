/// One day's biological age on a trend chart (seed 001).
public struct TrendPoint: Sendable, Equatable {
    public var date: CalendarDate
    public var biologicalAge: Double

    public init(date: CalendarDate, biologicalAge: Double) {
        self.date = date
        self.biologicalAge = biologicalAge
    }
}

extension TrendPoint: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        date = try reader.required("date")
        // Seed 001 spells this key in camelCase; accept the snake_case
        // spelling too, since every other key on the wire is snake_case.
        if reader.object["biologicalAge"] == nil || reader.object["biologicalAge"] == .null,
            reader.object["biological_age"] != nil
        {
            biologicalAge = try reader.required("biological_age")
        } else {
            biologicalAge = try reader.required("biologicalAge")
        }
    }

    public var json: JSONValue {
        .object(JSONObject([("date", date.json), ("biologicalAge", biologicalAge.json)]))
    }
}
