import Testing

@testable import WellnessKitCore

/// The grouped call's fast path (``DenseDayAggregator``, rows kept as
/// ``DenseBuckets``) against the general path (``SeriesAggregation`` per
/// group): the same rows, to the bit, and the general path for what it declines.
@Suite struct DenseDayAggregatorTests {
    private struct Rows {
        var rows: [DenseBuckets.Row] = []
        var text: [UInt8] = []
        var fastGroups = 0
    }

    /// The call's rows as the C entry point keeps them (fast path where it can), and as the general path makes them.
    private func bothPaths(
        _ keys: [Int64], _ timestamps: [Int64], _ values: [Double], _ json: String
    ) throws -> (fast: Rows, general: Rows) {
        let options = try GroupedSeriesOptions(json: try JSONParser.parse(Array(json.utf8)), at: .root)
        let layout = BucketColumns.layout(options: options.base)
        let fields = try #require(DenseField.fields(names: layout.names))
        return try keys.withUnsafeBufferPointer { keys in
            try timestamps.withUnsafeBufferPointer { timestamps in
                try values.withUnsafeBufferPointer { values in
                    let packed = try GroupedAggregation(
                        keys: keys, timestamps: timestamps, values: values, options: options,
                        packing: layout.columns, fields: fields)
                    var fast = Rows()
                    for share in packed.denseShares {
                        fast.rows += share.rows
                        fast.text += share.text
                        fast.fastGroups += share.fastGroups
                    }
                    let general = try GroupedAggregation(
                        keys: keys, timestamps: timestamps, values: values, options: options)
                    var buckets = DenseBuckets()
                    for group in general.groups { buckets.append(key: group.key, group.aggregation.buckets) }
                    return (fast, Rows(rows: buckets.rows, text: buckets.text, fastGroups: 0))
                }
            }
        }
    }

    /// - Parameter sums: whether the rows' sums are a column (the statistics name `sum`).
    private func expectSame(_ fast: Rows, _ general: Rows, _ context: String, sums: Bool = true) {
        let ignored = sums ? 0 : DenseBuckets.Row.nullSum
        #expect(fast.rows.count == general.rows.count, "\(context)")
        #expect(fast.text == general.text, "\(context): labels")
        for (index, (mine, theirs)) in zip(fast.rows, general.rows).enumerated() {
            let same =
                mine.key == theirs.key && mine.count == theirs.count && mine.start == theirs.start
                && mine.end == theirs.end && mine.daysWithData == theirs.daysWithData
                && mine.weekYear == theirs.weekYear && mine.week == theirs.week
                && mine.nulls | ignored == theirs.nulls | ignored
                && (!sums || mine.sum.bitPattern == theirs.sum.bitPattern)
                && mine.average.bitPattern == theirs.average.bitPattern
                && mine.minimum.bitPattern == theirs.minimum.bitPattern
                && mine.maximum.bitPattern == theirs.maximum.bitPattern
            #expect(same, "\(context), row \(index): \(mine) against \(theirs)")
            if !same { return }
        }
    }

    @Test func theFastPathMakesTheGeneralPathsRowsInEveryIntervalZoneAndWeekday() throws {
        var generator = SplitMixGenerator(seed: 21)
        let count = 40_000
        let keys = (0..<count).map { _ in Int64(generator.next() % 300) }
        // Three years around daylight-saving changes, in any order; values with fractions, zeros and negatives.
        let stamps = (0..<count).map { _ in 1_650_000_000 + Int64(generator.next() % 95_000_000) }
        let values = (0..<count).map { _ in (Double(generator.next() % 40_001) - 10_000) / 100 }
        let zones = ["America/New_York", "Europe/Berlin", "America/Santiago", "Australia/Sydney", "Asia/Kathmandu"]
        let groups = (0..<300).map { key in
            #"{"group": \#(key), "time_zone": "\#(zones[key % zones.count])""#
                + (key % 7 == 0 ? #", "first_weekday": "saturday"}"# : "}")
        }.joined(separator: ", ")
        for interval in ["day", "week", "month", "quarter", "half", "year", "auto"] {
            for statistics in [
                "", #", "statistics": ["count", "sum", "average", "min", "max"]"#, #", "statistics": ["max", "sum"]"#,
            ] {
                let json = #"{"interval": "\#(interval)", "threads": 3, "groups": [\#(groups)]\#(statistics)}"#
                let (fast, general) = try bothPaths(keys, stamps, values, json)
                #expect(fast.fastGroups == 300, "\(interval)\(statistics)")
                expectSame(fast, general, "\(interval)\(statistics)", sums: statistics.contains("sum"))
            }
        }
    }

    @Test func sumsAreRoundedOnceHalfToEvenAsTheExactSum() throws {
        // 2^53 + 1 and 2^53 + 3 are ties: to even, 2^53 and 2^53 + 4; so is 0.1 + 0.2, exactly (math.fsum's answer).
        let day: Int64 = 1_700_000_000
        let keys: [Int64] = [1, 1, 2, 2, 3, 3, 4, 4, 4]
        let values: [Double] = [0x1p53, 1, 0x1p53, 3, 0.1, 0.2, 1e15, 0.125, -1e15]
        let (fast, general) = try bothPaths(
            keys, Array(repeating: day, count: keys.count), values, #"{"interval": "day", "statistics": ["sum"]}"#)
        #expect(fast.fastGroups == 4)
        #expect(fast.rows.map(\.sum) == [0x1p53, 0x1p53 + 4, 0.300_000_000_000_000_04, 0.125])
        expectSame(fast, general, "ties")
    }

    @Test func whatTheFastPathDeclinesTheGeneralPathAggregates() throws {
        let day: Int64 = 1_700_000_000
        // Group 1: a negative zero (its min depends on the order); 2: magnitudes 2^-83 apart with low bits set
        // (no common fixed point); 3: two samples a century apart (too sparse for a table of days); 5: plain.
        let keys: [Int64] = [1, 1, 2, 2, 3, 3, 5, 5]
        let stamps: [Int64] = [day, day + 10, day, day + 10, day, day + 3_000_000_000, day, day + 86_400 * 9]
        let values: [Double] = [-0.0, 0.0, 1e10 + 0.5, 0x1.0000001p-50, 1, 2, 3, 4]
        let (fast, general) = try bothPaths(
            keys, stamps, values, #"{"interval": "week", "statistics": ["min", "sum"]}"#)
        #expect(fast.fastGroups == 1)
        expectSame(fast, general, "declined")
    }

    @Test func labelsAreTheIntervalsLabels() {
        let days = Array(-719_162..<(-718_700)) + Array(-400..<900) + Array(2_932_400...2_932_896)
        for interval in [AggregationInterval.day, .week, .month, .quarter, .half, .year] {
            for day in days {
                let start = interval.bucketStart(containing: day, firstWeekday: 2)
                let end = interval.nextBucketStart(after: start) - 1
                var bytes: [UInt8] = []
                BucketLabel.append(interval, start: start, end: end, to: &bytes)
                let expected = interval.label(start: start, end: end)
                #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(interval) \(day)")
                if String(decoding: bytes, as: UTF8.self) != expected { return }
            }
        }
    }

    @Test func weeksAreNumberedAsTheCalendarNumbersThem() {
        for weekday in 1...7 {
            var numbering = WeekNumbering(firstWeekday: weekday)
            let starts = stride(from: 10_000, to: 22_000, by: 1).map {
                AggregationInterval.week.bucketStart(containing: $0, firstWeekday: weekday)
            }
            // Ascending, then back and forth (groups in key order start their weeks over).
            for start in starts + starts.reversed() {
                let expected = LocalCalendar.weekOfYear(weekStart: start, firstWeekday: weekday)
                let got = numbering.weekOfYear(weekStart: start)
                #expect(got == expected, "weekday \(weekday), week of \(start)")
                if got != expected { return }
            }
        }
    }

    @Test func aBadRowUnderSkipIsReportedAtTheCallersRowWhileTheOthersTakeTheFastPath() throws {
        let day: Int64 = 1_700_000_000
        let json = #"{"interval": "week", "on_error": "skip", "statistics": ["sum"]}"#
        let options = try GroupedSeriesOptions(json: try JSONParser.parse(Array(json.utf8)), at: .root)
        let layout = BucketColumns.layout(options: options.base)
        let keys: [Int64] = [7, 3, 7, 3, 7]
        let stamps: [Int64] = [day, day, day, day, day]
        let values: [Double] = [1, 2, .nan, 4, 5]
        let result = try keys.withUnsafeBufferPointer { keys in
            try stamps.withUnsafeBufferPointer { stamps in
                try values.withUnsafeBufferPointer { values in
                    try GroupedAggregation(
                        keys: keys, timestamps: stamps, values: values, options: options, packing: layout.columns,
                        fields: DenseField.fields(names: layout.names))
                }
            }
        }
        #expect(result.failures.map(\.group) == [7] && result.failures.first?.row == 2)
        #expect(result.failures.first?.error.path == "values[2]")
        #expect(result.denseShares.flatMap(\.rows).map(\.key) == [3] && result.aggregatedCount == 1)
    }
}

/// A small seeded generator (SplitMix64), so that the tests' data are the same on every run.
private struct SplitMixGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
