/// The correctly rounded sum of doubles, as Python's `math.fsum` computes it,
/// so that a query's `sum` is the same number whatever order its rows come
/// in: cheap exact paths for whole numbers and fixed-point data, else an
/// ``ExactAccumulator``, the one series buckets use.
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
        if let sum = fixedPoint(values) { return sum }
        var exact = ExactAccumulator()
        for value in values { exact.add(value) }
        let sum = exact.value
        return sum.isFinite ? sum : nil
    }

    /// The mean of `values` (finite, not empty) as a series bucket's: the
    /// correctly rounded sum ÷ n, or, when that sum is beyond the range of a
    /// double, ``ExactAccumulator/mean(count:low:high:)``'s scaled division.
    static func mean(of values: [Double]) -> Double {
        if let sum = of(values) { return sum / Double(max(values.count, 1)) }
        var exact = ExactAccumulator()
        for value in values { exact.add(value) }
        return exact.mean(
            count: values.count, low: values.min() ?? -.greatestFiniteMagnitude,
            high: values.max() ?? .greatestFiniteMagnitude)
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
}
