/// The statistics of one bucket beyond the defaults, from its days' summaries.
struct BucketStatistics: Sendable, Equatable {
    /// The correctly rounded sum; ±infinity when beyond the range of a double
    /// (an error only when `sum` is asked for).
    var sum: Double
    var first: (value: Double, time: Int64)
    var last: (value: Double, time: Int64)
    /// By percentile rank (the median is 50).
    var quantiles: [Int: Double] = [:]
    var standardDeviation: Double?

    /// - Parameter sum: the bucket's exact sum, its days' merged.
    init(days: ArraySlice<DaySummary>, statistics: [SeriesStatistic], sum: ExactAccumulator) {
        var earliest = (time: Int64.max, index: Int.max, value: 0.0)
        var latest = (time: Int64.min, index: -1, value: 0.0)
        for day in days {
            if (day.earliestTime, day.earliestIndex) < (earliest.time, earliest.index) {
                earliest = (day.earliestTime, day.earliestIndex, day.earliestValue)
            }
            if (day.latestTime, day.latestIndex) > (latest.time, latest.index) {
                latest = (day.latestTime, day.latestIndex, day.latestValue)
            }
        }
        self.sum = sum.value
        first = (earliest.value, earliest.time)
        last = (latest.value, latest.time)
        guard statistics.contains(where: \.needsValues) else { return }
        // Sorted only for quantiles: the deviation's exact sums are the same in any order.
        let unsorted = days.flatMap(\.values)
        let ranks = statistics.contains {
            switch $0 {
            case .median, .percentile: return true
            default: return false
            }
        }
        let values = ranks ? unsorted.sorted() : unsorted
        for statistic in statistics {
            switch statistic {
            case .median: quantiles[50] = Self.quantile(values, rank: 50)
            case .percentile(let rank): quantiles[rank] = Self.quantile(values, rank: rank)
            case .standardDeviation: standardDeviation = Self.sampleDeviation(values)
            default: break
            }
        }
    }

    static func == (lhs: BucketStatistics, rhs: BucketStatistics) -> Bool {
        lhs.sum == rhs.sum && lhs.first == rhs.first && lhs.last == rhs.last && lhs.quantiles == rhs.quantiles
            && lhs.standardDeviation == rhs.standardDeviation
    }

    /// NumPy's `percentile(values, rank, method="linear")` (Hyndman and Fan's
    /// type 7, pandas' `quantile`) to the bit, over sorted `values`: the same
    /// operations in the same order. q = rank / 100, h = (n − 1) · q, and
    /// between a = x⌊h⌋ and b = x⌊h⌋₊₁ with g = h − ⌊h⌋, a + (b − a) · g
    /// below g = 0.5 and b − (b − a) · (1 − g) from it. Where b − a overflows
    /// (NumPy answers inf or NaN), a · (1 − g) + b · g between a and b.
    static func quantile(_ values: [Double], rank: Int) -> Double {
        let count = values.count
        guard count > 0 else { return 0 }
        let position = Double(count - 1) * (Double(rank) / 100)
        let floor = position.rounded(.down)
        // At or past the last index NumPy reads the last value twice, and its g counts from index −1.
        let atEnd = position >= Double(count - 1)
        let below = atEnd ? count - 1 : Int(exactly: floor) ?? count - 1
        let above = atEnd ? count - 1 : min(below + 1, count - 1)
        let fraction = position - (atEnd ? -1 : floor)
        let low = values[below]
        let high = values[above]
        let difference = high - low
        guard difference.isFinite else {
            return min(max(low * (1 - fraction) + high * fraction, low), high)
        }
        return fraction >= 0.5 ? high - difference * (1 - fraction) : low + difference * fraction
    }

    /// The sample standard deviation (n − 1, pandas' `std()`, NumPy's
    /// `std(ddof=1)`), two-pass: the mean is the correctly rounded sum ÷ n,
    /// the squared deviations are summed exactly, less the rounded mean's share. Values are first scaled by
    /// the power of two of the largest magnitude (exact), so no square can
    /// overflow; the result is ±infinity only when the deviation itself is
    /// beyond the range of a double. Nil below two values; order-independent.
    static func sampleDeviation(_ values: [Double]) -> Double? {
        guard values.count >= 2 else { return nil }
        let largest = values.reduce(0.0) { max($0, abs($1)) }
        guard largest > 0 else { return 0 }
        let exponent = Int(largest.exponent)
        let scaled = values.map { Double(sign: $0.sign, exponent: -exponent, significand: abs($0)) }
        // Exact sums: added as runs (in fixed point when they allow it) or one by one, the same to the bit.
        var sum = ExactAccumulator()
        scaled.withUnsafeBufferPointer { sum.add(contentsOf: $0) }
        let mean = sum.value / Double(values.count)
        // The corrected two-pass form (Björck): the rounded mean's error m − m̂ makes the squares
        // n · (m − m̂)² too large, which is (Σ(x − m̂))² / n, taken off; at an offset of 1e12 that
        // term alone is a relative error of 1e-9.
        let deviationsOfValues = scaled.map { $0 - mean }
        var deviations = ExactAccumulator()
        deviationsOfValues.withUnsafeBufferPointer { deviations.add(contentsOf: $0) }
        var squares = ExactAccumulator()
        deviationsOfValues.map { $0 * $0 }.withUnsafeBufferPointer { squares.add(contentsOf: $0) }
        let shift = deviations.value
        squares.add(-(shift * shift / Double(values.count)))
        let variance = max(squares.value, 0) / Double(values.count - 1)
        return Double(sign: .plus, exponent: exponent, significand: variance.squareRoot())
    }
}
