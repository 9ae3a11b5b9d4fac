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
}
