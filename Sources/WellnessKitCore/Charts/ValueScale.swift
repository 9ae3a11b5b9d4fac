#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The y axis of a chart: its range and its "nice" ticks.
///
/// Rules (docs/CHARTS.md):
/// - Ticks are multiples of a step of 1, 2, 2.5 or 5 × 10^k; there are 4 to 6
///   of them, the first at or below the lowest value and the last at or
///   above the highest, and the axis runs from the first tick to the last.
/// - Zero baseline: the axis includes 0, and the area is filled down to 0,
///   unless the data is far from zero: all values of one sign and the data's
///   span less than a quarter of its distance from zero (weights of 80–82 kg),
///   where a zero-based axis would squeeze the line into less than a fifth of
///   the plot. Then the axis fits the data and no area is drawn, because an
///   area that stops above zero would misstate the values.
/// - Flat data (a single value, equal values, or differences below 10^-12 of
///   the values) is drawn from 0 to the value; values that are all 0 (or
///   within 10^-290 of it) on an axis from 0 to 1.
/// - Any finite input gives finite ticks: ranges are computed in halves so
///   that ±1.8e308 cannot overflow, and a tick that would overflow is left
///   out, the axis then ending at ±`Double.greatestFiniteMagnitude`.
public struct ValueScale: Sendable, Equatable {
    /// The bottom of the axis.
    public let lower: Double
    /// The top of the axis (always above ``lower``).
    public let upper: Double
    /// The tick values, ascending.
    public let ticks: [Double]
    /// The tick labels ("2,000").
    public let labels: [String]
    /// The distance between ticks.
    public let step: Double
    /// Whether 0 is on the axis, and so whether the area is filled down to it.
    public let includesZero: Bool

    /// The most and fewest ticks an axis has (fewer only where a tick would
    /// overflow the doubles).
    public static let tickCountRange = 4...6

    /// The scale for `values` (finite; empty gives the axis of flat zeros).
    public init(values: [Double]) {
        var lowest = Double.infinity
        var highest = -Double.infinity
        for value in values where value.isFinite {
            lowest = min(lowest, value)
            highest = max(highest, value)
        }
        guard lowest <= highest else {
            self.init(from: 0, to: 1, includesZero: true)
            return
        }
        let magnitude = max(abs(lowest), abs(highest))
        let halfSpan = highest / 2 - lowest / 2
        if halfSpan <= magnitude * 1e-12 || halfSpan < 1e-290 {
            // Flat data: from 0 to the value.
            let value = lowest / 2 + highest / 2
            if abs(value) < 1e-290 {
                self.init(from: 0, to: 1, includesZero: true)
            } else {
                self.init(from: min(value, 0), to: max(value, 0), includesZero: true)
            }
            return
        }
        let sameSign = lowest >= 0 || highest <= 0
        let distanceFromZero = sameSign ? min(abs(lowest), abs(highest)) : 0
        // Far from zero when distance > 4 × span = 8 × halfSpan (divided, not
        // multiplied, so that nothing overflows).
        if distanceFromZero / 8 > halfSpan {
            self.init(from: lowest, to: highest, includesZero: false)
        } else {
            self.init(from: min(lowest, 0), to: max(highest, 0), includesZero: true)
        }
    }

    /// Nice ticks covering `low`…`high` (`low` < `high`, both finite).
    private init(from low: Double, to high: Double, includesZero: Bool) {
        self.includesZero = includesZero
        let halfRange = high / 2 - low / 2
        // A fifth of the range: the step of 6 ticks.
        let rawStep = halfRange / 2.5
        let exponent = ChartNumberFormat.decimalExponent(of: rawStep)
        var chosen: (mantissa: Double, exponent: Int, first: Double, last: Double)?
        search: for power in exponent...(exponent + 2) {
            for mantissa in [1.0, 2, 2.5, 5] {
                let step = Self.multiple(1, of: mantissa, power)
                guard step.isFinite, step > 0 else { continue }
                var first = (low / step).rounded(.down)
                var last = (high / step).rounded(.up)
                guard first.isFinite, last.isFinite else { continue }
                // Division rounds: make sure the ends really cover the data.
                if Self.multiple(first, of: mantissa, power) > low { first -= 1 }
                if Self.multiple(last, of: mantissa, power) < high { last += 1 }
                if last - first + 1 <= Double(Self.tickCountRange.upperBound) {
                    chosen = (mantissa, power, first, last)
                    break search
                }
            }
        }
        guard let (mantissa, power, first, last) = chosen else {
            // Unreachable for finite ranges; a two-tick axis all the same.
            lower = low
            upper = high
            ticks = [low, high]
            step = halfRange * 2
            labels = ticks.map { ChartNumberFormat.scientific($0, significantDigits: 3) }
            return
        }
        var values: [Double] = []
        // At most 6 ticks; the count is clamped before it becomes an Int.
        let count = Int(min(max(last - first + 1, 0), Double(Self.tickCountRange.upperBound)))
        for offset in 0..<count {
            let value = Self.multiple(first + Double(offset), of: mantissa, power)
            if value.isFinite { values.append(value == 0 ? 0 : value) }
        }
        ticks = values
        lower =
            Self.multiple(first, of: mantissa, power).isFinite
            ? Self.multiple(first, of: mantissa, power) : -.greatestFiniteMagnitude
        upper =
            Self.multiple(last, of: mantissa, power).isFinite
            ? Self.multiple(last, of: mantissa, power) : .greatestFiniteMagnitude
        step = Self.multiple(1, of: mantissa, power)
        let largest = values.map(abs).max() ?? 0
        labels = values.map { ChartNumberFormat.tick($0, mantissa: mantissa, exponent: power, largest: largest) }
    }

    /// Where `value` sits on the axis: 0 at ``lower``, 1 at ``upper``
    /// (computed in halves, so finite for any finite input).
    public func fraction(of value: Double) -> Double {
        let fraction = (value / 2 - lower / 2) / (upper / 2 - lower / 2)
        return fraction.isFinite ? fraction : 0
    }

    /// `index` × `mantissa` × 10^`power`, as the correctly rounded double of
    /// that decimal where the power of ten is exact (|power| ≤ 22), so that
    /// 3 × 0.1 is 0.3.
    static func multiple(_ index: Double, of mantissa: Double, _ power: Int) -> Double {
        let scaled = index * mantissa
        return power >= 0 ? scaled * powerOfTen(power) : scaled / powerOfTen(-power)
    }

    /// 10^`exponent` for 0 ≤ `exponent`: exact up to 10^22.
    static func powerOfTen(_ exponent: Int) -> Double {
        if exponent <= 22 {
            var result = 1.0
            for _ in 0..<max(exponent, 0) { result *= 10 }
            return result
        }
        return pow(10, Double(min(exponent, 400)))
    }
}
