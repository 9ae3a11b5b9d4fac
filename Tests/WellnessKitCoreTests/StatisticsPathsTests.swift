import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitCore

/// One bucket's statistics are the same numbers, or the
/// same error, through every path a series takes: JSON samples, sorted
/// columns (the day-run loop), unsorted columns (sample by sample), grouped
/// columns, and in every order of the samples.
@Suite struct StatisticsPathsTests {
    /// 2025-01-01T00:00:00Z; samples a minute apart on that UTC day.
    static let start: Int64 = 1_735_689_600

    /// The single bucket of `values` (one a minute, in that order of time)
    /// through each path, with the rows in the given time order and reversed.
    static func buckets(_ values: [Double], _ statistics: String) -> [Result<SeriesBucket, WellnessError>] {
        let options = #"{"interval":"day","time_zone":"UTC","statistics":\#(statistics)}"#
        let stamps = values.indices.map { start + Int64($0) * 60 }
        var results: [Result<SeriesBucket, WellnessError>] = []
        for (timestamps, values) in [(stamps, values), (stamps.reversed(), values.reversed())] {
            results.append(capture { try SeriesAggregationTests.columns(timestamps, values, options) })
            results.append(capture { try grouped(timestamps, values, options) })
            let samples = zip(timestamps, values).map { #"{"timestamp":\#($0.0),"value":\#($0.1)}"# }
            let document = "[\(samples.joined(separator: ","))]"
            results.append(capture { try SeriesAggregationTests.aggregate(document, options) })
        }
        return results
    }

    private static func capture(_ body: () throws -> SeriesAggregation) -> Result<SeriesBucket, WellnessError> {
        do {
            let buckets = try body().buckets
            guard buckets.count == 1, let bucket = buckets.first else { return .failure(.internal("\(buckets.count)")) }
            return .success(bucket)
        } catch let error as WellnessError {
            return .failure(error)
        } catch {
            return .failure(.internal("\(error)"))
        }
    }

    private static func grouped(_ timestamps: [Int64], _ values: [Double], _ options: String) throws
        -> SeriesAggregation
    {
        let options = try GroupedSeriesOptions(json: JSONParser.parse(Array(options.utf8)), at: .root)
        let keys = [Int64](repeating: 7, count: values.count)
        let result = try keys.withUnsafeBufferPointer { keys in
            try timestamps.withUnsafeBufferPointer { timestamps in
                try values.withUnsafeBufferPointer { values in
                    try GroupedAggregation(keys: keys, timestamps: timestamps, values: values, options: options)
                }
            }
        }
        guard let group = result.groups.first else { throw WellnessError.internal("no group") }
        return group.aggregation
    }

    /// Every path's value of `statistic`, as bit patterns, or the error
    /// messages (the grouped call's without its "group 7: ").
    static func answers(_ values: [Double], _ statistic: SeriesStatistic) -> Set<String> {
        Set(
            buckets(values, #"["\#(statistic.name)"]"#).map { result in
                switch result {
                case .success(let bucket): return bucket.value(of: statistic).map { "\($0.bitPattern)" } ?? "nil"
                case .failure(let error):
                    let message = error.message.replacingOccurrences(of: "group 7: ", with: "")
                    return "\(error.kind) \(error.path ?? ""): \(message)"
                }
            })
    }

    @Test func theAverageIsTheCorrectlyRoundedSumOverNInEveryOrder() {
        let third = "\((1.0 / 3).bitPattern)"
        #expect(Self.answers([1e16, 1, -1e16], .average) == [third])
        #expect(Self.answers([-1e16, 1e16, 1], .average) == [third])
        // The default statistics take the same path.
        let plain = Self.buckets([-1e16, 1e16, 1], "null").map { try? $0.get().average }
        #expect(plain.allSatisfy { $0 == 1.0 / 3 })
        #expect(Self.answers([1e308, 1e308], .average) == ["\(1e308.bitPattern)"])
    }

    @Test func statisticsNotAskedForNeverFail() {
        for statistic: SeriesStatistic in [.minimum, .count, .average, .median, .maximum] {
            #expect(Self.answers([1e308, 1e308], statistic).allSatisfy { !$0.contains("beyond") })
            #expect(Self.answers([1e308, 1e308, -1e308], statistic).allSatisfy { !$0.contains("beyond") })
        }
    }

    @Test func anOverflowingSumIsOneErrorInEveryOrder() {
        let error =
            "validation statistics: the sum of the bucket Jan 1 (2025-01-01) is beyond the range of a double"
        #expect(Self.answers([1e308, 1e308], .sum) == [error])
        #expect(Self.answers([1e308, 1e308, 1e308, -1e308], .sum) == [error])
        // The exact sum fits: 1e308 whatever the order, where a running sum overflowed in some.
        for order in [[1e308, 1e308, -1e308], [1e308, -1e308, 1e308], [-1e308, 1e308, 1e308]] {
            #expect(Self.answers(order, .sum) == ["\(1e308.bitPattern)"])
        }
    }

    @Test func theDeviationIsAccurateAndItsOverflowIsOneError() {
        #expect(
            Self.answers([1e15 + 1, 1e15 + 2, 1e15 + 3, 1e15 + 4], .standardDeviation)
                == ["\(1.2909944487358056.bitPattern)"])
        #expect(
            Self.answers([1.7e308, -1.7e308, 1.7e308], .standardDeviation)
                == [
                    "validation statistics: the standard deviation of the bucket Jan 1 (2025-01-01) is beyond the "
                        + "range of a double"
                ])
        let huge = Self.buckets([1e308, -1e308], #"["stddev"]"#).map { try? $0.get().value(of: .standardDeviation) }
        #expect(huge.allSatisfy { $0.map { abs($0 / (2.0.squareRoot() * 1e308) - 1) < 1e-15 } == true })
    }

    @Test func percentilesAreNumPysInEveryPath() {
        #expect(Self.answers([1, 2, 4], .percentile(10)) == ["\(1.2.bitPattern)"])
        #expect(Self.answers([4, 1, 2], .percentile(10)) == ["\(1.2.bitPattern)"])
    }
}
