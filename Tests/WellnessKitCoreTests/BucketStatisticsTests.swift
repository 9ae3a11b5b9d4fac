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

    @Test func compensatedSumsKeepWhatPlainSumsLose() {
        var sum = CompensatedSum()
        for value in [1e16, 1.0, -1e16] { sum.add(value) }
        #expect(sum.value == 1)
        #expect(1e16 + 1.0 - 1e16 != 1)
    }
}
