/// What a word or phrase of a question means to ``QuestionReader``.
enum QuestionWord: Equatable {
    /// "how many days": distinct days.
    case howManyDays
    /// "how many times", "how often": sessions (or days meeting a condition).
    case howManyTimes
    /// "how many" before a metric (a total) or an activity (a count).
    case howMany
    /// "how far": distance.
    case howFar
    /// "how long": duration.
    case howLong
    /// "when was my last", "when did i last".
    case whenLast
    case whenFirst
    /// An explicit reducer: "average", "total", "highest" …
    case reducer(QueryReducer)
    /// "longest" (duration), "farthest" (distance): a maximum of that metric.
    case longest(metric: String)
    /// "what activities", "most common workout".
    case activitiesReducer(QueryReducer)
    /// A metric of a table, with the unit it is asked in ("hours of sleep").
    case metric(DataQuery.Table, String, asked: AskedUnit)
    /// A unit after a number: "hours", "steps", "km".
    case unit(AskedUnit)
    /// An activity (its canonical name), or any workout when nil.
    case activity(String?)
    case window(QueryWindow)
    /// A window relative to the anchor's year.
    case thisYear
    case lastYear
    /// "last" / "first" before an activity: the last or first sessions.
    case takeLast
    case takeFirst
    /// "N days" / "N weeks" after "last" / "past": a window of days.
    case pastDays
    case days
    case weeks
    case comparator(QueryCondition.Operator)
    case number(Double)
    /// "on days", "when", "if", "with": what follows is a condition.
    case condition
    /// "per day", "a day", "daily": an average.
    case perDay
    /// Words that carry no meaning here ("did", "my", "the").
    case filler
}

/// The unit a question asks a number in; sleep is stored in minutes.
enum AskedUnit: Equatable {
    case natural
    case hours
    case minutes
    case steps
    case kilometres

    /// The stored minutes per asked unit, for the metrics kept in minutes.
    var minutes: Double {
        self == .hours ? 60 : 1
    }
}
