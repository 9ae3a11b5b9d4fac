/// What a result column holds, for the buckets of the grouped call's fast
/// path (``DenseDayAggregator``), which ``PackedBuckets`` packs without a
/// ``SeriesBucket`` in between.
package enum DenseField: Sendable, Equatable {
    case group, start, end, label, weekYear, week, count, daysWithData
    case sum, average, minimum, maximum

    /// The fields of columns named as ``BucketColumns/layout(options:)`` names
    /// them, or nil when one is not the fast path's (a boolean series'
    /// `yes_days`, `first`, a percentile).
    package static func fields(names: [String]) -> [DenseField]? {
        var fields: [DenseField] = []
        for name in names {
            guard let field = byName[name] else { return nil }
            fields.append(field)
        }
        return fields
    }

    private static let byName: [String: DenseField] = [
        "group": .group, "start": .start, "end": .end, "label": .label, "week_year": .weekYear, "week": .week,
        "count": .count, "days_with_data": .daysWithData, "sum": .sum, "average": .average, "min": .minimum,
        "max": .maximum,
    ]

    /// The field's value in an int64 column (nil for a null).
    func int64(
        of bucket: DenseDayAggregator.Bucket, key: Int64, interval: AggregationInterval, weeks: inout WeekNumbering
    ) -> Int64? {
        switch self {
        case .group: return key
        case .count: return Int64(bucket.count)
        case .daysWithData: return Int64(bucket.daysWithData)
        case .weekYear where interval == .week: return Int64(weeks.weekOfYear(weekStart: bucket.start).year)
        case .week where interval == .week: return Int64(weeks.weekOfYear(weekStart: bucket.start).week)
        default: return nil
        }
    }

    /// The field's value in a float64 column.
    func float64(of bucket: DenseDayAggregator.Bucket) -> Double? {
        switch self {
        case .sum: return bucket.sum
        case .average: return bucket.average
        case .minimum: return bucket.minimum
        case .maximum: return bucket.maximum
        default: return nil
        }
    }
}

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
