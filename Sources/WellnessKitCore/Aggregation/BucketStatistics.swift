/// The statistics of one bucket beyond the defaults, from its days' summaries.
struct BucketStatistics: Sendable, Equatable {
    var sum: Double
    var first: (value: Double, time: Int64)
    var last: (value: Double, time: Int64)
    /// By percentile rank (the median is 50).
    var quantiles: [Int: Double] = [:]
    var standardDeviation: Double?

    init(days: ArraySlice<DaySummary>, statistics: [SeriesStatistic]) {
        var total = CompensatedSum()
        var earliest = (time: Int64.max, index: Int.max, value: 0.0)
        var latest = (time: Int64.min, index: -1, value: 0.0)
        for day in days {
            total.add(day.exactSum)
            if (day.earliestTime, day.earliestIndex) < (earliest.time, earliest.index) {
                earliest = (day.earliestTime, day.earliestIndex, day.earliestValue)
            }
            if (day.latestTime, day.latestIndex) > (latest.time, latest.index) {
                latest = (day.latestTime, day.latestIndex, day.latestValue)
            }
        }
        sum = total.value
        first = (earliest.value, earliest.time)
        last = (latest.value, latest.time)
        guard statistics.contains(where: \.needsValues) else { return }
        let values = days.flatMap(\.values).sorted()
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

    /// Linear interpolation between the closest ranks of sorted `values`
    /// (NumPy's "linear", Hyndman and Fan's type 7): h = (n − 1) · rank / 100.
    static func quantile(_ values: [Double], rank: Int) -> Double {
        guard let lowest = values.first else { return 0 }
        let position = Double(values.count - 1) * Double(rank) / 100
        let below = Int(position.rounded(.down))
        let fraction = position - Double(below)
        guard fraction > 0, below + 1 < values.count else { return below < values.count ? values[below] : lowest }
        // Weighted, not x + f·(y − x): y − x overflows for values of opposite signs near the double range.
        let value = values[below] * (1 - fraction) + values[below + 1] * fraction
        return min(max(value, values[below]), values[below + 1])
    }

    /// The sample standard deviation (n − 1), two-pass over values scaled by
    /// the largest magnitude, so squares of values near 1e308 cannot overflow.
    static func sampleDeviation(_ values: [Double]) -> Double? {
        guard values.count >= 2, let scale = values.map({ abs($0) }).max(), scale > 0 else {
            return values.count >= 2 ? 0 : nil
        }
        var sum = CompensatedSum()
        for value in values { sum.add(value / scale) }
        let mean = sum.value / Double(values.count)
        var squares = CompensatedSum()
        for value in values {
            let deviation = value / scale - mean
            squares.add(deviation * deviation)
        }
        return (squares.value / Double(values.count - 1)).squareRoot() * scale
    }
}
