/// The correctly rounded sum of doubles, as Python's `math.fsum` computes it
/// (Shewchuk's partials with round-half-even at the end), so that a query's
/// `sum` is the same number whatever order its rows come in. Bucketing
/// millions of samples uses the cheaper ``CompensatedSum``.
enum ExactSum {
    /// Finite doubles never need more partials than their exponent range
    /// spans in 53-bit steps (about 40); the buffer has room to spare.
    private static let partialsCapacity = 64
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
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: partialsCapacity) { partials in
            var count = 0
            for value in [total] + values[index...] {
                guard add(value, to: partials, count: &count) else { return nil }
            }
            return rounded(partials, count: count)
        }
    }

    /// Adds `value` to the partials in place; false when a partial overflows.
    private static func add(_ value: Double, to partials: UnsafeMutableBufferPointer<Double>, count: inout Int) -> Bool
    {
        var x = value
        var kept = 0
        for index in 0..<count {
            var y = partials[index]
            if abs(x) < abs(y) { swap(&x, &y) }
            let high = x + y
            let low = y - (high - x)
            if low != 0 {
                partials[kept] = low
                kept += 1
            }
            x = high
        }
        guard x.isFinite, kept < partials.count else { return false }
        partials[kept] = x
        count = kept + 1
        return true
    }

    /// The partials' sum rounded once, or nil when it does not fit a double.
    private static func rounded(_ partials: UnsafeMutableBufferPointer<Double>, count: Int) -> Double? {
        var index = count
        guard index > 0 else { return 0 }
        index -= 1
        var high = partials[index]
        var low = 0.0
        while index > 0 {
            let x = high
            index -= 1
            let y = partials[index]
            high = x + y
            low = y - (high - x)
            if low != 0 { break }
        }
        // Half-way cases: the partials below decide which way to round.
        if index > 0, (low < 0 && partials[index - 1] < 0) || (low > 0 && partials[index - 1] > 0) {
            let doubled = low * 2
            let rounded = high + doubled
            if doubled == rounded - high { high = rounded }
        }
        return high.isFinite ? high : nil
    }
}
