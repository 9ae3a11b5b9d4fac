/// A decimal `mantissa × 10^exponent` to the nearest `Double` (ties to even)
/// by the Eisel–Lemire algorithm (Lemire, "Number Parsing at a Gigabyte per
/// Second", 2021): the mantissa, normalised, times a 128-bit approximation of
/// 5^exponent from ``powersOfFive``, then rounded to 53 bits. Integer
/// multiplications only, where Clinger's fast path needs a division and is
/// limited to exponents within ±22.
///
/// The rare products too close to a rounding boundary to decide are left to
/// the caller (nil), who parses the text with the standard library.
enum DecimalToDouble {
    /// The smallest and largest decimal exponents of the table; past them a
    /// 19-digit mantissa is zero or infinite.
    static let exponents = -342...308

    /// `mantissa × 10^exponent` with the sign, or nil when undecided, infinite
    /// or when `mantissa` may have wrapped (more than 19 digits).
    /// - Parameters:
    ///   - digits: how many decimal digits made `mantissa` (leading zeros included).
    ///   - powers: ``powersOfFive``, passed in so that hot loops read the global once.
    @inline(__always)
    static func value(
        mantissa: UInt64, digits: Int, exponent: Int, negative: Bool, powers: [(high: UInt64, low: UInt64)]
    ) -> Double? {
        guard digits <= 19 else { return nil }
        let sign: UInt64 = negative ? 1 << 63 : 0
        if mantissa == 0 || exponent < exponents.lowerBound {
            return Double(bitPattern: sign)
        }
        guard exponent <= exponents.upperBound, let bits = binary(mantissa, exponent, powers) else { return nil }
        return Double(bitPattern: sign | bits)
    }

    /// The bits of the finite `Double` nearest `w × 10^q` (w > 0, q within ``exponents``), or nil.
    @inline(__always)
    private static func binary(_ w: UInt64, _ q: Int, _ powers: [(high: UInt64, low: UInt64)]) -> UInt64? {
        let leadingZeros = w.leadingZeroBitCount
        let normalized = w &<< UInt64(leadingZeros)
        let power = powers[q - exponents.lowerBound]
        var (high, low) = normalized.multipliedFullWidth(by: power.high)
        // 55 bits decide a double (53, one to round, one lost to normalising): only when the bits below
        // them are all ones can the low word of the power carry into them.
        if high & 0x1FF == 0x1FF {
            let carry = normalized.multipliedFullWidth(by: power.low).high
            let (sum, overflow) = low.addingReportingOverflow(carry)
            low = sum
            if overflow { high &+= 1 }
        }
        // Still all ones below: the truncated table may be off by one in the last place; the paper
        // proves this harmless for exponents in -27...55, and beyond them the caller decides.
        if high & 0x1FF == 0x1FF, low == UInt64.max, q < -27 || q > 55 {
            return nil
        }
        let upperBit = Int(high >> 63)
        let shift = UInt64(upperBit + 9)
        var mantissa = high &>> shift
        // floor(q × log2(10)) + 63 by a fixed-point multiplication, exact for |q| < 350; 1023 the exponent bias.
        var exponent = ((217_706 * q) >> 16) + 63 + upperBit - leadingZeros + 1023
        if exponent <= 0 {
            return subnormal(mantissa, exponent)
        }
        // A product that dropped only zero bits lies exactly halfway between two doubles (possible only
        // where 5^q is exact in 64 bits): round to even, down.
        if low <= 1, (-4...23).contains(q), mantissa & 3 == 1, mantissa &<< shift == high {
            mantissa &= ~1
        }
        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >= 2 << 52 {
            mantissa = 1 << 52
            exponent += 1
        }
        guard exponent < 0x7FF else { return nil }
        return UInt64(exponent) << 52 | (mantissa & ((1 << 52) - 1))
    }

    /// A value below the smallest normal double: shifted into the subnormal range and rounded; one
    /// that rounds up to the smallest normal keeps exponent 1.
    @inline(__always)
    private static func subnormal(_ mantissa: UInt64, _ exponent: Int) -> UInt64 {
        let drop = 1 - exponent
        guard drop < 64 else { return 0 }
        var shifted = mantissa &>> UInt64(drop)
        shifted += shifted & 1
        shifted >>= 1
        return shifted < 1 << 52 ? shifted : 1 << 52
    }
}
