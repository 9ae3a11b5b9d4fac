/// A fact a generated text may cite: a named number (an aggregate, a trend,
/// a goal's progress) or a named local date.
public struct GroundingFact: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case number(Double)
        case date(CalendarDate)
    }

    public var name: String
    public var value: Value
    /// What the number counts ("steps", "h"); carried, not interpreted.
    public var unit: String?

    public init(name: String, value: Value, unit: String? = nil) {
        self.name = name
        self.value = value
        self.unit = unit
    }

    var number: Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    var date: CalendarDate? {
        if case .date(let date) = value { return date }
        return nil
    }
}

extension GroundingFact: JSONDecodable {
    /// `{"name", "value": number}` or `{"name", "date": "YYYY-MM-DD"}`, with an optional `"unit"`.
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(["name", "value", "date", "unit"])
        name = try reader.nonEmptyString("name")
        unit = try reader.optional("unit")
        let number: Double? = try reader.optional("value")
        let date: CalendarDate? = try reader.optional("date")
        switch (number, date) {
        case (let number?, nil): value = .number(number)
        case (nil, let date?): value = .date(date)
        case (nil, nil): throw WellnessError.validation("needs a \"value\" (a number) or a \"date\"", at: path)
        case (_?, _?): throw WellnessError.validation("has both a \"value\" and a \"date\"; give one", at: path)
        }
    }
}
