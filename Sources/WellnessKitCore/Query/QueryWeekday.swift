/// A day of the week in a query's `weekdays` filter ("on weekends": saturday and sunday).
public enum QueryWeekday: String, JSONStringEnum, Sendable {
    case sunday
    case monday
    case tuesday
    case wednesday
    case thursday
    case friday
    case saturday

    /// 1 = Sunday … 7 = Saturday, as ``LocalCalendar/weekday(of:)`` numbers them.
    var number: Int {
        (Self.allCases.firstIndex(of: self) ?? 0) + 1
    }

    /// The weekday numbered `number` (1 = Sunday … 7 = Saturday).
    init?(number: Int) {
        guard (1...7).contains(number) else { return nil }
        self = Self.allCases[number - 1]
    }

    /// Saturday and Sunday, whatever the first weekday: "on weekends".
    static let weekend: [QueryWeekday] = [.saturday, .sunday]
    /// Monday to Friday: "on weekdays".
    static let workdays: [QueryWeekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]
}
