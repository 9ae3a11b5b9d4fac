/// A question about a person's own data, as a document an app or a language
/// model writes: which rows of which table, narrowed by activity, conditions
/// and a window of local days, then reduced to one answer. docs/QUERY.md
/// gives the semantics of every field.
public struct DataQuery: Sendable, Equatable {
    public enum Table: String, JSONStringEnum, Sendable {
        case daily
        case sessions

        /// The table `on_days_where` conditions apply to.
        var other: Table { self == .daily ? .sessions : .daily }
    }

    /// The first or last `count` rows, in time order, of those that match.
    public enum Take: Sendable, Equatable {
        case first(Int)
        case last(Int)
    }

    public var table: Table
    /// The column reduced; nil for reducers that count rows or name activities.
    public var metric: String?
    /// Sessions of any of these activities; nil for every session.
    public var activities: [String]?
    /// Conditions on the same table, all of which must hold (`where`).
    public var conditions: [QueryCondition] = []
    /// Conditions on the other table, joined by local day (`on_days_where`).
    public var dayConditions: [QueryCondition] = []
    /// Conditions on the same table, joined by local day (`same_day_where`): a row is kept when a
    /// row of its own table on its day meets them all ("walks on days I also ran").
    public var sameDayConditions: [QueryCondition] = []
    /// Only rows on these days of the week (their local day); nil for every day.
    public var weekdays: [QueryWeekday]?
    /// How activity names (`activity`, activity conditions, `day_of`) find recorded ones.
    public var activityMatch = ActivityMatch.synonyms
    public var window: QueryWindow = .all
    /// The local day windows count back from; the tables' today when nil.
    public var anchor: CalendarDate?
    public var take: Take?
    public var reducer: QueryReducer
    /// Whether the result lists the caller's row numbers of the rows it used.
    public var includeRows = false

    public init(table: Table, metric: String? = nil, reducer: QueryReducer) {
        self.table = table
        self.metric = metric
        self.reducer = reducer
    }

    /// Most rows `take` may ask for, days `last_days` may span, activities and conditions a query may list.
    static let maximumTake = 1_000_000
    static let maximumDays = 36_600
    static let maximumListLength = 50
}
