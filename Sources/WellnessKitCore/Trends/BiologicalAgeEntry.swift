/// One daily check-in's biological age: the input of the longevity trends.
public struct BiologicalAgeEntry: Sendable, Equatable {
    public var date: CalendarDate
    public var biologicalAge: Double

    public init(date: CalendarDate, biologicalAge: Double) {
        self.date = date
        self.biologicalAge = biologicalAge
    }
}

extension BiologicalAgeEntry: JSONDecodable {
    /// Reads `{"date": "YYYY-MM-DD", "biological_age": 37.7}`; the seed's
    /// `biologicalAge` spelling is accepted too.
    public init(json: JSONValue, at path: FieldPath) throws {
        let point = try TrendPoint(json: json, at: path)
        date = point.date
        biologicalAge = point.biologicalAge
        if !(0...200).contains(biologicalAge) {
            throw WellnessError.validation(
                "must be between 0 and 200 years, found \(biologicalAge)",
                at: path.appending("biological_age"))
        }
    }
}
