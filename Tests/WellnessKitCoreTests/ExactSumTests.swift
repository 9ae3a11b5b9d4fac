import Testing

@testable import WellnessKitCore

@Suite struct ExactSumTests {
    static func sum(_ values: [Double]) -> Double? {
        ExactSum.of(values)
    }

    /// CPython's test_math cases for math.fsum, whose results the query's sum promises.
    static let fsumCases: [(values: [Double], expected: Double)] = [
        ([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1], 1.0),
        ([1e16, 1.0, 1e-16], 10_000_000_000_000_002.0),
        ([1e-16, 1.0, 1e16], 10_000_000_000_000_002.0),
        ([0x1p53, -0.5, -0x1p-54], 0x1p53 - 1.0),
        ([0x1p53, 1.0, 0x1p-100], 0x1p53 + 2.0),
        ([0x1p53 + 10.0, 1.0, 0x1p-100], 0x1p53 + 12.0),
        ([0x1p53 - 4.0, 0.5, 0x1p-54], 0x1p53 - 3.0),
        ([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50], 1e-100),
        ([], 0.0),
    ]

    @Test(arguments: fsumCases)
    func equalsMathFsum(values: [Double], expected: Double) {
        #expect(Self.sum(values) == expected)
    }

    @Test func orderDoesNotChangeTheSum() {
        let values = (1...2_000).map { Double($0) * 0.37 + (($0 % 7 == 0) ? 1e12 : -3.3e-3) }
        #expect(Self.sum(values) == Self.sum(values.reversed()))
        #expect(Self.sum(values) == Self.sum(values.sorted { abs($0) < abs($1) }))
    }

    @Test func wholeNumbersStayExactPastTheFractionalSwitch() {
        #expect(Self.sum([9_000, 12_000, 0.25, 7_000]) == 28_000.25)
        #expect(Self.sum([0x1p53, 1, 1]) == 0x1p53 + 2)
    }

    @Test func theFixedPointSumIsTheCorrectlyRoundedOne() {
        // Two decimals, as metrics come: the fixed-point path; a value of 2^-61 forces the partials.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let values = (0..<Int.random(in: 1...500, using: &generator)).map { _ in
                (Double(Int.random(in: -90_000...90_000, using: &generator)) / 100) * (Bool.random() ? 1 : 1e-3)
            }
            #expect(ExactSum.of(values) == ExactSum.of(values + [0x1p-61, -0x1p-61]))
        }
        #expect(ExactSum.of([0.1, 0.2, 0.3]) == 0.6)
        #expect(ExactSum.of([0x1p39, 0x1p39, 0.5]) == 0x1p40 + 0.5)
    }

    @Test func overflowIsNotAFiniteSum() {
        #expect(Self.sum([1e308, 1e308]) == nil)
        // The exact sum fits: no "intermediate overflow", whatever the order.
        #expect(Self.sum([1.7e308, 1.7e308, -1.7e308]) == 1.7e308)
        #expect(Self.sum([1.7e308, -1.7e308, 1.7e308]) == 1.7e308)
    }

    @Test func theQueryMeanIsTheCorrectlyRoundedSumOverN() {
        #expect(ExactSum.mean(of: [1e16, 1, -1e16]) == 1.0 / 3)
        #expect(ExactSum.mean(of: [-1e16, 1e16, 1]) == 1.0 / 3)
        #expect(ExactSum.mean(of: [1e308, 1e308]) == 1e308)
    }
}
