/// `{"workouts": [...], "pagination": {...}}`: one page of `GET /api/v1/workouts`, oldest first.
public struct WorkoutsPage: JSONCodable, Sendable, Equatable {
    public var workouts: [WorkoutRecord]
    public var pagination: Pagination

    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        workouts = try reader.required("workouts")
        pagination = try reader.required("pagination")
    }

    public var json: JSONValue { .object(JSONObject([("workouts", workouts.json), ("pagination", pagination.json)])) }
}

extension WorkoutsPage {
    /// A `from` or `to` bound of the list, as epoch milliseconds: an RFC 3339
    /// instant, or a date (`YYYY-MM-DD`) standing for its whole UTC day (its
    /// first millisecond, or with `endOfDay` its last); nil for anything else.
    public static func bound(_ text: String, endOfDay: Bool) -> Int64? {
        if let instant = Timestamp(parsing: text) {
            return instant.seconds * 1000 + Int64(instant.nanoseconds / 1_000_000)
        }
        guard text.utf8.count == 10, let date = CalendarDate(parsing: Array(text.utf8)) else { return nil }
        // Years 1-9999: no overflow.
        let start = Int64(date.daysSinceEpoch) * 86_400_000
        return endOfDay ? start + 86_399_999 : start
    }
}
