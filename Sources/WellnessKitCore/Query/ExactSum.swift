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
        if let sum = fixedPoint(values) { return sum }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: partialsCapacity) { partials in
            var count = 0
            for value in [total] + values[index...] {
                guard add(value, to: partials, count: &count) else { return nil }
            }
            return rounded(partials, count: count)
        }
    }

    /// Binary digits after the point that the fixed-point sum keeps.
    private static let fractionBits = 60
    private static let scale = Double(sign: .plus, exponent: fractionBits, significand: 1)

    /// The sum as a 128-bit integer of 2^-60ths, rounded once when converted
    /// back, which is exact for data like health metrics (magnitudes under
    /// 2^40, no finer digits than 2^-60) and about ten times cheaper than
    /// partials; nil when a value does not fit, or the total would be subnormal.
    private static func fixedPoint(_ values: [Double]) -> Double? {
        // 2^27 values of magnitude under 2^100 (in 2^-60ths) stay under 2^127.
        guard values.count < 1 << 27 else { return nil }
        var total: Int128 = 0
        for value in values {
            guard abs(value) < 0x1p40 else { return nil }
            // In two halves of under 2^50 each: Int128(exactly:) from a double is a slow generic path.
            let scaled = value * scale
            let high = (scaled * 0x1p-50).rounded(.towardZero)
            let low = scaled - high * 0x1p50
            guard low == low.rounded(.towardZero), let highPart = Int64(exactly: high),
                let lowPart = Int64(exactly: low)
            else { return nil }
            total += Int128(highPart) << 50 + Int128(lowPart)
        }
        let sum = Double(total) / scale
        return sum == 0 || abs(sum) >= 0x1p-960 ? sum : nil
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
