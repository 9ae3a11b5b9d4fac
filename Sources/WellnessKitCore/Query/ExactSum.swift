/// The correctly rounded sum of doubles, as Python's `math.fsum` computes it,
/// so that a query's `sum` is the same number whatever order its rows come
/// in: a cheap exact path for whole numbers, else an ``ExactAccumulator``,
/// the one series buckets use.
enum ExactSum {
    private static let exactIntegers = 9_007_199_254_740_992.0

    /// The sum of `values` (finite), or nil when it does not fit a double.
    static func of(_ values: [Double]) -> Double? {
        // Whole numbers whose running total stays inside ±2^53 add exactly
        // (steps, minutes, counts): no partials needed.
        var total = 0.0
        var index = 0
        while index < values.count {
            let value = values[index]
            let next = total + value
            guard value == value.rounded(.towardZero), abs(value) < exactIntegers, abs(next) < exactIntegers else {
                break
            }
            total = next
            index += 1
        }
        if index == values.count { return total }
        var exact = ExactAccumulator()
        values.withUnsafeBufferPointer { exact.add(contentsOf: $0) }
        let sum = exact.value
        return sum.isFinite ? sum : nil
    }

    /// The mean of `values` (finite, not empty) as a series bucket's: the
    /// correctly rounded sum ÷ n, or, when that sum is beyond the range of a
    /// double, ``ExactAccumulator/mean(count:low:high:)``'s scaled division.
    static func mean(of values: [Double]) -> Double {
        if let sum = of(values) { return sum / Double(max(values.count, 1)) }
        var exact = ExactAccumulator()
        values.withUnsafeBufferPointer { exact.add(contentsOf: $0) }
        return exact.mean(
            count: values.count, low: values.min() ?? -.greatestFiniteMagnitude,
            high: values.max() ?? .greatestFiniteMagnitude)
    }
}
