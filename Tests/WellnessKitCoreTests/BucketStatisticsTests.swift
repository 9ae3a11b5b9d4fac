import Testing

@testable import WellnessKitCore

@Suite struct BucketStatisticsTests {
    @Test func quantilesInterpolateBetweenClosestRanks() {
        let values = [1.0, 2, 3, 4]
        #expect(BucketStatistics.quantile(values, rank: 50) == 2.5)
        #expect(BucketStatistics.quantile(values, rank: 90) == 3.7)
        #expect(BucketStatistics.quantile([7], rank: 5) == 7)
        #expect(BucketStatistics.quantile([-1e308, 1e308], rank: 50) == 0)
    }

    @Test func theSampleDeviationNeverOverflows() {
        #expect(BucketStatistics.sampleDeviation([5]) == nil)
        #expect(BucketStatistics.sampleDeviation([3, 3, 3]) == 0)
        #expect(BucketStatistics.sampleDeviation([2, 4, 4, 4, 5, 5, 7, 9])! == (32.0 / 7).squareRoot())
        let huge = BucketStatistics.sampleDeviation([1e308, -1e308])
        #expect(huge.map { $0.isFinite && $0 > 1e308 } == true)
    }

    @Test func namesRoundTrip() {
        for name in ["count", "sum", "average", "min", "max", "first", "last", "median", "p01", "p95", "stddev"] {
            #expect(SeriesStatistic(name: name)?.name == name)
        }
        #expect(SeriesStatistic(name: "p50") == nil)
        #expect(SeriesStatistic(name: "p5") == nil)
        #expect(SeriesStatistic(name: "p100") == nil)
    }

    /// NumPy's `linear` method to the bit (it was 1.2000000000000002).
    @Test func quantilesAreNumPysLinearToTheBit() {
        #expect(BucketStatistics.quantile([1, 2, 4], rank: 10) == 1.2)
        #expect(BucketStatistics.quantile([1, 2, 4], rank: 90) == 3.6)
        // b − a overflows here: NumPy answers inf or NaN, the weighted form stays finite.
        #expect(abs(BucketStatistics.quantile([-1.7e308, 1.7e308], rank: 25) + 0.85e308) < 1e294)
        #expect(BucketStatistics.quantile([-1.7e308, 1.7e308], rank: 99).isFinite)
    }

    /// An exact two-pass deviation (it was 1.2915541500450578).
    @Test func theDeviationIsAccurateFarFromZero() {
        let values = [1e15 + 1, 1e15 + 2, 1e15 + 3, 1e15 + 4]
        #expect(BucketStatistics.sampleDeviation(values) == 1.2909944487358056)
        #expect(BucketStatistics.sampleDeviation(values.reversed()) == 1.2909944487358056)
        // The mean 1e12 + ⅔ ulp rounds to 1e12 + 1 ulp: without the correction the deviation is ulp/√2, not ulp/√3.
        let ulp = 0x1p-12
        #expect(BucketStatistics.sampleDeviation([1e12, 1e12 + ulp, 1e12 + ulp]) == (1.0 / 3).squareRoot() * ulp)
        // About 1.96e308: beyond the range of a double, which callers report as an error.
        #expect(BucketStatistics.sampleDeviation([1.7e308, -1.7e308, 1.7e308]) == .infinity)
    }

    /// Buckets sort their values only for quantiles: the deviation must not
    /// depend on the order it reads them in, to the bit.
    @Test func theDeviationIsTheSameInAnyOrder() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let values = (0..<Int.random(in: 2...200, using: &generator)).map { _ in
                Double(
                    sign: Bool.random(using: &generator) ? .plus : .minus,
                    exponent: Int.random(in: -40...40, using: &generator),
                    significand: Double.random(in: 1..<2, using: &generator)) + 1e6
            }
            let sorted = BucketStatistics.sampleDeviation(values.sorted())
            #expect(BucketStatistics.sampleDeviation(values)?.bitPattern == sorted?.bitPattern)
            #expect(
                BucketStatistics.sampleDeviation(values.shuffled(using: &generator))?.bitPattern == sorted?.bitPattern)
        }
    }
}
