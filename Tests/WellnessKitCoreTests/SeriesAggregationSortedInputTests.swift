import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitCore

/// The sorted-input path against the sample-by-sample loop it stands in for:
/// the same days, to the bit, or no answer at all.
@Suite struct SeriesAggregationSortedInputTests {
    /// SplitMix64: reproducible inputs without Foundation.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
        mutating func below(_ bound: Int64) -> Int64 { Int64(next() % UInt64(bound)) }
    }

    static let allStatistics =
        #"["count","sum","average","min","max","first","last","median","p05","p95","stddev"]"#

    static func days(
        _ timestamps: [Int64], _ values: [Double], unit: Int64, options text: String
    ) throws -> (sorted: [DaySummary]?, general: [DaySummary]) {
        let options = try decode(SeriesOptions.self, text)
        return try timestamps.withUnsafeBufferPointer { stamps in
            try values.withUnsafeBufferPointer { values in
                let columns = SeriesAggregation.Columns(
                    timestamps: stamps, millisecondsPerUnit: unit, values: values, readFromJSON: false)
                return (
                    SeriesAggregation.summarizeSortedDays(columns, options: options),
                    try SeriesAggregation.summarizeDaysSampleBySample(columns, options: options)
                )
            }
        }
    }

    static func sortedDays(_ timestamps: [Int64], _ values: [Double], options text: String) throws -> [DaySummary]? {
        let options = try decode(SeriesOptions.self, text)
        return timestamps.withUnsafeBufferPointer { stamps in
            values.withUnsafeBufferPointer { values in
                SeriesAggregation.summarizeSortedDays(
                    SeriesAggregation.Columns(
                        timestamps: stamps, millisecondsPerUnit: 1000, values: values, readFromJSON: false),
                    options: options)
            }
        }
    }

    static func expectSame(_ sorted: [DaySummary], _ general: [DaySummary], _ context: String) {
        #expect(sorted.count == general.count, "\(context)")
        for (one, two) in zip(sorted, general) {
            #expect(one.day == two.day && one.count == two.count, "\(context) day \(two.day)")
            let mean = { (day: DaySummary) in day.sum.mean(count: day.count, low: day.minimum, high: day.maximum) }
            let bits = [
                (mean(one), mean(two)), (one.minimum, two.minimum), (one.maximum, two.maximum),
                (one.latestValue, two.latestValue), (one.sum.value, two.sum.value),
                (one.earliestValue, two.earliestValue),
            ]
            #expect(bits.allSatisfy { $0.0.bitPattern == $0.1.bitPattern }, "\(context) day \(two.day)")
            #expect(one.values.map(\.bitPattern) == two.values.map(\.bitPattern), "\(context) day \(two.day)")
            #expect(
                (one.latestTime, one.latestIndex, one.earliestTime, one.earliestIndex)
                    == (two.latestTime, two.latestIndex, two.earliestTime, two.earliestIndex), "\(context)")
        }
    }

    /// Zones whose offsets change in every way: DST on both hemispheres, a
    /// half-hour DST (Lord Howe), a day skipped (Apia 2011), and clocks set
    /// back across midnight (Santiago), which revisits the day before.
    @Test(arguments: [
        "America/New_York", "America/Santiago", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kathmandu", "UTC",
    ])
    func sameDaysAsTheGeneralLoop(zone: String) throws {
        var generator = Generator(state: UInt64(zone.utf8.count))
        for (count, span) in [(1, Int64(60)), (5, 86_400), (2_000, 86_400 * 30), (20_000, 86_400 * 1_500)] {
            let start: Int64 = 1_293_840_000 + generator.below(86_400 * 365)  // 2011-2012: Apia's skipped day
            var timestamps = (0..<count).map { _ in start + generator.below(span) }.sorted()
            // Equal instants: the later input wins "latest", the earlier "first".
            if count > 2 { timestamps[1] = timestamps[0] }
            let values = (0..<count).map { index -> Double in
                switch generator.below(10) {
                case 0: return 0.0
                case 1: return -0.0
                case 2: return Double(generator.below(1_000_000)) * 1e300  // sums past the double range
                default: return Double(Int64(generator.next() >> 12)) / 1_000 - Double(index)
                }
            }
            for statistics in ["", #","statistics":\#(Self.allStatistics)"#] {
                let text = #"{"interval":"week","time_zone":"\#(zone)"\#(statistics)}"#
                let seconds = try Self.days(timestamps, values, unit: 1000, options: text)
                let context = "\(zone) \(count) samples \(statistics)"
                let sorted = try #require(seconds.sorted, "\(context)")
                Self.expectSame(sorted, seconds.general, context)
                let milliseconds = try Self.days(
                    timestamps.map { $0 * 1000 + 999 }, values, unit: 1,
                    options: text.replacingOccurrences(of: "{", with: #"{"timestamp_unit":"ms","#))
                Self.expectSame(try #require(milliseconds.sorted), milliseconds.general, context + " ms")
            }
        }
    }

    @Test func anythingElseGoesToTheGeneralLoop() throws {
        let timestamps: [Int64] = [1_700_000_000, 1_700_090_000, 1_700_000_100, 1_700_200_000]
        let options = #"{"interval":"day","time_zone":"Europe/Berlin"}"#
        // Out of order (its days still come out right, from the general loop).
        let unsorted = try Self.days(timestamps, [1, 2, 3, 4], unit: 1000, options: options)
        #expect(unsorted.sorted == nil && unsorted.general.map(\.count) == [2, 1, 1])
        // Sorted but with a NaN or an infinity: the general loop names it.
        let sorted = timestamps.sorted()
        for bad in [Double.nan, .infinity, -.infinity] {
            let options = try decode(SeriesOptions.self, options)
            #expect(throws: WellnessError.self) {
                try sorted.withUnsafeBufferPointer { stamps in
                    try [1, 2, bad, 4].withUnsafeBufferPointer {
                        try SeriesAggregation(timestamps: stamps, values: $0, options: options)
                    }
                }
            }
            #expect(try Self.sortedDays(sorted, [1, 2, bad, 4], options: #"{"time_zone":"UTC"}"#) == nil)
        }
        // Beyond year 9999, and boolean series.
        #expect(try Self.sortedDays([0, 253_402_300_800], [1, 1], options: options) == nil)
        #expect(try Self.sortedDays(sorted, [1, 0, 1, 1], options: #"{"kind":"boolean","time_zone":"UTC"}"#) == nil)
    }

    /// Each day is summed in fixed point at the scale of the day before:
    /// days whose magnitudes jump (up, down, to subnormals, to 1e300) fall
    /// back to the exact accumulator and still match the general loop; a
    /// NaN or infinity in a long day sends the input to that loop.
    @Test func daysOfChangingMagnitudesMatchTheGeneralLoop() throws {
        var generator = Generator(state: 33)
        let scales: [Double] = [1, 1e-3, 1e6, 0x1p-1060, 1e300, 1, 3, 1e-300, 70, 70]
        var timestamps: [Int64] = []
        var values: [Double] = []
        for (day, scale) in scales.enumerated() {
            for minute in 0..<(day % 3 == 0 ? 2 : 200) {
                timestamps.append(1_700_006_400 + Int64(day) * 86_400 + Int64(minute) * 60)
                values.append(Double(Int64(generator.next() >> 11) - (1 << 52)) / 0x1p52 * scale)
            }
        }
        let text = #"{"interval":"day","time_zone":"UTC","statistics":\#(Self.allStatistics)}"#
        let days = try Self.days(timestamps, values, unit: 1000, options: text)
        Self.expectSame(try #require(days.sorted), days.general, "changing magnitudes")
        for bad in [Double.nan, .infinity, -.infinity] {
            var spoiled = values
            spoiled[spoiled.count - 100] = bad
            #expect(try Self.sortedDays(timestamps, spoiled, options: text) == nil)
        }
    }
}
