/// The paginated lists whose totals and versions the store keeps.
enum CountedList: String, Sendable {
    case insights, goals, consultations, workouts

    /// The table of the list's counts: one row per user and combination of
    /// the columns the list filters on, named as in the list's own table, so
    /// that a list's filter selects its total too.
    var countsTable: String {
        switch self {
        case .insights: return "insight_counts"
        case .goals: return "goal_counts"
        case .consultations: return "consultation_counts"
        case .workouts: return "workout_counts"
        }
    }
}

/// The combination of filtered columns a row of a list has: the row of the
/// list's counts table it is counted in.
enum ListBucket: Hashable, Sendable, Comparable {
    case insight(type: String, read: Bool, favorite: Bool, archived: Bool)
    case goal(status: String)
    case consultation(archived: Bool)
    /// Workouts are listed by start range only: one count per user.
    case workout

    var list: CountedList {
        switch self {
        case .insight: return .insights
        case .goal: return .goals
        case .consultation: return .consultations
        case .workout: return .workouts
        }
    }

    /// The counts table's columns besides `user_id` and `n`, and this bucket's values of them.
    var columns: [(name: String, value: SQLValue)] {
        switch self {
        case .insight(let type, let read, let favorite, let archived):
            return [
                ("insight_type", .text(type)), ("is_read", .init(read)), ("is_favorite", .init(favorite)),
                ("is_archived", .init(archived)),
            ]
        case .goal(let status): return [("status", .text(status))]
        case .consultation(let archived): return [("is_archived", .init(archived))]
        case .workout: return []
        }
    }

    /// The bucket of an insights row read with `insight_type, is_read, is_favorite, is_archived`.
    static func insight(of row: SQLRow) throws -> ListBucket {
        .insight(
            type: try row.text("insight_type"), read: try row.bool("is_read"), favorite: try row.bool("is_favorite"),
            archived: try row.bool("is_archived"))
    }

    /// One order for all buckets, in which every transaction takes their count rows, so that none deadlock.
    static func < (lhs: ListBucket, rhs: ListBucket) -> Bool {
        lhs.sortKey.lexicographicallyPrecedes(rhs.sortKey)
    }

    private var sortKey: [String] {
        [list.rawValue]
            + columns.map { column in
                switch column.value {
                case .text(let text): return text
                case .integer(let number): return String(number)
                default: return ""
                }
            }
    }
}

/// What one write did to a user's lists: rows entering and leaving count
/// buckets, and insights deleted. ``Store/changingLists(of:_:)`` applies it
/// (counts, list versions, cached pages and opened insights), so no write can
/// forget one of them.
struct ListChange: Sendable {
    private(set) var deltas: [ListBucket: Int64] = [:]
    private(set) var deletedInsights: [String] = []

    /// A row added in `bucket`.
    mutating func added(_ bucket: ListBucket, count: Int64 = 1) {
        deltas[bucket, default: 0] += count
    }

    /// A row moved from one bucket to another (an update of a filtered column).
    mutating func moved(from before: ListBucket, to after: ListBucket) {
        deltas[before, default: 0] -= 1
        deltas[after, default: 0] += 1
    }

    /// A row removed from `bucket`; an insight's id, so its opened fields are forgotten.
    mutating func removed(_ bucket: ListBucket, insight id: String? = nil) {
        deltas[bucket, default: 0] -= 1
        if let id { deletedInsights.append(id) }
    }

    /// The lists whose rows changed (a row moved within its bucket still changed).
    var lists: Set<CountedList> { Set(deltas.keys.map(\.list)) }
}
