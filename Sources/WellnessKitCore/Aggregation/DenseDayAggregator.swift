/// The grouped call's fast path for one group: its rows, in any order,
/// summed into a table of its local days (count, minimum, maximum and an
/// exact fixed-point sum per day), and the days into buckets, with no sort,
/// no allocation per day or bucket and no zone lookup per sample beyond a
/// few comparisons. One per thread: its tables are reused group after group.
///
/// It answers what ``SeriesAggregation`` answers, to the bit, for what it
/// takes (``accepts(_:)``): sums are exact either way and rounded once, and
/// without NaN or negative zero the minimum and maximum do not depend on the
/// order. Anything else in a group's rows makes it decline (a timestamp
/// outside years 1–9999, a value that is not finite or is −0, values too far
/// apart in magnitude for one fixed point, days too sparse for a table, a
/// date the result could not write): the general path then aggregates the
/// group and names any row at fault.
final class DenseDayAggregator {
    /// One bucket as the fast path makes it: what its row in the result needs.
    struct Bucket {
        var start: Int
        var end: Int
        var count: Int
        var daysWithData: Int
        /// Correctly rounded from the exact sum.
        var sum: Double
        var minimum: Double
        var maximum: Double

        /// The correctly rounded sum ÷ n, as ``ExactAccumulator/mean(count:low:high:)`` (the sum is finite).
        var average: Double { sum / Double(count) }
    }

    /// One local day's rows so far; neutral (as `init`) between groups.
    private struct Day {
        /// The exact sum in units of the group's fixed point.
        var sum: Int128 = 0
        var minimum = Double.infinity
        var maximum = -Double.infinity
        var count = 0
    }

    /// The last group's buckets, in time order.
    private(set) var buckets: [Bucket] = []
    /// The last group's interval: the options' or the automatic one.
    private(set) var interval = AggregationInterval.day
    private var days: [Day] = []
    /// A bit per day of the table that has rows; all clear between groups.
    private var occupied: [UInt64] = []
    /// Each zone's offsets, covering the groups seen so far (groups of one zone share it).
    private var zones: [String: (covered: ClosedRange<Int64>, offsets: ZoneOffsets)] = [:]

    private static let millisecondsPerDay: Int64 = 86_400_000
    /// Days added before dividing, so that every instant in years 1–9999 (and its offset) divides as a
    /// positive number: a floor division by a constant becomes a multiplication.
    private static let dayBias: Int64 = 4_000_000
    /// Most rows of a group: their fixed-point sum stays under 2^127.
    private static let maximumRows = 1 << 26

    init() {}

    /// Whether the options are the fast path's: numeric, no empty buckets,
    /// averaged over samples, and statistics among count, sum, average, min
    /// and max (or the defaults).
    static func accepts(_ options: SeriesOptions) -> Bool {
        guard options.kind == .numeric, !options.includeEmpty, options.averaging == .samples else { return false }
        let supported: [SeriesStatistic] = [.count, .sum, .average, .minimum, .maximum]
        return (options.statistics ?? []).allSatisfy { supported.contains($0) }
    }

    /// Aggregates one group's rows into ``buckets`` and ``interval``.
    /// - Returns: false, with nothing kept, when the rows need the general path.
    func aggregate(
        timestamps: UnsafeBufferPointer<Int64>, values: UnsafeBufferPointer<Double>, options: SeriesOptions
    ) -> Bool {
        var options = options
        return aggregate(timestamps: timestamps, values: values, reading: &options)
    }

    /// As ``aggregate(timestamps:values:options:)``, the options read in
    /// place and left as they are: a copy of them retains the zone's data,
    /// which the grouped call's threads share, and threads retaining the same
    /// object at once contend for its reference count group after group.
    func aggregate(
        timestamps: UnsafeBufferPointer<Int64>, values: UnsafeBufferPointer<Double>,
        reading options: inout SeriesOptions
    ) -> Bool {
        buckets.removeAll(keepingCapacity: true)
        let count = timestamps.count
        guard count > 0, values.count == count, count < Self.maximumRows else { return false }
        let perUnit: Int64 = options.timestampUnit == .seconds ? 1000 : 1
        guard let bounds = Self.bounds(timestamps, values, perUnit: perUnit) else { return false }
        // In years 1–9999 from here: no product or sum of instants below overflows.
        let earliest = bounds.earliest &* perUnit
        let latest = bounds.latest &* perUnit
        guard let lookup = offsets(options.timeZone, earliest...latest) else { return false }
        let firstDay = Self.day(of: earliest &+ lookup.lowest)
        let span = Int(Self.day(of: latest &+ lookup.highest) &- firstDay) &+ 1
        guard span <= max(8192, 8 * count) else { return false }
        // All zeros sum to 0 at any scale.
        guard let scale = FixedPoint(largest: bounds.largest > 0 ? bounds.largest : 1) else { return false }
        reserve(span)
        let refused: Bool
        if let few = lookup.few {
            refused = accumulate(timestamps, values, perUnit: perUnit, firstDay: firstDay, few, scale)
        } else {
            refused = accumulate(timestamps, values, perUnit: perUnit, firstDay: firstDay, lookup, scale)
        }
        guard !refused else {
            clear(span)
            return false
        }
        return collect(span, firstDay: Int(firstDay), options: options, scale: scale)
    }

    /// The earliest and latest timestamp and the largest magnitude, or nil
    /// when a timestamp lies outside years 1–9999 or a value is not finite or is −0.
    private static func bounds(
        _ timestamps: UnsafeBufferPointer<Int64>, _ values: UnsafeBufferPointer<Double>, perUnit: Int64
    ) -> (earliest: Int64, latest: Int64, largest: Double)? {
        var earliest = Int64.max
        var latest = Int64.min
        var largest = 0.0
        var refused: UInt64 = 0  // not Bool: || would branch in the loop
        let exponentBits: UInt64 = 0x7FF0_0000_0000_0000
        let negativeZero: UInt64 = 0x8000_0000_0000_0000
        for index in 0..<timestamps.count {
            let stamp = timestamps[index]
            let value = values[index]
            earliest = min(earliest, stamp)
            latest = max(latest, stamp)
            let bits = value.bitPattern
            refused |= (bits & exponentBits == exponentBits ? 1 : 0) | (bits == negativeZero ? 1 : 0)
            largest = max(largest, abs(value))
        }
        // The general loop's bounds, divided as it divides them.
        let lowest = SampleSeries.timestampRange.lowerBound / perUnit
        let highest = SampleSeries.timestampRange.upperBound / perUnit
        guard refused == 0, earliest >= lowest, latest <= highest else { return nil }
        return (earliest, latest, largest)
    }

    /// The zone's offsets over `range` (UTC milliseconds), or nil when one is more than two days.
    private func offsets(_ zone: TimeZoneRules, _ range: ClosedRange<Int64>) -> OffsetLookup? {
        let seconds = range.lowerBound.floorDivided(by: 1000)...range.upperBound.floorDivided(by: 1000)
        let table: ZoneOffsets
        if let known = zones[zone.identifier], known.covered.contains(seconds.lowerBound),
            known.covered.contains(seconds.upperBound)
        {
            table = known.offsets
        } else {
            // A year of margin each side, so that the zone's next groups (about the same span) fit.
            let year: Int64 = 366 * 86_400
            let covered = (seconds.lowerBound - year)...(seconds.upperBound + year)
            table = ZoneOffsets(zone: zone, covering: covered)
            zones[zone.identifier] = (covered, table)
        }
        return OffsetLookup(table.segments(overlapping: seconds))
    }

    /// The local day of local milliseconds in years 1–9999 (give or take the offsets).
    @inline(__always)
    private static func day(of local: Int64) -> Int64 {
        let biased = UInt64(bitPattern: local &+ dayBias &* millisecondsPerDay)
        return Int64(bitPattern: biased / UInt64(millisecondsPerDay)) &- dayBias
    }

    /// Makes the tables hold `span` days (new days neutral, bits clear).
    private func reserve(_ span: Int) {
        if days.count < span { days.append(contentsOf: repeatElement(Day(), count: span - days.count)) }
        let words = (span + 63) / 64
        if occupied.count < words { occupied.append(contentsOf: repeatElement(0, count: words - occupied.count)) }
    }

    /// Every row into its local day's totals.
    /// - Returns: whether the fixed point refused a value (it is then of no use).
    private func accumulate<Lookup: OffsetFinding>(
        _ timestamps: UnsafeBufferPointer<Int64>, _ values: UnsafeBufferPointer<Double>, perUnit: Int64,
        firstDay: Int64, _ lookup: Lookup, _ split: FixedPoint
    ) -> Bool {
        var refused: UInt64 = 0
        days.withUnsafeMutableBufferPointer { days in
            occupied.withUnsafeMutableBufferPointer { occupied in
                for index in 0..<timestamps.count {
                    // In years 1–9999 (bounds checked them): no overflow.
                    let instant = timestamps[index] &* perUnit
                    let slot = Int(truncatingIfNeeded: Self.day(of: instant &+ lookup.offset(at: instant)) &- firstDay)
                    let value = values[index]
                    let (part, refuses) = split.part(of: value)
                    refused |= refuses
                    days[slot].sum &+= part
                    days[slot].count &+= 1
                    // As Swift.min/max with the running value first (no NaN or −0 here: the order cannot matter).
                    days[slot].minimum = min(days[slot].minimum, value)
                    days[slot].maximum = max(days[slot].maximum, value)
                    occupied[slot &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: slot & 63)
                }
            }
        }
        return refused != 0
    }

    /// The days with rows, in order, into ``buckets``; every day is left neutral.
    /// - Returns: false when a date the result writes lies outside years 1–9999.
    private func collect(_ span: Int, firstDay: Int, options: SeriesOptions, scale: FixedPoint) -> Bool {
        // Moved out while read: through the object's properties each access was checked for exclusivity.
        var days: [Day] = []
        var occupied: [UInt64] = []
        var buckets: [Bucket] = []
        swap(&days, &self.days)
        swap(&occupied, &self.occupied)
        swap(&buckets, &self.buckets)
        defer {
            swap(&days, &self.days)
            swap(&occupied, &self.occupied)
            swap(&buckets, &self.buckets)
        }
        let words = (span + 63) / 64
        guard let first = occupied[0..<words].firstIndex(where: { $0 != 0 }),
            let last = occupied[0..<words].lastIndex(where: { $0 != 0 })
        else { return false }
        let earliestDay = firstDay + first * 64 + occupied[first].trailingZeroBitCount
        let latestDay = firstDay + last * 64 + 63 - occupied[last].leadingZeroBitCount
        let interval = options.interval ?? .automatic(forSpanDays: latestDay - earliestDay)
        self.interval = interval
        var open: (bucket: Bucket, sum: Int128, next: Int)?
        for word in first...last {
            var bits = occupied[word]
            occupied[word] = 0
            while bits != 0 {
                let slot = word * 64 + bits.trailingZeroBitCount
                bits &= bits &- 1
                let totals = days[slot]
                days[slot] = Day()
                let day = firstDay + slot
                if var current = open, day < current.next {
                    current.bucket.count += totals.count
                    current.bucket.daysWithData += 1
                    current.bucket.minimum = min(current.bucket.minimum, totals.minimum)
                    current.bucket.maximum = max(current.bucket.maximum, totals.maximum)
                    // Under 2^26 rows of under 2^101 each: no overflow.
                    current.sum &+= totals.sum
                    open = current
                    continue
                }
                if let done = open { buckets.append(Self.finished(done, scale)) }
                let start = interval.bucketStart(containing: day, firstWeekday: options.firstWeekday)
                let next = interval.nextBucketStart(after: start)
                let bucket = Bucket(
                    start: start, end: next - 1, count: totals.count, daysWithData: 1, sum: 0,
                    minimum: totals.minimum, maximum: totals.maximum)
                open = (bucket, totals.sum, next)
            }
        }
        if let done = open { buckets.append(Self.finished(done, scale)) }
        // The general path checks the first and last days and their buckets; those between lie between.
        let dates = CalendarDate.dayRange
        guard let head = buckets.first, let tail = buckets.last, dates.contains(earliestDay),
            dates.contains(latestDay), dates.contains(head.start), dates.contains(tail.end)
        else {
            buckets.removeAll(keepingCapacity: true)
            return false
        }
        return true
    }

    private static func finished(_ open: (bucket: Bucket, sum: Int128, next: Int), _ scale: FixedPoint) -> Bucket {
        var bucket = open.bucket
        bucket.sum = scale.value(of: open.sum)
        return bucket
    }

    /// Leaves the first `span` days neutral and their bits clear, after a refusal.
    private func clear(_ span: Int) {
        for slot in 0..<span where days[slot].count != 0 { days[slot] = Day() }
        for word in 0..<((span + 63) / 64) { occupied[word] = 0 }
    }
}

/// A UTC offset per instant: the lookup the day loop is specialized for.
private protocol OffsetFinding {
    /// The offset in milliseconds at an instant in UTC milliseconds.
    func offset(at instant: Int64) -> Int64
}

/// The offsets over one group's instants: at most four segments (a year or
/// so of a zone with daylight saving time) in ``few``, found by three
/// comparisons; more by a binary search.
private struct OffsetLookup: OffsetFinding {
    /// Where each segment starts (UTC milliseconds; the first from any time).
    private let starts: [Int64]
    private let offsets: [Int64]
    /// The least and greatest offset, in milliseconds.
    let lowest: Int64
    let highest: Int64
    /// The same segments when there are at most four.
    let few: FewOffsets?

    /// Nil when an offset is more than two days (no zone has one; a damaged file might).
    init?(_ segments: [(start: Int64, offset: Int64)]) {
        let limit: Int64 = 2 * 86_400
        // A range, not abs(): abs(Int64.min) would trap.
        guard !segments.isEmpty, segments.allSatisfy({ (-limit...limit).contains($0.offset) }) else { return nil }
        // Starts after the first lie in the group's span (years 1–9999): no overflow.
        starts = [Int64.min] + segments.dropFirst().map { $0.start &* 1000 }
        offsets = segments.map { $0.offset &* 1000 }
        lowest = offsets.min() ?? 0
        highest = offsets.max() ?? 0
        few = offsets.count <= 4 ? FewOffsets(starts: starts, offsets: offsets) : nil
    }

    @inline(__always)
    func offset(at instant: Int64) -> Int64 {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        return offsets[low]
    }
}

/// Up to four offset segments, padded with segments that never start.
private struct FewOffsets: OffsetFinding {
    private let second: Int64
    private let third: Int64
    private let fourth: Int64
    private let offsets: (Int64, Int64, Int64, Int64)

    init(starts: [Int64], offsets: [Int64]) {
        func start(_ index: Int) -> Int64 { index < starts.count ? starts[index] : Int64.max }
        func offset(_ index: Int) -> Int64 { index < offsets.count ? offsets[index] : 0 }
        second = start(1)
        third = start(2)
        fourth = start(3)
        self.offsets = (offset(0), offset(1), offset(2), offset(3))
    }

    @inline(__always)
    func offset(at instant: Int64) -> Int64 {
        // Selects, not branches: rows come in any order.
        var offset = offsets.0
        offset = instant >= second ? offsets.1 : offset
        offset = instant >= third ? offsets.2 : offset
        offset = instant >= fourth ? offsets.3 : offset
        return offset
    }
}

/// One group's fixed point for exact sums, as ``ExactAccumulator``'s
/// fixed-point sum: the largest magnitude scaled to under 2^50, each value
/// split without rounding into a high and a low whole number of 50 bits
/// (its proof is there), both summed in an Int128 per day.
private struct FixedPoint {
    private let down: Double
    private let unit: Double
    /// The weight of a sum's unit: 2^exponent.
    private let exponent: Int
    private static let magic: Double = 0x1.8p52
    private static let magicBits = Int64(bitPattern: magic.bitPattern)

    /// Nil when `largest` (positive) is too near either end of the doubles.
    init?(largest: Double) {
        guard largest.isFinite, (-900...900).contains(largest.exponent) else { return nil }
        let top = Int(largest.exponent)
        down = Double(sign: .plus, exponent: 49 - top, significand: 1)
        unit = Double(sign: .plus, exponent: top - 99, significand: 1)
        exponent = top - 99
    }

    /// A value's share of a sum in units of 2^exponent, and 1 when the value
    /// is not a whole number of units (or under one), which refuses the group.
    @inline(__always)
    func part(of value: Double) -> (Int128, UInt64) {
        let x = value * down
        let rounded = x + Self.magic
        let y = (x - (rounded - Self.magic)) * 0x1p50
        let shifted = y + Self.magic
        let magnitude = abs(value)
        let refuses = (shifted - Self.magic == y ? 0 : 1) | ((magnitude < unit ? 1 : 0) & (magnitude != 0 ? 1 : 0))
        let high = Int64(bitPattern: rounded.bitPattern) &- Self.magicBits
        let low = Int64(bitPattern: shifted.bitPattern) &- Self.magicBits
        return ((Int128(high) &<< 50) &+ Int128(low), UInt64(refuses))
    }

    /// `total` units, correctly rounded (half to even), as ``ExactAccumulator/value`` rounds the same sum:
    /// a nonzero total is at least 2^-999 in magnitude, so the result is a normal double.
    func value(of total: Int128) -> Double {
        guard total != 0 else { return 0 }
        let magnitude = total.magnitude
        let length = 128 - magnitude.leadingZeroBitCount
        let dropped = max(length - 53, 0)
        var kept = UInt64(truncatingIfNeeded: magnitude &>> dropped)
        if dropped > 0 {
            let remainder = magnitude & ((1 &<< dropped) &- 1)
            let half = UInt128(1) &<< (dropped - 1)
            if remainder > half || (remainder == half && kept & 1 == 1) { kept += 1 }
        }
        let rounded = Double(sign: .plus, exponent: exponent + dropped, significand: Double(kept))
        return total < 0 ? -rounded : rounded
    }
}
