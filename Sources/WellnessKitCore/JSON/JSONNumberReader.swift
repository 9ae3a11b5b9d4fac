/// Strict JSON numbers read straight from bytes, correctly rounded, with no
/// allocation: what the one-pass readers (``SeriesScanner``, the query
/// tables' ``QueryTablesReader``) use instead of the tree's number text and
/// `Double(String)`, giving the same doubles to the bit.
///
/// A value type holding its tables, made once per document: a static read per
/// number went through `swift_once` each time.
struct JSONNumberReader {
    /// A JSON number as read: sign, decimal digits as an integer (wrapped
    /// past 19 digits), their count, the decimal exponent and the bytes it spans.
    struct Parts {
        var negative: Bool
        var mantissa: UInt64
        var digits: Int
        var exponent: Int
        var start: Int
        var end: Int
    }

    private let powersOfTen = Self.exactPowersOfTen
    private let powersOfFive = DecimalToDouble.powersOfFive

    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// The number at `index` (RFC 8259's grammar, nothing after it checked),
    /// `index` moved past it; nil, `index` unchanged, when none is there.
    @inline(__always)
    func parts(_ base: UnsafePointer<UInt8>, _ index: inout Int, _ end: Int) -> Parts? {
        let start = index
        var position = index
        let negative = position < end && base[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        guard position < end, Self.isDigit(base[position]) else { return nil }
        if base[position] == UInt8(ascii: "0") {
            position += 1
            if position < end, Self.isDigit(base[position]) { return nil }
        } else {
            digits = Self.scanDigits(base, &position, end, into: &mantissa)
        }
        if position < end, base[position] == UInt8(ascii: ".") {
            position += 1
            let fraction = Self.scanDigits(base, &position, end, into: &mantissa)
            guard fraction > 0 else { return nil }
            digits += fraction
            exponent = -fraction
        }
        if position < end, base[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            let negativeExponent = position < end && base[position] == UInt8(ascii: "-")
            if position < end, base[position] == UInt8(ascii: "-") || base[position] == UInt8(ascii: "+") {
                position += 1
            }
            let exponentStart = position
            var written = 0
            while position < end, Self.isDigit(base[position]) {
                written = min(written * 10 + Int(base[position] &- UInt8(ascii: "0")), 100_000)
                position += 1
            }
            guard position > exponentStart else { return nil }
            exponent += negativeExponent ? -written : written
        }
        index = position
        return Parts(
            negative: negative, mantissa: mantissa, digits: digits, exponent: exponent, start: start, end: position)
    }

    /// The number as a double, correctly rounded; nil when it is not finite.
    /// Digits that fit in 53 bits times a power of ten up to 10^22 are one
    /// exact multiplication (Clinger's fast path); other numbers of up to 19
    /// digits go through Eisel–Lemire (``DecimalToDouble``), which needs no
    /// division; the rest, and the rare products it cannot decide, the
    /// standard library parses (as the tree's `Double(json:)` does).
    @inline(__always)
    func double(_ number: Parts, in base: UnsafePointer<UInt8>) -> Double? {
        if number.digits <= 19, number.mantissa < (1 << 53), (0...22).contains(number.exponent) {
            let value = Double(number.mantissa) * powersOfTen[number.exponent]
            return number.negative ? -value : value
        }
        if let value = DecimalToDouble.value(
            mantissa: number.mantissa, digits: number.digits, exponent: number.exponent,
            negative: number.negative, powers: powersOfFive)
        {
            return value
        }
        let text = String(
            decoding: UnsafeBufferPointer(start: base + number.start, count: number.end - number.start),
            as: UTF8.self)
        guard let parsed = Double(text), parsed.isFinite else { return nil }
        return parsed
    }

    /// The number as epoch seconds, in milliseconds within
    /// ``SampleSeries/timestampRange``; nil outside it. Whole seconds (the
    /// usual case) go straight to milliseconds: what the double path gives,
    /// exactly, as no product here reaches 2^53.
    @inline(__always)
    func epochMilliseconds(_ number: Parts, in base: UnsafePointer<UInt8>, range: ClosedRange<Int64>) -> Int64? {
        if number.exponent == 0, number.digits <= 15 {
            let milliseconds = Int64(number.mantissa) * 1000
            let signed = number.negative ? -milliseconds : milliseconds
            return range.contains(signed) ? signed : nil
        }
        return double(number, in: base).flatMap(SampleSeries.epochMilliseconds(seconds:))
    }

    /// Appends the digits at `index` to `mantissa` (wrapping, as digit by
    /// digit would), eight at a time while eight follow (SWAR, as simdjson's
    /// `parse_eight_digits_unrolled`), and returns how many there were.
    @inline(__always)
    private static func scanDigits(
        _ base: UnsafePointer<UInt8>, _ index: inout Int, _ end: Int, into mantissa: inout UInt64
    ) -> Int {
        let first = index
        while end - index >= 8 {
            let chunk = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let eightDigits =
                (chunk & 0xF0F0_F0F0_F0F0_F0F0)
                | (((chunk &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4) == 0x3333_3333_3333_3333
            guard eightDigits else { break }
            var value = ((chunk & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
            value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
            value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
            mantissa = mantissa &* 100_000_000 &+ value
            index += 8
        }
        while index < end, isDigit(base[index]) {
            mantissa = mantissa &* 10 &+ UInt64(base[index] &- UInt8(ascii: "0"))
            index += 1
        }
        return index - first
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
