/// The correctly rounded sum of doubles, as Python's `math.fsum` computes it
/// (Shewchuk's partials with round-half-even at the end), so that a query's
/// `sum` is the same number whatever order its rows come in. A query sums at
/// most a table's rows, where the partials list stays a few entries long;
/// bucketing millions of samples uses the cheaper ``CompensatedSum``.
struct ExactSum {
    /// The running total while every value has been a whole number and the
    /// total stays inside ±2^53, where plain addition is exact (steps, minutes, counts).
    private var wholeTotal = 0.0
    private var isWhole = true
    private var partials: [Double] = []
    /// Set once a partial overflows; the sum is then not a finite double.
    private(set) var overflowed = false

    mutating func add(_ value: Double) {
        if isWhole {
            let total = wholeTotal + value
            if value == value.rounded(.towardZero), abs(value) < Self.exactIntegers, abs(total) < Self.exactIntegers {
                wholeTotal = total
                return
            }
            isWhole = false
            addPartial(wholeTotal)
        }
        addPartial(value)
    }

    private static let exactIntegers = 9_007_199_254_740_992.0

    private mutating func addPartial(_ value: Double) {
        var x = value
        var kept = 0
        let count = partials.count
        // In place: the partials that stay nonzero move down, then x joins them.
        partials.withUnsafeMutableBufferPointer { partials in
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
            if kept < count { partials[kept] = x }
        }
        if !x.isFinite { overflowed = true }
        if kept < count {
            partials.removeLast(count - kept - 1)
        } else {
            partials.append(x)
        }
    }

    /// The sum rounded once, or nil when it does not fit a double.
    var value: Double? {
        if isWhole { return wholeTotal }
        guard !overflowed else { return nil }
        var count = partials.count
        guard count > 0 else { return 0 }
        count -= 1
        var high = partials[count]
        var low = 0.0
        while count > 0 {
            let x = high
            count -= 1
            let y = partials[count]
            high = x + y
            low = y - (high - x)
            if low != 0 { break }
        }
        // Half-way cases: the partials below decide which way to round.
        if count > 0, (low < 0 && partials[count - 1] < 0) || (low > 0 && partials[count - 1] > 0) {
            let doubled = low * 2
            let rounded = high + doubled
            if doubled == rounded - high { high = rounded }
        }
        return high.isFinite ? high : nil
    }
}
