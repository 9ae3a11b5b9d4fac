/// A series aggregated into calendar buckets (seed 002).
public struct SeriesAggregation: Sendable {
    public let options: SeriesOptions
    /// The interval of `buckets`: the caller's, or the automatic one.
    public let interval: AggregationInterval
    public let automaticInterval: AggregationInterval
    public let availableIntervals: [AggregationInterval]
    /// Local days from the first sample's day to the last's.
    public let spanDays: Int
    public let sampleCount: Int
    public let firstDay: Int?
    public let lastDay: Int?
    public let buckets: [SeriesBucket]
    /// Boolean series only.
    public let streaks: Streaks?

    /// Aggregates a decoded series.
    /// - Throws: a validation error at `include_empty` when empty buckets
    ///   would exceed ``SeriesOptions/maximumBuckets``.
    public init(series: SampleSeries, options: SeriesOptions) throws {
        let values = series.kind == .snapshot ? [] : series.numbers
        self = try series.timestamps.withUnsafeBufferPointer { timestamps in
            try values.withUnsafeBufferPointer { values in
                try SeriesAggregation(
                    columns: Columns(
                        timestamps: timestamps, millisecondsPerUnit: 1, values: values,
                        readFromJSON: true),
                    snapshots: series.kind == .snapshot ? series.snapshots : nil, options: options)
            }
        }
    }

    /// Aggregates caller-owned columns without copying them: epoch timestamps
    /// in `options.timestampUnit` and their values (1/0 for boolean series;
    /// snapshot series take their latest numeric value).
    /// - Throws: a validation error naming `timestamps[i]` or `values[i]` for
    ///   an instant outside years 1–9999, a NaN or infinite value, or a
    ///   boolean value other than 0 or 1.
    public init(
        timestamps: UnsafeBufferPointer<Int64>, values: UnsafeBufferPointer<Double>,
        options: SeriesOptions
    ) throws {
        let perUnit: Int64 = options.timestampUnit == .seconds ? 1000 : 1
        try self.init(
            columns: Columns(
                timestamps: timestamps, millisecondsPerUnit: perUnit, values: values,
                readFromJSON: false),
            snapshots: nil, options: options)
    }

    private init(columns: Columns, snapshots: [SnapshotValue]?, options: SeriesOptions) throws {
        self.options = options
        sampleCount = columns.timestamps.count
        let days = try SeriesAggregation.summarizeDays(columns, options: options)
        firstDay = days.first?.day
        lastDay = days.last?.day
        spanDays = days.isEmpty ? 0 : days[days.count - 1].day - days[0].day
        automaticInterval = .automatic(forSpanDays: spanDays)
        availableIntervals = AggregationInterval.available(forSpanDays: spanDays)
        interval = options.interval ?? automaticInterval
        try SeriesAggregation.checkWrittenDates(days, interval: interval, columns: columns, options: options)
        var buckets = SeriesAggregation.bucket(days, snapshots: snapshots, interval: interval, options: options)
        try SeriesAggregation.checkRange(of: buckets, statistics: options.statistics ?? [])
        if options.includeEmpty {
            buckets = try SeriesAggregation.fillingGaps(buckets, interval: interval, options: options)
        }
        self.buckets = buckets
        if options.kind == .boolean {
            let now = Timestamp.now().seconds
            let today =
                options.today?.daysSinceEpoch
                ?? ZoneOffsets(zone: options.timeZone, covering: now...now).localDay(at: now)
            streaks = Streaks(days: days.map { ($0.day, $0.latestValue != 0) }, today: today)
        } else {
            streaks = nil
        }
    }

    /// Of the statistics asked for, `sum` and `stddev` can be beyond the
    /// range of a double (the exact sum of 1e308 and 1e308; the deviation of
    /// 1.7e308, −1.7e308, 1.7e308) where every value is finite: that is an
    /// error naming the first such bucket, in every order and every call.
    /// Statistics not asked for are never reported.
    /// - Throws: a validation error at `statistics`.
    private static func checkRange(of buckets: [SeriesBucket], statistics: [SeriesStatistic]) throws {
        for statistic in statistics where statistic == .sum || statistic == .standardDeviation {
            guard let bucket = buckets.first(where: { $0.value(of: statistic).map { !$0.isFinite } ?? false }) else {
                continue
            }
            throw WellnessError.validation(
                "the \(statistic == .sum ? "sum" : "standard deviation") of the bucket \(bucket.label) "
                    + "(\(LocalCalendar.calendarDate(of: bucket.start))) is beyond the range of a double",
                at: FieldPath.root.appending("statistics"))
        }
    }

    /// Timestamps (in some unit) and values, borrowed.
    struct Columns {
        let timestamps: UnsafeBufferPointer<Int64>
        let millisecondsPerUnit: Int64
        /// Empty for snapshot series read from JSON.
        let values: UnsafeBufferPointer<Double>
        /// Whether errors name `samples[i].timestamp` rather than `timestamps[i]`.
        let readFromJSON: Bool

        func timestampPath(_ index: Int) -> FieldPath {
            readFromJSON
                ? FieldPath.root.appending("samples").appending(index: index).appending("timestamp")
                : FieldPath.root.appending("timestamps").appending(index: index)
        }
    }

    /// Every date the result writes (days, bucket starts and ends) lies in
    /// years 1–9999, which strict ISO-8601 readers require: the earliest and
    /// latest samples' local days and their buckets are checked.
    /// - Throws: a validation error naming the sample at fault.
    private static func checkWrittenDates(
        _ days: [DaySummary], interval: AggregationInterval, columns: Columns,
        options: SeriesOptions
    ) throws {
        for summary in [days.first, days.last].compactMap({ $0 }) {
            let start = interval.bucketStart(containing: summary.day, firstWeekday: options.firstWeekday)
            let end = interval.nextBucketStart(after: start) - 1
            let zone = options.timeZone.identifier
            let problem: String
            if !CalendarDate.dayRange.contains(summary.day) {
                problem = "its local date in \(zone), \(CalendarDate(proleptic: summary.day)), is outside years 1-9999"
            } else if !CalendarDate.dayRange.contains(start) || !CalendarDate.dayRange.contains(end) {
                problem =
                    "its local date in \(zone), \(CalendarDate(proleptic: summary.day)), falls in the \(interval) "
                    + "bucket \(CalendarDate(proleptic: start))...\(CalendarDate(proleptic: end)), outside years 1-9999"
            } else {
                continue
            }
            throw WellnessError.validation(problem, at: columns.timestampPath(summary.latestIndex))
        }
    }

    private static let millisecondsPerDay: Int64 = 86_400_000

    /// One summary per local day with samples, in day order: sorted input
    /// by day runs (``summarizeSortedDays(_:options:)``), anything else
    /// sample by sample.
    static func summarizeDays(_ columns: Columns, options: SeriesOptions) throws -> [DaySummary] {
        guard !columns.timestamps.isEmpty else { return [] }
        if !columns.values.isEmpty, columns.values.count != columns.timestamps.count {
            throw WellnessError.invalidArgument(
                "\(columns.timestamps.count) timestamps but \(columns.values.count) values")
        }
        return try summarizeSortedDays(columns, options: options)
            ?? summarizeDaysSampleBySample(columns, options: options)
    }

    /// The general loop, for any order and any input: while samples stay in
    /// one UTC-offset segment and one local day, each costs an addition,
    /// four comparisons and the accumulation. Throws naming the first sample
    /// at fault.
    static func summarizeDaysSampleBySample(_ columns: Columns, options: SeriesOptions) throws -> [DaySummary] {
        let timestamps = columns.timestamps
        guard !timestamps.isEmpty else { return [] }
        let perUnit = columns.millisecondsPerUnit
        let (earliest, latest) = try timestampBounds(timestamps, millisecondsPerUnit: perUnit)
        let zone = ZoneOffsets(
            zone: options.timeZone,
            covering: earliest.floorDivided(by: 1000)...latest.floorDivided(by: 1000))
        // Nil while the days come in order (sorted input).
        var slots: DaySlots?
        // Every local day lies within two days of a UTC one (offsets stay under a day).
        let daySpan =
            Int(
                earliest.floorDivided(by: millisecondsPerDay) - 2)...Int(
                latest.floorDivided(by: millisecondsPerDay) + 2)
        var days: [DaySummary] = []
        var cursor = LocalDayCursor(zone: zone)
        var current = DaySummary(day: 0)
        // Where the current run of samples on one local day began: its values are summed when it ends.
        var runStart = 0
        let hasValues = !columns.values.isEmpty
        let isBoolean = options.kind == .boolean
        let tracksMore = options.statistics != nil
        let keepsValues = options.statistics?.contains(where: \.needsValues) ?? false
        for index in 0..<timestamps.count {
            // In range: timestampBounds checked every timestamp.
            let milliseconds = timestamps[index] &* perUnit
            if let day = cursor.move(to: milliseconds) {
                if current.count > 0 {
                    store(
                        &current, run: runStart..<index, of: columns.values, in: &days, slots: &slots, span: daySpan,
                        samples: timestamps.count)
                }
                runStart = index
                current = DaySummary(day: day)
            }
            let value = hasValues ? columns.values[index] : 0
            if hasValues, !value.isFinite || (isBoolean && value != 0 && value != 1) {
                throw WellnessError.validation(
                    isBoolean ? "\(value) is not a boolean (0 or 1)" : "\(value) is not a finite number",
                    at: FieldPath.root.appending("values").appending(index: index))
            }
            current.count &+= 1
            current.minimum = min(current.minimum, value)
            current.maximum = max(current.maximum, value)
            if milliseconds >= current.latestTime {
                current.latestTime = milliseconds
                current.latestIndex = index
                current.latestValue = value
            }
            if tracksMore {
                if milliseconds < current.earliestTime {
                    current.earliestTime = milliseconds
                    current.earliestIndex = index
                    current.earliestValue = value
                }
                if keepsValues { current.values.append(value) }
            }
        }
        store(
            &current, run: runStart..<timestamps.count, of: columns.values, in: &days, slots: &slots, span: daySpan,
            samples: timestamps.count)
        if let slots { days = slots.inDayOrder(days) }
        return days
    }

    /// Epoch seconds from 10^12 (2001 in milliseconds) read as seconds land
    /// past year 30000; below that a value past 9999 may be seconds (year
    /// 10000 is 253402300800) and is not taken for milliseconds.
    static let looksLikeMilliseconds: Int64 = 1_000_000_000_000

    /// Why `raw` (in a unit of `perUnit` milliseconds) is refused: the year it
    /// names, and the unit it probably is when that is clear.
    static func outOfRange(_ raw: Int64, millisecondsPerUnit perUnit: Int64) -> String {
        if perUnit == 1000, raw >= looksLikeMilliseconds, raw / 1000 <= SampleSeries.timestampRange.upperBound {
            return "\(raw) is outside years 1-9999: did you mean timestamp_unit: \"ms\"?"
        }
        let unit = perUnit == 1000 ? "seconds" : "milliseconds"
        let days = raw.floorDivided(by: 86_400_000 / perUnit)
        // CalendarDate's arithmetic holds within ±2^40 days (any Int64 of milliseconds).
        let year = abs(days) < 1 << 40 ? " (year \(CalendarDate(proleptic: Int(days)).year) in epoch \(unit))" : ""
        return "\(raw) is outside years 1-9999\(year)"
    }

    /// Adds a run's values (checked finite) to its day's exact sum in one
    /// go, the fixed-point loop of sorted input: a sample at a time costs
    /// several times more. Value-less series sum nothing.
    private static func sumRun(of summary: inout DaySummary, _ values: UnsafeBufferPointer<Double>, _ run: Range<Int>) {
        guard !values.isEmpty, !run.isEmpty else { return }
        summary.sum.add(
            contentsOf: UnsafeBufferPointer(rebasing: values[run]),
            largestMagnitude: max(abs(summary.minimum), abs(summary.maximum)))
    }

    /// The earliest and latest instants in milliseconds, after checking that
    /// every timestamp lies in years 1–9999 (so later arithmetic cannot overflow).
    private static func timestampBounds(
        _ timestamps: UnsafeBufferPointer<Int64>,
        millisecondsPerUnit perUnit: Int64
    ) throws -> (Int64, Int64) {
        let lowest = SampleSeries.timestampRange.lowerBound / perUnit
        let highest = SampleSeries.timestampRange.upperBound / perUnit
        var earliest = Int64.max
        var latest = Int64.min
        for (index, raw) in timestamps.enumerated() {
            guard raw >= lowest, raw <= highest else {
                throw WellnessError.validation(
                    outOfRange(raw, millisecondsPerUnit: perUnit),
                    at: FieldPath.root.appending("timestamps").appending(index: index))
            }
            earliest = min(earliest, raw)
            latest = max(latest, raw)
        }
        return (earliest * perUnit, latest * perUnit)
    }

    /// Stores a run's summary as ``store(_:in:slots:span:samples:)``, its
    /// values summed straight into the day's earlier summary when there is
    /// one: unsorted input ends a run at almost every sample, and a sum of
    /// the run's own, merged, costs several times an addition.
    private static func store(
        _ summary: inout DaySummary, run: Range<Int>, of values: UnsafeBufferPointer<Double>,
        in days: inout [DaySummary], slots: inout DaySlots?, span: ClosedRange<Int>, samples: Int
    ) {
        if let slot = slots?.position(of: summary.day) {
            if !values.isEmpty, !run.isEmpty {
                days[slot].sum.add(
                    contentsOf: UnsafeBufferPointer(rebasing: values[run]),
                    largestMagnitude: max(abs(summary.minimum), abs(summary.maximum)))
            }
            // The run's own sum is empty: the merge adds nothing to the day's.
            days[slot].merge(summary)
            return
        }
        sumRun(of: &summary, values, run)
        store(summary, in: &days, slots: &slots, span: span, samples: samples)
    }

    /// Appends a day after the last, else merges it into its earlier summary
    /// (unsorted input revisits days), looked up in `slots`, which is made the
    /// first time a day comes out of order.
    static func store(
        _ summary: DaySummary, in days: inout [DaySummary], slots: inout DaySlots?, span: ClosedRange<Int>,
        samples: Int
    ) {
        if slots == nil, days.last.map({ $0.day < summary.day }) ?? true {
            days.append(summary)
            return
        }
        var index = slots ?? DaySlots(days, span: span, samples: samples)
        slots = nil  // one owner while it changes, so the table is not copied
        if let slot = index.position(of: summary.day) {
            days[slot].merge(summary)
        } else {
            index.set(days.count, for: summary.day)
            days.append(summary)
        }
        slots = index
    }

    static func bucket(
        _ days: [DaySummary], snapshots: [SnapshotValue]?, interval: AggregationInterval,
        options: SeriesOptions
    ) -> [SeriesBucket] {
        var buckets: [SeriesBucket] = []
        var dailyMeanSum = ExactAccumulator()
        var sum = ExactAccumulator()
        var firstDayOfBucket = 0
        for (index, summary) in days.enumerated() {
            let start = interval.bucketStart(containing: summary.day, firstWeekday: options.firstWeekday)
            if buckets.last?.start != start {
                if !buckets.isEmpty {
                    finish(
                        &buckets[buckets.count - 1], sum: sum, dailyMeanSum: dailyMeanSum,
                        days: days[firstDayOfBucket..<index], options: options)
                }
                buckets.append(emptyBucket(start: start, interval: interval, options: options))
                sum = ExactAccumulator()
                dailyMeanSum = ExactAccumulator()
                firstDayOfBucket = index
            }
            // In place: a copy of the bucket per day would retain and release its label and lists each time.
            add(
                summary, to: &buckets[buckets.count - 1], sum: &sum, dailyMeanSum: &dailyMeanSum,
                snapshots: snapshots, options: options)
        }
        if !buckets.isEmpty {
            finish(
                &buckets[buckets.count - 1], sum: sum, dailyMeanSum: dailyMeanSum,
                days: days[firstDayOfBucket...], options: options)
        }
        return buckets
    }

    private static func finish(
        _ bucket: inout SeriesBucket, sum: ExactAccumulator, dailyMeanSum: ExactAccumulator,
        days: ArraySlice<DaySummary>, options: SeriesOptions
    ) {
        guard options.kind == .numeric, bucket.count > 0, let low = bucket.minimum, let high = bucket.maximum else {
            return
        }
        bucket.average =
            options.averaging == .samples
            ? sum.mean(count: bucket.count, low: low, high: high)
            : dailyMeanSum.mean(count: bucket.daysWithData, low: low, high: high)
        if let statistics = options.statistics {
            bucket.extra = BucketStatistics(days: days, statistics: statistics, sum: sum)
        }
    }

    /// One day's summary into its bucket.
    private static func add(
        _ summary: DaySummary, to bucket: inout SeriesBucket, sum: inout ExactAccumulator,
        dailyMeanSum: inout ExactAccumulator,
        snapshots: [SnapshotValue]?, options: SeriesOptions
    ) {
        bucket.count += summary.count
        bucket.daysWithData += 1
        switch options.kind {
        case .numeric:
            sum.add(summary.sum)
            // A day's mean rounds its exact sum, which costs far more than an addition: read only when averaged.
            let bySamples = options.averaging == .samples
            let mean = bySamples ? 0 : summary.mean
            if !bySamples { dailyMeanSum.add(mean) }
            let low = bySamples ? summary.minimum : mean
            let high = bySamples ? summary.maximum : mean
            bucket.minimum = min(bucket.minimum ?? low, low)
            bucket.maximum = max(bucket.maximum ?? high, high)
        case .boolean:
            bucket.yesDays = (bucket.yesDays ?? 0) + (summary.latestValue != 0 ? 1 : 0)
        case .snapshot:
            if summary.latestTime >= (bucket.latestTime ?? Int64.min) {
                bucket.latestTime = summary.latestTime
                bucket.latest = snapshots?[summary.latestIndex] ?? .number(summary.latestValue)
            }
        }
    }

    private static func emptyBucket(start: Int, interval: AggregationInterval, options: SeriesOptions) -> SeriesBucket {
        let end = interval.nextBucketStart(after: start) - 1
        var bucket = SeriesBucket(
            kind: options.kind, start: start, end: end, label: interval.label(start: start, end: end))
        if interval == .week {
            bucket.weekOfYear = LocalCalendar.weekOfYear(weekStart: start, firstWeekday: options.firstWeekday)
        }
        if options.kind == .boolean { bucket.yesDays = 0 }
        bucket.statistics = options.statistics
        return bucket
    }

    /// `buckets` with an empty bucket for every interval between them.
    static func fillingGaps(
        _ buckets: [SeriesBucket], interval: AggregationInterval,
        options: SeriesOptions
    ) throws -> [SeriesBucket] {
        guard var start = buckets.first?.start else { return buckets }
        var filled: [SeriesBucket] = []
        for bucket in buckets {
            while start < bucket.start {
                try append(emptyBucket(start: start, interval: interval, options: options), to: &filled)
                start = interval.nextBucketStart(after: start)
            }
            try append(bucket, to: &filled)
            start = interval.nextBucketStart(after: bucket.start)
        }
        return filled
    }

    private static func append(_ bucket: SeriesBucket, to filled: inout [SeriesBucket]) throws {
        guard filled.count < SeriesOptions.maximumBuckets else {
            throw WellnessError.validation(
                "would create more than \(SeriesOptions.maximumBuckets) buckets: choose a longer interval",
                at: FieldPath.root.appending("include_empty"))
        }
        filled.append(bucket)
    }
}

extension SeriesAggregation: JSONEncodable {
    public var json: JSONValue {
        var object = JSONObject([
            ("kind", options.kind.json),
            ("time_zone", options.timeZone.identifier.json),
            ("first_weekday", options.firstWeekday.json),
            ("interval", interval.json),
            ("automatic_interval", automaticInterval.json),
            ("available_intervals", availableIntervals.json),
            ("span_days", spanDays.json),
            ("sample_count", sampleCount.json),
            ("first_day", JSONValue(firstDay.map(LocalCalendar.calendarDate(of:)))),
            ("last_day", JSONValue(lastDay.map(LocalCalendar.calendarDate(of:)))),
            ("buckets", .array(buckets.map(\.json))),
        ])
        if let streaks { object.append("streaks", streaks.json) }
        return .object(object)
    }
}
