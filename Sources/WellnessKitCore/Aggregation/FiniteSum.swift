/// A sum of finite doubles whose mean is always finite.
///
/// The plain sum overflows once values near `Double.greatestFiniteMagnitude`
/// add up (two samples of 1e308 sum to infinity), although their mean is
/// finite. A second sum of the values scaled by 2^-64 cannot overflow for
/// any realistic count, and is used exactly when the plain one did; the
/// scaling is exact for the magnitudes where that happens.
struct FiniteSum {
    private static let scale = 0x1p-64
    private var plain = 0.0
    private var scaled = 0.0

    @inline(__always)
    mutating func add(_ value: Double) {
        plain += value
        scaled += value * Self.scale
    }

    mutating func add(_ other: FiniteSum) {
        plain += other.plain
        scaled += other.scaled
    }

    /// False once a NaN or an infinity was added: finite values cannot make
    /// the scaled sum overflow, and neither can be undone by later additions.
    var isFromFiniteValues: Bool { scaled.isFinite }

    /// The mean of `count` values between `low` and `high`, clamped to them:
    /// rounding can nudge the mean of values at the edge of the double range
    /// past that edge.
    func mean(count: Int, low: Double, high: Double) -> Double {
        let divisor = Double(max(count, 1))
        let mean = plain.isFinite ? plain / divisor : (scaled / divisor) / Self.scale
        guard mean.isFinite else { return mean.sign == .minus ? low : high }
        return min(max(mean, low), high)
    }
}
