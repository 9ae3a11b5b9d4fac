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
    /// "fastest", "slowest" (speed), "heaviest", "lightest" (weight), "shortest" (duration): the
    /// largest or smallest of that metric, unless the question names another one the word fits.
    case extreme(QueryReducer, metric: String)
    /// "on what day", "which night", "when" (first): the day of a superlative, or of a first or last session.
    case whichDay
    /// "what activities", "most common workout".
    case activitiesReducer(QueryReducer)
    /// A metric of a table, with the unit it is asked in ("hours of sleep").
    case metric(DataQuery.Table, String, asked: AskedUnit)
    /// A unit after a number: "hours", "steps", "km".
    case unit(AskedUnit)
    /// An activity (its canonical name), or any workout when nil.
    case activity(String?)
    /// "walks", "my walk": walking as sessions, whose steps are the sessions' own
    /// (the verb, "walked 10,000 steps", is how a day's steps were taken).
    case walks
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
    /// A comparator after its number: "30 minutes or more", "5 km or longer". After "and"
    /// ("and under"), before a number it is a second comparison, `asPrefix` ("over 60 and under 100").
    case postfixComparator(QueryCondition.Operator, asPrefix: QueryCondition.Operator?)
    /// "between 6 and 8 hours": at least the first number and at most the second.
    case between
    /// "since Monday", "since October": from that day to the anchor.
    case since
    /// A weekday, 1 = Sunday … 7 = Saturday.
    case weekday(Int)
    /// A month, 1 = January … 12 = December, after "in", "during", "for" or "since"
    /// (a month's name alone may be a person's: "how many steps did June take").
    case month(Int, since: Bool)
    /// "months" after "last N": N times 30 days.
    case months
    /// A month's name alone or shortened ("November", "nov"): read only in a date ("on November 15",
    /// "15 Nov"), as it may otherwise be a person's or a verb.
    case monthName(Int)
    /// "fortnight": 14 days after "last" / "past".
    case fortnight
    /// "last night", "this morning": today's row (a night is dated by the morning one woke up), for the
    /// night's metrics only ("steps last night" is not the day's steps).
    case lastNight
    /// "variability": a standard deviation, except of a heart rate (where it means HRV).
    case variability
    /// "on weekends", "on weekdays", "on Mondays": rows on these days of the week.
    case weekdays([QueryWeekday])
    /// A kind of workout that its group's synonyms would blur ("treadmill" is a run, but not every run is on a
    /// treadmill): read only as the recorded names that are exactly it (``QuestionVocabulary/exactActivities``).
    case exactActivity(String)
    /// "the day of my longest", "the day of my farthest": before an activity, the day of its largest metric.
    case dayOfExtreme(QueryWindow.Extreme, metric: String)
    /// "latest bed time", "earliest wake time": a clock-time metric and its reducer in one phrase.
    case clockExtreme(String, QueryReducer)
    case number(Double)
    /// "on days", "when", "if", "with": what follows is a condition, on the
    /// days ("on days …"), on the rows asked about ("with", "where"), or either ("when", "if").
    case condition(ConditionScope)
    /// "per day", "a day", "daily": an average.
    case perDay
    /// Words that ask what no query answers (a month's name alone: "how many steps did June take").
    case unanswerable
    /// "what time": a time of day, which only a clock-time metric holds ("what time did I go to bed").
    case whatTime
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
    case percent
    /// "ms": only HRV is kept in milliseconds.
    case milliseconds
    /// "metres", "m": only elevation gain is kept in metres.
    case metres
    /// "miles": a distance asked in miles, answered in miles when the distance's unit is known; never
    /// read in a condition (its number would have to be converted to the table's unit).
    case miles
    /// "bpm" after a number: only heart rates are kept in beats per minute.
    case beatsPerMinute

    /// The stored minutes per asked unit, for the metrics kept in minutes.
    var minutes: Double {
        self == .hours ? 60 : 1
    }
}

/// Which rows a condition clause is about, for a metric both tables have (steps).
enum ConditionScope: Equatable {
    /// "on days …": the day's row.
    case days
    /// "with", "where", or a comparison in the main clause: the rows asked about ("runs with more than 4,000 steps").
    case rows
    /// "when", "if": either; a metric both tables have is then ambiguous.
    case either
}

extension QuestionWord {
    /// The activity of `.activity` (nil for any workout).
    var activityName: String? {
        if case .activity(let name) = self { return name }
        return nil
    }

    /// The activity an activity word or "walks" names; nil for other words.
    var activityMention: ActivityMention? {
        switch self {
        case .activity(let name): return ActivityMention(name)
        case .exactActivity(let key): return .named(key)
        case .walks: return .named("walk")
        default: return nil
        }
    }
}
