/// The bucket sizes of seed 002, smallest first.
public enum AggregationInterval: String, JSONStringEnum, Sendable, Comparable {
    case day, week, month, quarter, half, year

    /// Days of data (first to last sample) needed before the interval is offered.
    public var minimumDataDays: Int {
        switch self {
        case .day: return 1
        case .week: return 14
        case .month: return 28
        case .quarter: return 90
        case .half: return 180
        case .year: return 365
        }
    }

    /// The interval seed 002 picks for a span of `days` between first and last sample.
    public static func automatic(forSpanDays days: Int) -> AggregationInterval {
        switch days {
        case ..<14: return .day
        case ..<28: return .week
        case ..<90: return .month
        case ..<180: return .quarter
        case ..<365: return .half
        default: return .year
        }
    }

    /// The intervals a picker offers for a span; day is always offered when
    /// there is data, even a single sample.
    public static func available(forSpanDays days: Int) -> [AggregationInterval] {
        allCases.filter { $0 == .day || days >= $0.minimumDataDays }
    }

    /// The first local day of the bucket containing `day`.
    /// - Parameters:
    ///   - day: days since 1970-01-01.
    ///   - firstWeekday: 1 = Sunday … 7 = Saturday.
    public func bucketStart(containing day: Int, firstWeekday: Int) -> Int {
        switch self {
        case .day:
            return day
        case .week:
            return day - (LocalCalendar.weekday(of: day) - firstWeekday + 7) % 7
        case .month, .quarter, .half, .year:
            let date = LocalCalendar.date(of: day)
            let firstMonth: Int
            switch self {
            case .month: firstMonth = date.month
            case .quarter: firstMonth = (date.month - 1) / 3 * 3 + 1
            case .half: firstMonth = date.month <= 6 ? 1 : 7
            default: firstMonth = 1
            }
            return LocalCalendar.day(year: date.year, month: firstMonth, day: 1)
        }
    }

    /// The first local day of the bucket after the one starting at `start`.
    public func nextBucketStart(after start: Int) -> Int {
        switch self {
        case .day: return start + 1
        case .week: return start + 7
        case .month: return LocalCalendar.adding(months: 1, to: start)
        case .quarter: return LocalCalendar.adding(months: 3, to: start)
        case .half: return LocalCalendar.adding(months: 6, to: start)
        case .year: return LocalCalendar.adding(months: 12, to: start)
        }
    }

    /// The seed's display label: "Jan 5", "Jan 1-7", "Jan 29-Feb 4", "Jan 2024",
    /// "Q1 2024", "H1 2024", "2024".
    public func label(start: Int, end: Int) -> String {
        let first = LocalCalendar.date(of: start)
        let name = LocalCalendar.monthAbbreviation(first.month)
        switch self {
        case .day:
            return "\(name) \(first.day)"
        case .week:
            let last = LocalCalendar.date(of: end)
            let lastText =
                last.month == first.month ? "\(last.day)" : "\(LocalCalendar.monthAbbreviation(last.month)) \(last.day)"
            return "\(name) \(first.day)-\(lastText)"
        case .month:
            return "\(name) \(first.year)"
        case .quarter:
            return "Q\((first.month - 1) / 3 + 1) \(first.year)"
        case .half:
            return "\(first.month <= 6 ? "H1" : "H2") \(first.year)"
        case .year:
            return "\(first.year)"
        }
    }

    public static func < (lhs: AggregationInterval, rhs: AggregationInterval) -> Bool {
        lhs.minimumDataDays < rhs.minimumDataDays
    }
}
