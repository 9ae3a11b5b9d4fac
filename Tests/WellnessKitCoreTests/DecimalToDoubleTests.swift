import Testing

@testable import WellnessKitCore

/// Eisel–Lemire against the standard library's correctly rounded parser:
/// hard cases by hand, then many random decimals across the whole exponent range.
@Suite struct DecimalToDoubleTests {
    /// SplitMix64: the same numbers on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// `digits`e`exponent` read both ways: the same bits, or Eisel–Lemire leaving it undecided.
    static func expectSame(_ digits: String, _ exponent: Int, negative: Bool = false) throws {
        let mantissa = try #require(UInt64(digits))
        let text = "\(negative ? "-" : "")\(digits)e\(exponent)"
        let expected = try #require(Double(text), "\(text)")
        let value = DecimalToDouble.value(
            mantissa: mantissa, digits: digits.count, exponent: exponent, negative: negative,
            powers: DecimalToDouble.powersOfFive)
        guard let value else {
            #expect(!expected.isFinite || digits.count > 19, "undecided: \(text)")
            return
        }
        #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) is not \(expected)")
    }

    @Test func hardCasesMatchTheStandardLibrary() throws {
        let cases: [(String, Int)] = [
            ("1", -400), ("1", -324), ("24703282292062327", -340), ("24703282292062328", -340),
            ("49406564584124654", -340), ("22250738585072011", -324), ("22250738585072012", -324),
            ("22250738585072013", -324), ("22250738585072014", -324), ("9007199254740993", 0),
            ("9007199254740995", 0), ("9007199254740993", -1), ("17976931348623157", 292),
            ("17976931348623158", 292), ("17976931348623159", 292), ("1", 308), ("1", 309), ("1", 23),
            ("1", 22), ("1", -22), ("1", -23), ("72057594037927933", 0), ("72057594037927935", 0),
            ("9999999999999999999", 0), ("18446744073709551615", 0), ("3", -1), ("7", -1), ("123456789", -5),
            ("9409340012568248", -341), ("4503599627370497", 0), ("4503599627370497", -1),
            ("1000000000000000000", -19), ("8589973", -9), ("30078505129381147", 290), ("2", -324),
            ("3", -324), ("7", -325), ("5", -324), ("4", -324), ("1", 0),
        ]
        for (digits, exponent) in cases {
            try Self.expectSame(digits, exponent)
            try Self.expectSame(digits, exponent, negative: true)
        }
        // Zero, and exponents past the table: zero below, undecided (infinite) above.
        let negativeZero = DecimalToDouble.value(mantissa: 0, digits: 1, exponent: 400, negative: true, powers: [])
        #expect(negativeZero?.sign == .minus && negativeZero == 0)
        #expect(
            DecimalToDouble.value(mantissa: 5, digits: 1, exponent: -1000, negative: false, powers: []) == 0)
        #expect(DecimalToDouble.value(mantissa: 5, digits: 1, exponent: 400, negative: false, powers: []) == nil)
        // More than 19 digits may have wrapped: left to the caller.
        #expect(
            DecimalToDouble.value(
                mantissa: 1, digits: 20, exponent: 0, negative: false, powers: DecimalToDouble.powersOfFive) == nil)
    }

    /// Random mantissas of 1–19 digits at every exponent of the table and a little past it.
    @Test func randomDecimalsMatchTheStandardLibrary() throws {
        var generator = Generator(state: 0x5EED)
        for _ in 0..<200_000 {
            let length = Int.random(in: 1...19, using: &generator)
            var digits = String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<length {
                digits.append(Character(String(Int.random(in: 0...9, using: &generator))))
            }
            try Self.expectSame(digits, Int.random(in: -360...320, using: &generator))
        }
    }

    /// Exact halfway points between neighbouring doubles (ties to even) and a hair either side.
    @Test func halfwayPointsRoundToEven() throws {
        var generator = Generator(state: 42)
        for _ in 0..<20_000 {
            let below = UInt64.random(in: (1 << 52)...((1 << 53) - 2), using: &generator)
            // (2·below + 1) / 2 is the halfway point of below and below + 1 at scale 2^0: 10× it is an integer.
            let halfway = (2 * below + 1) * 5
            try Self.expectSame(String(halfway), -1)
            try Self.expectSame(String(halfway - 1), -1)
            try Self.expectSame(String(halfway + 1), -1)
        }
    }
}
