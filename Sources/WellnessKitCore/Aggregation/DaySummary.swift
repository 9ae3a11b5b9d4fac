/// Everything a bucket needs from one local day's samples.
struct DaySummary {
    let day: Int
    var count = 0
    /// Exact: the day's mean and its bucket's sum and mean are the correctly rounded ones, in any order.
    var sum = ExactAccumulator()
    var minimum = Double.infinity
    var maximum = -Double.infinity
    /// The latest sample of the day (by time, then input order): its answer
    /// is the day's answer for boolean and snapshot series.
    var latestTime = Int64.min
    var latestIndex = -1
    var latestValue = 0.0
    /// Kept only when statistics other than the defaults are asked for.
    var earliestTime = Int64.max
    var earliestIndex = Int.max
    var earliestValue = 0.0
    /// Every value of the day, for order statistics and the deviation.
    var values: [Double] = []

    init(day: Int) {
        self.day = day
    }

    var mean: Double { sum.mean(count: count, low: minimum, high: maximum) }

    /// Folds in another summary of the same day (unsorted input revisits days).
    mutating func merge(_ other: DaySummary) {
        count += other.count
        sum.add(other.sum)
        minimum = Swift.min(minimum, other.minimum)
        maximum = Swift.max(maximum, other.maximum)
        if (other.latestTime, other.latestIndex) > (latestTime, latestIndex) {
            latestTime = other.latestTime
            latestIndex = other.latestIndex
            latestValue = other.latestValue
        }
        if (other.earliestTime, other.earliestIndex) < (earliestTime, earliestIndex) {
            earliestTime = other.earliestTime
            earliestIndex = other.earliestIndex
            earliestValue = other.earliestValue
        }
        // Unsorted input merges a summary per sample, mostly without values: appending none still copies.
        if !other.values.isEmpty { values += other.values }
    }
}
