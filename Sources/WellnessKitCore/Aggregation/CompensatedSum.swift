/// A sum with Neumaier's compensation (Kahan–Babuška): the rounding error of
/// each addition is kept apart and added at the end, so a year of minute
/// samples sums as `math.fsum` does to the last bit or two, where a plain
/// sum drifts.
struct CompensatedSum {
    private var sum = 0.0
    private var compensation = 0.0

    @inline(__always)
    mutating func add(_ value: Double) {
        let total = sum + value
        if abs(sum) >= abs(value) {
            compensation += (sum - total) + value
        } else {
            compensation += (value - total) + sum
        }
        sum = total
    }

    mutating func add(_ other: CompensatedSum) {
        add(other.sum)
        compensation += other.compensation
    }

    /// The sum; not finite when it overflows a double.
    var value: Double { sum + compensation }
}
