/// How the rows a query selects become one answer (docs/QUERY.md).
public enum QueryReducer: String, JSONStringEnum, Sendable {
    case sum
    case mean
    case median
    case min
    case max
    /// Sample standard deviation (n − 1), as pandas computes it.
    case std
    /// Rows; with a metric, rows where it is present.
    case count
    /// Distinct local days.
    case countDays = "count_days"
    case first
    case last
    case firstDate = "first_date"
    case lastDate = "last_date"
    case dateOfMax = "date_of_max"
    case dateOfMin = "date_of_min"
    /// Distinct activity names, in time order of their first session.
    case activities
    case mostFrequentActivity = "most_frequent_activity"
    /// The largest value minus the smallest.
    case range
    /// How many distinct activity names (sessions only).
    case countActivities = "count_activities"

    /// Whether the reducer reads a metric's values.
    var needsMetric: Bool {
        switch self {
        case .sum, .mean, .median, .min, .max, .std, .first, .last, .dateOfMax, .dateOfMin, .range: return true
        case .count, .countDays, .firstDate, .lastDate, .activities, .mostFrequentActivity, .countActivities:
            return false
        }
    }

    /// Whether it names activities, which only sessions have.
    var readsActivities: Bool { self == .activities || self == .mostFrequentActivity || self == .countActivities }

    /// Whether an empty selection answers 0 rather than null.
    var isZeroWhenEmpty: Bool { self == .sum || self == .count || self == .countDays || self == .countActivities }
}
