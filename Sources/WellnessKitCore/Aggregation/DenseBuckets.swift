/// One thread's buckets as rows of plain numbers and their labels' bytes,
/// in key order, when every result column is a ``DenseField``: what the
/// grouped call's columns are written from, each thread its own range of
/// rows. The fast path's buckets (``DenseDayAggregator``) come straight in;
/// the general path's ``SeriesBucket``s are read in, field for field, so a
/// call mixing both writes the columns as the general path alone would.
package struct DenseBuckets: Sendable {
    /// One bucket's row. Nullable fields are null where their bit in `nulls` is set.
    package struct Row: Sendable {
        package var key: Int64
        package var count: Int64
        package var sum: Double
        package var average: Double
        package var minimum: Double
        package var maximum: Double
        package var start: Int32
        package var end: Int32
        package var daysWithData: Int32
        package var weekYear: Int32
        package var week: Int32
        package var nulls: UInt8

        /// The bits of `nulls`.
        package static let nullWeek: UInt8 = 1
        package static let nullSum: UInt8 = 2
        package static let nullAverage: UInt8 = 4
        package static let nullMinimum: UInt8 = 8
        package static let nullMaximum: UInt8 = 16
    }

    package private(set) var rows: [Row] = []
    /// Every row's label, one after the other, and where each row's ends.
    package private(set) var text: [UInt8] = []
    package private(set) var textEnds: [Int] = []
    /// Groups whose buckets the fast path made (the others' came from the general path).
    package private(set) var fastGroups = 0
    /// False once a date did not fit 32 bits (never for years 1–9999, which every written date is).
    package private(set) var datesFit = true
    /// By first weekday (1 is Sunday).
    private var weeks = (1...7).map { WeekNumbering(firstWeekday: $0) }

    package init() {}

    /// Appends the fast path's buckets of one group.
    mutating func append(
        key: Int64, _ buckets: [DenseDayAggregator.Bucket], interval: AggregationInterval, firstWeekday: Int
    ) {
        // Validated 1-7; clamped all the same.
        let weekday = min(max(firstWeekday, 1), 7) - 1
        fastGroups += 1
        for bucket in buckets {
            var row = Row(
                key: key, count: Int64(bucket.count), sum: bucket.sum, average: bucket.average,
                minimum: bucket.minimum, maximum: bucket.maximum, start: date(bucket.start), end: date(bucket.end),
                daysWithData: Int32(clamping: bucket.daysWithData), weekYear: 0, week: 0, nulls: 0)
            if interval == .week {
                let week = weeks[weekday].weekOfYear(weekStart: bucket.start)
                row.weekYear = Int32(clamping: week.year)
                row.week = Int32(clamping: week.week)
            } else {
                row.nulls = Row.nullWeek
            }
            rows.append(row)
            BucketLabel.append(interval, start: bucket.start, end: bucket.end, to: &text)
            textEnds.append(text.count)
        }
    }

    /// Appends the general path's buckets of one group, as ``BucketColumns`` reads them.
    mutating func append(key: Int64, _ buckets: [SeriesBucket]) {
        for bucket in buckets {
            let sum = bucket.count == 0 ? 0 : bucket.extra?.sum
            var row = Row(
                key: key, count: Int64(bucket.count), sum: sum ?? 0, average: bucket.average ?? 0,
                minimum: bucket.minimum ?? 0, maximum: bucket.maximum ?? 0, start: date(bucket.start),
                end: date(bucket.end), daysWithData: Int32(clamping: bucket.daysWithData),
                weekYear: Int32(clamping: bucket.weekOfYear?.year ?? 0),
                week: Int32(clamping: bucket.weekOfYear?.week ?? 0),
                nulls: 0)
            row.nulls |= bucket.weekOfYear == nil ? Row.nullWeek : 0
            row.nulls |= sum == nil ? Row.nullSum : 0
            row.nulls |= bucket.average == nil ? Row.nullAverage : 0
            row.nulls |= bucket.minimum == nil ? Row.nullMinimum : 0
            row.nulls |= bucket.maximum == nil ? Row.nullMaximum : 0
            rows.append(row)
            var label = bucket.label
            label.withUTF8 { text.append(contentsOf: $0) }
            textEnds.append(text.count)
        }
    }

    /// Room for about `count` rows in all, reserved once the first groups tell how many a group makes:
    /// growing by doubling copies the rows and touches twice their memory.
    mutating func reserve(rows count: Int, labelBytes: Int) {
        rows.reserveCapacity(count)
        textEnds.reserveCapacity(count)
        text.reserveCapacity(labelBytes)
    }

    private mutating func date(_ day: Int) -> Int32 {
        guard let fitted = Int32(exactly: day) else {
            datesFit = false
            return 0
        }
        return fitted
    }
}
