/// A goal's start or target: a calendar day or an instant, as the client sent it.
///
/// Seed 003 writes full timestamps while calling them "ISO 8601 date", so
/// both forms are accepted, and each is written back in its own form.
public enum GoalDate: Sendable, Equatable, Comparable {
    case day(CalendarDate)
    case instant(Timestamp)

    /// The instant this denotes; a day is taken at 00:00 UTC.
    public var timestamp: Timestamp {
        switch self {
        case .day(let date): return Timestamp(seconds: Int64(date.daysSinceEpoch) * 86_400)
        case .instant(let instant): return instant
        }
    }

    public static func < (lhs: GoalDate, rhs: GoalDate) -> Bool {
        lhs.timestamp < rhs.timestamp
    }
}

extension GoalDate: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let text = try String(json: json, at: path)
        if let date = CalendarDate(parsing: text.utf8) {
            self = .day(date)
        } else if let instant = Timestamp(parsing: text) {
            self = .instant(instant)
        } else {
            throw WellnessError.validation(
                "expected a date YYYY-MM-DD or an ISO-8601 timestamp, found \"\(text.echo)\"", at: path)
        }
    }

    public var json: JSONValue {
        switch self {
        case .day(let date): return date.json
        case .instant(let instant): return instant.json
        }
    }
}
