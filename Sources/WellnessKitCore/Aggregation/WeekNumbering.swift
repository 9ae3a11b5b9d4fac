/// ``LocalCalendar/weekOfYear(weekStart:firstWeekday:)`` for buckets in
/// ascending order: the weeks of a week-numbering year run from the week
/// holding its January 4th to the next year's, so one year's bounds answer
/// all its weeks.
struct WeekNumbering {
    let firstWeekday: Int
    private var year = 0
    private var yearWeeks = 0..<0

    init(firstWeekday: Int) {
        self.firstWeekday = firstWeekday
    }

    mutating func weekOfYear(weekStart: Int) -> (year: Int, week: Int) {
        if !yearWeeks.contains(weekStart) {
            year = LocalCalendar.weekOfYear(weekStart: weekStart, firstWeekday: firstWeekday).year
            yearWeeks = firstWeek(of: year)..<firstWeek(of: year + 1)
        }
        return (year, (weekStart - yearWeeks.lowerBound) / 7 + 1)
    }

    private func firstWeek(of year: Int) -> Int {
        AggregationInterval.week.bucketStart(
            containing: LocalCalendar.day(year: year, month: 1, day: 4), firstWeekday: firstWeekday)
    }
}
