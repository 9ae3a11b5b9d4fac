/// The exact sum of finite doubles, rounded once when read: a long
/// accumulator in 32-bit digits of units of 2^-1074 (the smallest double),
/// so no addition rounds, none can overflow, and the order of the values or
/// of merging accumulators cannot change a bit of the result. Read, it is
/// what Python's `math.fsum` answers, also where `fsum` stops with an
/// "intermediate overflow" (`1e308, 1e308, -1e308` is 1e308).
///
/// Only a window of the digits is stored: eight inline (256 bits, which
/// health data's magnitudes and fractions fit, so a day's sum allocates
/// nothing), else an array that widens as values reach further.
struct ExactAccumulator: Sendable {
    private typealias Inline = (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64)
    private static let inlineCount = 8
    private var inline: Inline = (0, 0, 0, 0, 0, 0, 0, 0)
    /// The digits once they no longer fit inline; empty until then.
    private var spilled: [Int64] = []
    /// Whether any digit was placed (the window is meaningless before).
    private var placed = false
    /// The window's first digit is worth 2^(32 · lowestDigit) units.
    private var lowestDigit = 0
    /// Additions since the digits were last normalized: each adds under 2^32
    /// to a digit, so 2^30 of them cannot overflow an Int64.
    private var pending = 0
    private static let maximumPending = 1 << 30
    private static let digitMask: UInt64 = 0xFFFF_FFFF

    init() {}

    private var windowCount: Int { spilled.isEmpty ? Self.inlineCount : spilled.count }

    /// The window's digits (signed: each in [0, 2^32) after normalizing, but the top one).
    @inline(__always)
    private mutating func withDigits<Result>(_ body: (UnsafeMutableBufferPointer<Int64>) -> Result) -> Result {
        if !spilled.isEmpty { return spilled.withUnsafeMutableBufferPointer { body($0) } }
        return withUnsafeMutableBytes(of: &inline) { raw in raw.withMemoryRebound(to: Int64.self) { body($0) } }
    }

    /// Adds a finite value (callers check: an infinity or NaN has no exact sum).
    @inline(__always)
    mutating func add(_ value: Double) {
        let (index, parts) = Self.split(value)
        guard index >= 0 else { return }
        if !placed || index < lowestDigit || index + 3 > lowestDigit + windowCount { cover(index, index + 3) }
        if pending >= Self.maximumPending { normalize() }
        pending += 1
        let at = index - lowestDigit
        withDigits { digits in
            digits[at] &+= parts.0
            digits[at + 1] &+= parts.1
            digits[at + 2] &+= parts.2
        }
    }

    /// Adds finite values: in 128-bit fixed point when they allow it
    /// (``fixedPointSum(_:largest:)``), else digit by digit.
    /// - Parameter largestMagnitude: the largest absolute value among them,
    ///   when the caller knows it (a day's minimum and maximum tell it).
    mutating func add(contentsOf values: UnsafeBufferPointer<Double>, largestMagnitude: Double? = nil) {
        // A run of one or two (unsorted input) costs less value by value than through the fixed point.
        if values.count <= 2 {
            for value in values { add(value) }
            return
        }
        let largest = largestMagnitude ?? values.reduce(0.0) { max($0, abs($1)) }
        if let (total, exponent) = Self.fixedPointSum(values, largest: largest) {
            add(total, timesTwoToThe: exponent)
            return
        }
        addDigitByDigit(values)
    }

    /// The run's sum as an integer times 2^exponent, exactly, or nil: its
    /// largest magnitude, scaled to under 2^100, leaves 27 bits for the count
    /// in an Int128, and each value must be a whole number once scaled (true
    /// of all but values 2^47 times smaller than the largest, with low bits
    /// set). Under a nanosecond a value (``splitSum(_:exponent:)``, two
    /// values at a time), where the digits cost several.
    static func fixedPointSum(_ values: UnsafeBufferPointer<Double>, largest: Double) -> (Int128, Int)? {
        guard values.count < 1 << 27 else { return nil }
        guard largest > 0 else { return (0, 0) }
        // Far from both ends of the range, so the chunks added back are whole doubles.
        guard largest.isFinite, (-900...900).contains(largest.exponent) else { return nil }
        // value · 2^scale < 2^100 for values under 2^(exponent + 1).
        let exponent = Int(largest.exponent)
        var total: Int128 = 0
        var start = 0
        while start < values.count {
            let end = min(values.count, start + splitChunk)
            let chunk = UnsafeBufferPointer(rebasing: values[start..<end])
            guard
                let part = exponent <= 49
                    ? splitSumScalingUp(chunk, exponent: exponent) : splitSum(chunk, exponent: exponent)
            else { return nil }
            // Under 2^27 values under 2^100 each once scaled: no overflow.
            total &+= part
            start = end
        }
        return (total, exponent - 99)
    }

    /// Values a ``splitSum(_:exponent:)`` takes at most: its two 64-bit sums
    /// add terms up to 2^50 in magnitude.
    private static let splitChunk = 4096

    /// The sum of at most ``splitChunk`` values times 2^(99 − `exponent`),
    /// exactly, or nil when a value is not under 2^(`exponent` + 1) in
    /// magnitude (an infinity or NaN is not) or not a whole number once
    /// scaled. Each value is split in floating point, with no rounding error
    /// (shown step by step below), into a high and a low whole number of
    /// 50 bits each, read from the bits and summed in two 64-bit integers:
    /// no branch and no shift by a variable amount, so the compiler
    /// vectorizes the loop.
    ///
    /// With d = 2^(49 − exponent) and x = value · d: x is exact (scaled up,
    /// as long as it is finite; scaled down, |x| ≥ 2^-50 for any nonzero
    /// value not refused as under the unit 2^(exponent − 99), so it cannot
    /// reach the subnormals), and |x| < 2^50 is checked (false for NaN).
    /// t = x + 1.5 · 2^52 lies in [2^52, 2^53), where doubles are the
    /// integers, so t is 1.5 · 2^52 + round(x) and its bits minus those of
    /// 1.5 · 2^52 are h = round(x); t − 1.5 · 2^52 = h is exact (Sterbenz).
    /// x − h is exact (|x − h| ≤ 1/2, a multiple of x's last place), and
    /// y = (x − h) · 2^50 too, |y| ≤ 2^49; y is a whole number exactly when
    /// y + 1.5 · 2^52 − 1.5 · 2^52 gives y back, and then l = y from the bits
    /// in the same way. value = (h · 2^50 + l) · 2^(exponent − 99).
    private static func splitSum(_ values: UnsafeBufferPointer<Double>, exponent: Int) -> Int128? {
        // exponent in −900…900: 2^(49 − exponent) and 2^(exponent − 99) are normal doubles.
        let down = Double(sign: .plus, exponent: 49 - exponent, significand: 1)
        let unit = Double(sign: .plus, exponent: exponent - 99, significand: 1)
        let magic: Double = 0x1.8p52
        let magicBits = Int64(bitPattern: magic.bitPattern)
        var high: Int64 = 0
        var low: Int64 = 0
        var refused: UInt64 = 0  // not Bool: || would branch in the loop
        for index in values.indices {
            let value = values[index]
            let x = value * down
            let rounded = x + magic
            let y = (x - (rounded - magic)) * 0x1p50
            let shifted = y + magic
            let magnitude = abs(value)
            // Branch-free: `&&` or `||` would keep the compiler from vectorizing the loop.
            refused |=
                (abs(x) < 0x1p50 ? 0 : 1) | (shifted - magic == y ? 0 : 1)
                | ((magnitude < unit ? 1 : 0) & (magnitude != 0 ? 1 : 0))
            // Terms up to 2^50 (2^49), at most 2^12 of them: no overflow.
            high &+= Int64(bitPattern: rounded.bitPattern) &- magicBits
            low &+= Int64(bitPattern: shifted.bitPattern) &- magicBits
        }
        guard refused == 0 else { return nil }
        return Int128(high) << 50 + Int128(low)
    }

    /// ``splitSum(_:exponent:)`` for `exponent` up to 49, where x = value · d
    /// scales up and is exact for every value: no check below the unit.
    private static func splitSumScalingUp(_ values: UnsafeBufferPointer<Double>, exponent: Int) -> Int128? {
        let down = Double(sign: .plus, exponent: 49 - exponent, significand: 1)
        let magic: Double = 0x1.8p52
        let magicBits = Int64(bitPattern: magic.bitPattern)
        var high: Int64 = 0
        var low: Int64 = 0
        var refused: UInt64 = 0
        for index in values.indices {
            let x = values[index] * down
            let rounded = x + magic
            let y = (x - (rounded - magic)) * 0x1p50
            let shifted = y + magic
            refused |= (abs(x) < 0x1p50 ? 0 : 1) | (shifted - magic == y ? 0 : 1)
            high &+= Int64(bitPattern: rounded.bitPattern) &- magicBits
            low &+= Int64(bitPattern: shifted.bitPattern) &- magicBits
        }
        guard refused == 0 else { return nil }
        return Int128(high) << 50 + Int128(low)
    }

    /// Adds `total` · 2^`exponent` in chunks of 52 bits, each a whole double.
    private mutating func add(_ total: Int128, timesTwoToThe exponent: Int) {
        let sign: FloatingPointSign = total < 0 ? .minus : .plus
        var magnitude = total.magnitude
        var shift = exponent
        while magnitude != 0 {
            let chunk = Double(UInt64(truncatingIfNeeded: magnitude & 0xF_FFFF_FFFF_FFFF))
            add(Double(sign: sign, exponent: shift, significand: chunk))
            magnitude >>= 52
            shift += 52
        }
    }

    /// Adds values as ``add(contentsOf:largestMagnitude:)`` after checking
    /// that all are finite (false, adding nothing, when one is not): the
    /// fixed-point sum refuses an infinity or NaN, so only a run it refuses
    /// is read again for the check.
    mutating func add(finiteContentsOf values: UnsafeBufferPointer<Double>, largestMagnitude: Double) -> Bool {
        if values.count > 2, let (total, exponent) = Self.fixedPointSum(values, largest: largestMagnitude) {
            add(total, timesTwoToThe: exponent)
            return true
        }
        guard values.allSatisfy(\.isFinite) else { return false }
        if values.count <= 2 {
            for value in values { add(value) }
        } else {
            addDigitByDigit(values)
        }
        return true
    }

    /// The loop runs over the window's digits without leaving it until a value falls outside.
    private mutating func addDigitByDigit(_ values: UnsafeBufferPointer<Double>) {
        var next = 0
        while next < values.count {
            add(values[next])
            next += 1
            // No window before a digit was placed (the values so far were zeros).
            let count = placed ? windowCount : 0
            let lowest = lowestDigit
            let room = Self.maximumPending - pending
            let taken = withDigits { digits -> Int in
                var index = next
                let end = min(values.count, next + room)
                while index < end {
                    let (digit, parts) = Self.split(values[index])
                    let at = digit - lowest
                    // A zero (digit −1) is skipped; it lands below the window.
                    if digit < 0 {
                        index += 1
                        continue
                    }
                    guard at >= 0, at + 3 <= count else { break }
                    digits[at] &+= parts.0
                    digits[at + 1] &+= parts.1
                    digits[at + 2] &+= parts.2
                    index += 1
                }
                return index - next
            }
            pending += taken
            next += taken
        }
    }

    /// The first digit `value` (finite) reaches, −1 for a zero, and its three
    /// signed parts: the 53-bit mantissa shifted by up to 31 bits.
    @inline(__always)
    private static func split(_ value: Double) -> (Int, (Int64, Int64, Int64)) {
        let bits = value.bitPattern
        let exponentBits = Int((bits >> 52) & 0x7FF)
        let fraction = bits & 0xF_FFFF_FFFF_FFFF
        guard exponentBits != 0 || fraction != 0, exponentBits != 0x7FF else { return (-1, (0, 0, 0)) }
        // value = mantissa · 2^shift units; a subnormal's shift is 0.
        let mantissa = exponentBits == 0 ? fraction : fraction | (1 << 52)
        let shift = exponentBits == 0 ? 0 : exponentBits - 1
        let offset = UInt64(shift & 31)
        // Negated when negative, without a branch: (p ^ mask) − mask with mask 0 or −1.
        let mask = 0 &- Int64(bitPattern: bits >> 63)
        // Smart shifts: a shift by 64 gives 0.
        let low = Int64(bitPattern: (mantissa << offset) & digitMask)
        let middle = Int64(bitPattern: (mantissa >> (32 - offset)) & digitMask)
        let high = Int64(bitPattern: mantissa >> (64 - offset))
        return (shift >> 5, ((low ^ mask) &- mask, (middle ^ mask) &- mask, (high ^ mask) &- mask))
    }

    /// Adds another accumulator's sum, exactly.
    mutating func add(_ other: ExactAccumulator) {
        guard other.placed else { return }
        if placed, spilled.isEmpty, other.spilled.isEmpty, lowestDigit == other.lowestDigit,
            pending + other.pending < Self.maximumPending / 2
        {
            // The same inline window (unsorted input merges a summary per sample): lane by lane.
            pending += other.pending + 1
            var theirs = other.inline
            withDigits { digits in
                withUnsafeMutableBytes(of: &theirs) { raw in
                    raw.withMemoryRebound(to: Int64.self) { other in
                        for index in 0..<Self.inlineCount { digits[index] &+= other[index] }
                    }
                }
            }
            return
        }
        var other = other
        if other.pending >= Self.maximumPending / 2 { other.normalize() }
        if pending + other.pending >= Self.maximumPending { normalize() }
        guard let range = other.nonzeroRange() else { return }
        cover(range.lowerBound, range.upperBound)
        // The merged digits hold up to both counts' worth.
        pending += other.pending + 1
        let theirs = (range.lowerBound - other.lowestDigit)..<(range.upperBound - other.lowestDigit)
        let offset = other.lowestDigit - lowestDigit
        // Not through an array: unsorted input merges a summary per sample.
        other.withDigits { other in
            withDigits { digits in
                for index in theirs { digits[offset + index] &+= other[index] }
            }
        }
    }

    /// The digits from the lowest to the highest that is not zero, or nil when all are.
    private mutating func nonzeroRange() -> Range<Int>? {
        guard placed else { return nil }
        let lowest = lowestDigit
        return withDigits { digits -> Range<Int>? in
            guard let first = digits.firstIndex(where: { $0 != 0 }),
                let last = digits.lastIndex(where: { $0 != 0 })
            else { return nil }
            return (lowest + first)..<(lowest + last + 1)
        }
    }

    /// Makes the window cover digits `from..<to` and one above for a carry:
    /// moved inline when the digits in use and those fit, else spilled to
    /// (or widened in) an array with room on both sides.
    private mutating func cover(_ from: Int, _ to: Int) {
        let wanted = from..<(to + 1)
        guard placed else {
            placed = true
            // Aligned to four digits, so that days of like magnitudes share a window and merge digit by digit.
            lowestDigit = (from - 1) & ~3
            let needed = wanted.upperBound - lowestDigit
            if needed > Self.inlineCount { spilled = Array(repeating: 0, count: needed + 2) }
            return
        }
        let used = nonzeroRange() ?? wanted
        let low = min(used.lowerBound, wanted.lowerBound)
        let high = max(used.upperBound, wanted.upperBound)
        if low >= lowestDigit && high <= lowestDigit + windowCount { return }
        let current = withDigits { Array($0) }
        let currentLowest = lowestDigit
        let width = high - low
        if spilled.isEmpty && width <= Self.inlineCount {
            lowestDigit = low - (Self.inlineCount - width) / 2
        } else {
            lowestDigit = low - 2
            spilled = Array(repeating: 0, count: max(width + 4, spilled.count + 2))
        }
        let start = lowestDigit
        withDigits { digits in
            for index in digits.indices { digits[index] = 0 }
            for (index, digit) in current.enumerated() where digit != 0 {
                digits[currentLowest + index - start] = digit
            }
        }
    }

    /// Carries: every digit into [0, 2^32) but the top one, which keeps the
    /// sign and stays under 2^32 in magnitude (the window widens when not).
    private mutating func normalize() {
        pending = 0
        guard placed else { return }
        while true {
            let top = withDigits { digits -> Int64 in
                for index in 0..<(digits.count - 1) {
                    let carry = digits[index] >> 32
                    digits[index] &-= carry << 32
                    digits[index + 1] &+= carry
                }
                return digits[digits.count - 1]
            }
            guard top >> 32 != 0, top >> 32 != -1 else { return }
            let topDigit = lowestDigit + windowCount - 1
            cover(topDigit, topDigit + 1)
            let at = topDigit - lowestDigit
            withDigits { digits in
                digits[at] = top & Int64(Self.digitMask)
                digits[at + 1] &+= top >> 32
            }
        }
    }

    /// The sum correctly rounded (half to even), ±infinity when it is beyond
    /// the range of a double.
    var value: Double { value(timesTwoToThe: 0) }

    /// The sum times 2^`exponent`, correctly rounded: what the mean of sums
    /// beyond the range of a double divides.
    func value(timesTwoToThe exponent: Int) -> Double {
        let (negative, magnitude, lowestDigit) = signAndMagnitude()
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

    /// Whether the sum is negative, its magnitude in 32-bit digits (each
    /// under 2^32), and the digit its first one is.
    private func signAndMagnitude() -> (negative: Bool, magnitude: [UInt64], lowestDigit: Int) {
        var copy = self
        copy.normalize()
        let negative = copy.withDigits { digits -> Bool in
            guard digits[digits.count - 1] < 0 else { return false }
            for index in digits.indices { digits[index] = 0 &- digits[index] }
            return true
        }
        if negative { copy.normalize() }
        return (negative, copy.withDigits { digits in digits.map { UInt64(bitPattern: $0) } }, copy.lowestDigit)
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
