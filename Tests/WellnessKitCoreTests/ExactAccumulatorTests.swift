import Testing

@testable import WellnessKitCore

@Suite struct ExactAccumulatorTests {
    static func exact(_ values: [Double]) -> ExactAccumulator {
        var sum = ExactAccumulator()
        for value in values { sum.add(value) }
        return sum
    }

    @Test(arguments: ExactSumTests.fsumCases)
    func equalsMathFsum(values: [Double], expected: Double) {
        #expect(Self.exact(values).value == expected)
        #expect(Self.exact(values.reversed()).value == expected)
    }

    /// Where `math.fsum` stops with "intermediate overflow", the exact sum fits: every order agrees.
    @Test func overflowIsDecidedByTheExactSumNotTheOrder() {
        for order in [[1e308, 1e308, -1e308], [1e308, -1e308, 1e308], [-1e308, 1e308, 1e308]] {
            #expect(Self.exact(order).value == 1e308)
        }
        #expect(Self.exact([1e308, 1e308]).value == .infinity)
        #expect(Self.exact([-1.7e308, -1.7e308, 1e300]).value == -.infinity)
        #expect(Self.exact([.greatestFiniteMagnitude, .greatestFiniteMagnitude.ulp / 2 * 0.999]).value.isFinite)
        #expect(Self.exact([.greatestFiniteMagnitude, .greatestFiniteMagnitude.ulp / 2]).value == .infinity)
    }

    @Test func meansOfSumsBeyondTheRangeStayFinite() {
        #expect(Self.exact([1e308, 1e308]).mean(count: 2, low: 1e308, high: 1e308) == 1e308)
        #expect(Self.exact([1e16, 1, -1e16]).mean(count: 3, low: -1e16, high: 1e16) == 1.0 / 3)
        // fsum / n, unclamped while the sum fits: 0.30000000000000004 / 3, as NumPy.
        #expect(Self.exact([0.1, 0.1, 0.1]).mean(count: 3, low: 0.1, high: 0.1) == 0.30000000000000004 / 3)
    }

    @Test func subnormalAndHalfwayResultsRoundOnce() {
        let tiny = Double.leastNonzeroMagnitude
        #expect(Self.exact([tiny, tiny, tiny]).value == 3 * tiny)
        #expect(Self.exact([Double.leastNormalMagnitude, -tiny]).value == Double.leastNormalMagnitude - tiny)
        // 2^53 + 1 is halfway between 2^53 and 2^53 + 2: to even; a tiny extra decides it upwards.
        #expect(Self.exact([0x1p53, 1]).value == 0x1p53)
        #expect(Self.exact([0x1p53, 1, tiny]).value == 0x1p53 + 2)
        #expect(Self.exact([0x1p53, 3]).value == 0x1p53 + 4)
        #expect(Self.exact([-0x1p53, -1, -tiny]).value == -0x1p53 - 2)
        #expect(Self.exact([1, -1]).value == 0)
        #expect(Self.exact([]).value == 0)
    }

    @Test func orderAndMergingNeverChangeABit() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let values = (0..<Int.random(in: 1...300, using: &generator)).map { _ in
                Double(
                    sign: Bool.random(using: &generator) ? .plus : .minus,
                    exponent: Int.random(in: -1074...1000, using: &generator),
                    significand: Double.random(in: 1..<2, using: &generator))
            }
            let whole = Self.exact(values).value
            #expect(Self.exact(values.shuffled(using: &generator)).value.bitPattern == whole.bitPattern)
            let cut = Int.random(in: 0...values.count, using: &generator)
            var merged = Self.exact(Array(values[cut...]))
            merged.add(Self.exact(Array(values[..<cut])))
            #expect(merged.value.bitPattern == whole.bitPattern)
        }
    }

    /// Two-decimal data sums exactly in fixed point: the accumulator agrees to the bit.
    @Test func agreesWithTheFixedPointSum() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let values = (0..<Int.random(in: 1...500, using: &generator)).map { _ in
                Double(Int.random(in: -9_000_000...9_000_000, using: &generator)) / 100
            }
            #expect(Self.exact(values).value == ExactSum.of(values))
        }
    }

    /// The run loop the sorted input uses, through inline and spilled windows.
    @Test func addingARunEqualsAddingOneByOne() {
        var generator = SystemRandomNumberGenerator()
        // Short runs too: leading zeros once reached digits before any window was placed.
        for spread in [4, 40, 400, 2_000] {
            for index in 0..<200 {
                let values = (0..<Int.random(in: 0...(index % 2 == 0 ? 6 : 200), using: &generator)).map { _ in
                    Bool.random(using: &generator)
                        ? 0
                        : Double(
                            sign: Bool.random(using: &generator) ? .plus : .minus,
                            exponent: Int.random(in: -spread / 2...spread / 2, using: &generator),
                            significand: Double.random(in: 1..<2, using: &generator))
                }
                var run = ExactAccumulator()
                values.withUnsafeBufferPointer { run.add(contentsOf: $0) }
                #expect(run.value.bitPattern == Self.exact(values).value.bitPattern)
            }
        }
    }

    /// The fixed-point sum's split in floating point (sorted input's days)
    /// against the digits, bit for bit: random values of mixed magnitudes,
    /// with the true largest magnitude or a wrong one; values too large, or
    /// with bits below the scale's unit, or subnormal, or not finite, must be
    /// refused (nil), never summed wrongly. Runs past a chunk of 4096 too.
    @Test func fixedPointSumEqualsTheDigitsBitForBit() {
        var generator = SystemRandomNumberGenerator()
        var outcomes = (summed: 0, refused: 0)
        for spread in [0, 3, 40, 60, 300, 2_100] {
            for trial in 0..<150 {
                let center = Int.random(in: -1_000...1_000, using: &generator)
                let exponents = max(center - spread / 2, -1_074)...min(center + spread / 2, 1_023)
                let count =
                    trial % 25 == 0
                    ? Int.random(in: 4_000...9_000, using: &generator) : Int.random(in: 0...300, using: &generator)
                let values = (0..<count).map { _ -> Double in
                    switch Int.random(in: 0..<10, using: &generator) {
                    case 0: return Bool.random(using: &generator) ? 0 : -0.0
                    // Two decimals, as health data (full mantissas), at the run's magnitude.
                    case 1...3:
                        let decimal = Double(Int.random(in: -20_000_000...20_000_000, using: &generator)) / 100
                        return decimal * Double(sign: .plus, exponent: max(center, -1_000) - 17, significand: 1)
                    default:
                        return Double(
                            sign: Bool.random(using: &generator) ? .plus : .minus,
                            exponent: Int.random(in: exponents, using: &generator),
                            significand: Double.random(in: 1..<2, using: &generator))
                    }
                }
                let largest = values.reduce(0.0) { max($0, abs($1)) }
                let digits = Self.exact(values).value
                // The true largest, one too small (a value over the scale), and larger ones (bits lost below).
                for stated in [largest, largest / 2, largest * 0x1p20, largest * 0x1p47] {
                    guard
                        let (total, exponent) = values.withUnsafeBufferPointer({
                            ExactAccumulator.fixedPointSum($0, largest: stated)
                        })
                    else {
                        outcomes.refused += 1
                        continue
                    }
                    outcomes.summed += 1
                    var sum = ExactAccumulator()
                    // Added back as the run loop does: in 52-bit chunks, each a whole double.
                    var rest = total.magnitude
                    var shift = exponent
                    while rest != 0 {
                        let chunk = Double(UInt64(truncatingIfNeeded: rest & 0xF_FFFF_FFFF_FFFF))
                        sum.add(Double(sign: total < 0 ? .minus : .plus, exponent: shift, significand: chunk))
                        rest >>= 52
                        shift += 52
                    }
                    #expect(sum.value.bitPattern == digits.bitPattern, "\(stated) \(values)")
                }
                var run = ExactAccumulator()
                values.withUnsafeBufferPointer { run.add(contentsOf: $0) }
                #expect(run.value.bitPattern == digits.bitPattern)
            }
        }
        #expect(outcomes.summed > 500 && outcomes.refused > 500, "\(outcomes)")
    }

    @Test func fixedPointSumRefusesWhatItCannotHold() {
        func sum(_ values: [Double], largest: Double) -> (Int128, Int)? {
            values.withUnsafeBufferPointer { ExactAccumulator.fixedPointSum($0, largest: largest) }
        }
        // Under 128: the unit is 2^-93.
        #expect(sum([70.25, -127.99, 0, -0.0, 0x1p-93, -0x1p-90, 1], largest: 127.99) != nil)
        for bad in [128.0, -1e300, 0x1p-93 * 3 / 2, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .infinity, .nan] {
            #expect(sum([70.25, bad, 1], largest: 127.99) == nil, "\(bad)")
        }
        // Scaled down (largest 2^800, unit 2^701), a tiny value would vanish below the subnormals: refused.
        #expect(sum([0x1p800, 0x1p-400, 0x1p701], largest: 0x1p800) == nil)
        #expect(sum([0x1p800, -.leastNonzeroMagnitude, 0x1p701], largest: 0x1p800) == nil)
        #expect(sum([0x1p800, 0, -0x1p701], largest: 0x1p800) != nil)
        // A largest magnitude far from 1 (exponent outside -900...900) is left to the digits.
        #expect(sum([.leastNonzeroMagnitude, 0, 0], largest: .leastNonzeroMagnitude) == nil)
        #expect(sum([1, 2, 3], largest: 0x1p950) == nil)
    }
}
