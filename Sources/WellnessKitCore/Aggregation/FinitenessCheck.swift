/// Whether every value of a run was finite, at the cost of a multiplication
/// and an addition per value, so the sorted-input loop can check a day's
/// values before its exact sum (``ExactAccumulator``) reads them.
struct FinitenessCheck {
    /// 0 while every value was finite: a finite value times 0 is ±0, an
    /// infinity or NaN times 0 is NaN, and NaN stays.
    private var probe = 0.0

    @inline(__always)
    mutating func add(_ value: Double) {
        probe += value * 0
    }

    /// False once a NaN or an infinity was added.
    var isFromFiniteValues: Bool { probe == 0 }
}
