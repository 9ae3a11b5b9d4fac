/// Calendar arithmetic on local days (days since 1970-01-01), without Foundation,
/// so that bucketing a million samples is integer work.
enum LocalCalendar {
    /// 1 = Sunday … 7 = Saturday; 1970-01-01 was a Thursday.
    static func weekday(of day: Int) -> Int {
        ((day % 7 + 7) % 7 + 4) % 7 + 1
    }

    /// The year, month and day of a local day, in any year: a bucket next to
    /// the ends of years 1–9999 may start in year 0 or end in year 10000.
    static func date(of day: Int) -> (year: Int, month: Int, day: Int) {
        let date = calendarDate(of: day)
        return (date.year, date.month, date.day)
    }

    static func day(year: Int, month: Int, day: Int) -> Int {
        CalendarDate.daysSinceEpoch(year: year, month: month, day: day)
    }

    /// The first day of the month `months` after the month of `day`.
    static func adding(months: Int, to day: Int) -> Int {
        let date = date(of: day)
        let index = date.year * 12 + (date.month - 1) + months
        return self.day(year: index / 12, month: index % 12 + 1, day: 1)
    }

    static func calendarDate(of day: Int) -> CalendarDate {
        CalendarDate(proleptic: day)
    }

    private static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun",
        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    static func monthAbbreviation(_ month: Int) -> String {
        monthNames[min(max(month, 1), 12) - 1]
    }

    /// The week-numbering year and week of the week starting at `weekStart`:
    /// week 1 is the week holding January 4th (ISO 8601's rule, for any first
    /// weekday), and a week belongs to the year holding its fourth day.
    static func weekOfYear(weekStart: Int, firstWeekday: Int) -> (year: Int, week: Int) {
        let year = date(of: weekStart + 3).year
        let january4 = day(year: year, month: 1, day: 4)
        let firstWeekStart = AggregationInterval.week.bucketStart(containing: january4, firstWeekday: firstWeekday)
        return (year, (weekStart - firstWeekStart) / 7 + 1)
    }
}
