/// The distance between two x-axis ticks, in calendar units: every day,
/// 2 days, week, 2 weeks, month, 2, 3 or 6 months, year, 2, 5, 10 … years.
/// Ticks sit on the units' calendar boundaries (a week's first weekday, a
/// month's or year's first day), on multiples of the count (months 1, 4, 7,
/// 10 for 3 months; years divisible by 5 for 5 years).
public struct TimeStep: Sendable, Equatable {
    /// The calendar unit of a step.
    public enum Unit: String, Sendable {
        case day, week, month, year
    }

    public let unit: Unit
    /// Units per step (at least 1).
    public let count: Int

    public init(_ unit: Unit, _ count: Int = 1) {
        self.unit = unit
        self.count = max(count, 1)
    }

    /// The steps an interval's axis may use, finest first: never finer
    /// than the interval's buckets, so every tick is a bucket boundary.
    public static func candidates(for interval: AggregationInterval) -> [TimeStep] {
        let years = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000].map { TimeStep(.year, $0) }
        let halves = [TimeStep(.month, 6)] + years
        let quarters = [TimeStep(.month, 3)] + halves
        let months = [TimeStep(.month, 1), TimeStep(.month, 2)] + quarters
        let weeks = [TimeStep(.week, 1), TimeStep(.week, 2)] + months
        switch interval {
        case .day: return [TimeStep(.day, 1), TimeStep(.day, 2)] + weeks
        case .week: return weeks
        case .month: return months
        case .quarter: return quarters
        case .half: return halves
        case .year: return years
        }
    }

    /// The first tick on or after `day` (days since 1970-01-01).
    /// - Parameter firstWeekday: 1 = Sunday … 7 = Saturday, where weeks start.
    public func firstTick(onOrAfter day: Int, firstWeekday: Int) -> Int {
        switch unit {
        case .day:
            return day + Self.modulo(-day, count)
        case .week:
            var start = AggregationInterval.week.bucketStart(containing: day, firstWeekday: firstWeekday)
            if start < day { start += 7 }
            // Weeks counted from the week holding 1970-01-01, so that 2-week
            // ticks do not depend on where the data starts.
            let origin = AggregationInterval.week.bucketStart(containing: 0, firstWeekday: firstWeekday)
            return start + 7 * Self.modulo(-((start - origin) / 7), count)
        case .month:
            let date = LocalCalendar.date(of: day)
            var index = date.year * 12 + date.month - 1
            if date.day != 1 { index += 1 }
            index += Self.modulo(-index, count)
            return LocalCalendar.day(year: Self.floorDivide(index, 12), month: Self.modulo(index, 12) + 1, day: 1)
        case .year:
            let date = LocalCalendar.date(of: day)
            var year = date.year
            if date.month != 1 || date.day != 1 { year += 1 }
            year += Self.modulo(-year, count)
            return LocalCalendar.day(year: year, month: 1, day: 1)
        }
    }

    /// The tick after `tick`.
    public func tick(after tick: Int) -> Int {
        switch unit {
        case .day: return tick + count
        case .week: return tick + 7 * count
        case .month: return LocalCalendar.adding(months: count, to: tick)
        case .year: return LocalCalendar.adding(months: 12 * count, to: tick)
        }
    }

    /// The ticks from `first` to `last` (inclusive), or nil when there are
    /// more than `limit`.
    public func ticks(from first: Int, through last: Int, firstWeekday: Int, limit: Int) -> [Int]? {
        var ticks: [Int] = []
        var tick = firstTick(onOrAfter: first, firstWeekday: firstWeekday)
        while tick <= last {
            if ticks.count == limit { return nil }
            ticks.append(tick)
            tick = self.tick(after: tick)
        }
        return ticks
    }

    /// A tick's label: "Jan 8" for day and week steps, "Feb 2024" for month
    /// steps, "2024" for year steps (the seed's `MMM d`, `MMM yyyy`, `yyyy`).
    public func label(_ day: Int) -> String {
        let date = LocalCalendar.date(of: day)
        switch unit {
        case .day, .week: return "\(LocalCalendar.monthAbbreviation(date.month)) \(date.day)"
        case .month: return "\(LocalCalendar.monthAbbreviation(date.month)) \(date.year)"
        case .year: return "\(date.year)"
        }
    }

    private static func modulo(_ value: Int, _ divisor: Int) -> Int {
        ((value % divisor) + divisor) % divisor
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        (value - modulo(value, divisor)) / divisor
    }
}

extension TimeStep: JSONEncodable {
    /// `{"unit": "month", "count": 3}`.
    public var json: JSONValue {
        .object(JSONObject([("unit", unit.rawValue.json), ("count", count.json)]))
    }
}
