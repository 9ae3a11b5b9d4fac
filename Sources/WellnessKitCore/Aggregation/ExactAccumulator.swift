/// The exact sum of finite doubles, rounded once when read: a long
/// accumulator in 32-bit digits of units of 2^-1074 (the smallest double),
/// so no addition rounds, none can overflow, and the order of the values or
/// of merging accumulators cannot change a bit of the result. Read, it is
/// what Python's `math.fsum` answers, also where `fsum` stops with an
/// "intermediate overflow" (`1e308, 1e308, -1e308` is 1e308).
///
/// Only the digits the values reach are stored (a window that widens), so
/// health data (magnitudes 1e-9 to 1e9) needs four or five digits.
struct ExactAccumulator: Sendable {
    /// Digit i of `digits` is worth 2^(32 · (lowestDigit + i)) units.
    private var lowestDigit = 0
    /// Signed: each in [0, 2^32) after normalizing, but the top one.
    private var digits: [Int64] = []
    /// Additions since the digits were last normalized: each adds under 2^32
    /// to a digit, so 2^30 of them cannot overflow an Int64.
    private var pending = 0
    private static let maximumPending = 1 << 30
    private static let digitMask: UInt64 = 0xFFFF_FFFF

    init() {}

    /// Adds a finite value (callers check: an infinity or NaN has no exact sum).
    mutating func add(_ value: Double) {
        let bits = value.bitPattern
        let exponentBits = Int((bits >> 52) & 0x7FF)
        let fraction = bits & 0xF_FFFF_FFFF_FFFF
        guard exponentBits != 0 || fraction != 0, exponentBits != 0x7FF else { return }
        // value = mantissa · 2^shift units; a subnormal's shift is 0.
        let mantissa = exponentBits == 0 ? fraction : fraction | (1 << 52)
        let shift = exponentBits == 0 ? 0 : exponentBits - 1
        let index = shift >> 5
        let offset = UInt64(shift & 31)
        if index < lowestDigit || index + 3 > lowestDigit + digits.count { widen(toCover: index) }
        if pending >= Self.maximumPending { normalize() }
        pending += 1
        // Three digits: 53 bits shifted by up to 31. Smart shifts: a shift by 64 gives 0.
        let parts = (
            Int64(bitPattern: (mantissa << offset) & Self.digitMask),
            Int64(bitPattern: (mantissa >> (32 - offset)) & Self.digitMask),
            Int64(bitPattern: mantissa >> (64 - offset))
        )
        let at = index - lowestDigit
        if value.sign == .minus {
            digits[at] &-= parts.0
            digits[at + 1] &-= parts.1
            digits[at + 2] &-= parts.2
        } else {
            digits[at] &+= parts.0
            digits[at + 1] &+= parts.1
            digits[at + 2] &+= parts.2
        }
    }

    /// Adds finite values.
    mutating func add(contentsOf values: UnsafeBufferPointer<Double>) {
        for value in values { add(value) }
    }

    /// Adds another accumulator's sum, exactly.
    mutating func add(_ other: ExactAccumulator) {
        guard !other.digits.isEmpty else { return }
        widen(toCover: other.lowestDigit)
        widen(toCover: other.lowestDigit + other.digits.count - 3)
        if pending + other.pending >= Self.maximumPending { normalize() }
        var other = other
        if other.pending + pending >= Self.maximumPending { other.normalize() }
        // The merged digits hold up to both counts' worth.
        pending += other.pending + 1
        let start = other.lowestDigit - lowestDigit
        for (index, digit) in other.digits.enumerated() { digits[start + index] &+= digit }
    }

    /// Makes room for the three digits from `index` on, and two above for carries.
    private mutating func widen(toCover index: Int) {
        if digits.isEmpty {
            lowestDigit = index
            digits = Array(repeating: 0, count: 5)
            return
        }
        if index < lowestDigit {
            digits.insert(contentsOf: repeatElement(0, count: lowestDigit - index), at: 0)
            lowestDigit = index
        }
        let needed = index + 5 - lowestDigit
        if needed > digits.count { digits.append(contentsOf: repeatElement(0, count: needed - digits.count)) }
    }

    /// Carries: every digit into [0, 2^32) but the top one, which keeps the
    /// sign and stays under 2^32 in magnitude (a digit is added above when not).
    private mutating func normalize() {
        pending = 0
        guard !digits.isEmpty else { return }
        for index in 0..<(digits.count - 1) {
            let carry = digits[index] >> 32
            digits[index] &-= carry << 32
            digits[index + 1] &+= carry
        }
        while let top = digits.last, top >> 32 != 0, top >> 32 != -1 {
            digits[digits.count - 1] = top & Int64(Self.digitMask)
            digits.append(top >> 32)
        }
    }

    /// The sum correctly rounded (half to even), ±infinity when it is beyond
    /// the range of a double.
    var value: Double { value(timesTwoToThe: 0) }

    /// The sum times 2^`exponent`, correctly rounded: what the mean of sums
    /// beyond the range of a double divides.
    func value(timesTwoToThe exponent: Int) -> Double {
        let (negative, magnitude) = signAndMagnitude()
        guard let top = magnitude.lastIndex(where: { $0 != 0 }) else { return 0 }
        let length = top * 32 + (64 - magnitude[top].leadingZeroBitCount)
        // The weight of the magnitude's bit 0, and of its leading bit.
        let unit = 32 * lowestDigit - 1074 + exponent
        let leading = unit + length - 1
        guard leading < 1024 else { return negative ? -.infinity : .infinity }
        // The lowest bit kept: 53 significant bits, fewer for a subnormal result.
        let keptFrom = leading >= -1022 ? length - 53 : -1074 - unit
        var kept: UInt64
        if keptFrom <= 0 {
            kept = Self.bits(of: magnitude, from: 0, count: length)
        } else {
            kept = Self.bits(of: magnitude, from: keptFrom, count: max(length - keptFrom, 0))
            let half = Self.bits(of: magnitude, from: keptFrom - 1, count: 1) == 1
            if half && (kept & 1 == 1 || Self.anyBit(of: magnitude, below: keptFrom - 1)) { kept += 1 }
        }
        let result = Double(sign: .plus, exponent: unit + max(keptFrom, 0), significand: Double(kept))
        return negative ? -result : result
    }

    /// The mean of `count` values: the correctly rounded sum divided by the
    /// count (`math.fsum(values) / n`, which can pass the smallest or largest
    /// value by an ulp, as NumPy's mean does). When that sum is beyond the
    /// range of a double, the sum scaled by 2^-64 (exactly) is divided and
    /// scaled back, clamped to the values' `low` and `high`.
    func mean(count: Int, low: Double, high: Double) -> Double {
        let divisor = Double(max(count, 1))
        let sum = value
        if sum.isFinite { return sum / divisor }
        let mean = value(timesTwoToThe: -64) / divisor * 0x1p64
        guard mean.isFinite else { return mean.sign == .minus ? low : high }
        return min(max(mean, low), high)
    }

    /// Whether the sum is negative, and its magnitude in 32-bit digits (each under 2^32).
    private func signAndMagnitude() -> (Bool, [UInt64]) {
        var copy = self
        copy.normalize()
        var digits = copy.digits
        let negative = (digits.last ?? 0) < 0
        if negative {
            for index in digits.indices { digits[index] = 0 &- digits[index] }
            copy.digits = digits
            copy.normalize()
            digits = copy.digits
        }
        return (negative, digits.map { UInt64(bitPattern: $0) })
    }

    /// `count` (at most 64) bits of `magnitude` from bit `position` up.
    private static func bits(of magnitude: [UInt64], from position: Int, count: Int) -> UInt64 {
        var result: UInt64 = 0
        for bit in stride(from: count - 1, through: 0, by: -1) {
            let at = position + bit
            let digit = at >> 5
            guard at >= 0, digit < magnitude.count else {
                result <<= 1
                continue
            }
            result = result << 1 | (magnitude[digit] >> UInt64(at & 31)) & 1
        }
        return result
    }

    /// Whether any bit of `magnitude` below bit `position` is set.
    private static func anyBit(of magnitude: [UInt64], below position: Int) -> Bool {
        guard position > 0 else { return false }
        let whole = min(position >> 5, magnitude.count)
        if magnitude[..<whole].contains(where: { $0 != 0 }) { return true }
        guard whole < magnitude.count else { return false }
        let partial = UInt64(position & 31)
        return magnitude[whole] & ((1 << partial) - 1) != 0
    }
}
