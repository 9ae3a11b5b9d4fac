import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct TrendBucketTests {
    @Test(
        arguments: [
            (nil, nil, "No data", "—"), (-0.32, nil, "Rejuvenation", "-0.32y"), (1.5, nil, "Aging", "1.50y"),
            (0.0, nil, "Stable", "0.00y"), (-4.2, true, "Projected", "-4.20y"), (nil, true, "No data", "—"),
        ] as [(Double?, Bool?, String, String)])
    func labelAndFormattedValue(_ value: Double?, _ projection: Bool?, _ label: String, _ formatted: String) {
        let bucket = TrendBucket(value: value, available: false, projection: projection)
        #expect(bucket.label == label)
        #expect(bucket.formattedValue == formatted)
    }

    @Test func messagesPerPeriod() {
        let unavailable = TrendBucket(value: nil, available: false)
        #expect(
            unavailable.message(for: .weekly)
                == "Not enough data for a weekly trend yet. Keep logging your daily check-ins.")
        #expect(
            unavailable.message(for: .monthly)
                == "Not enough data for a monthly trend yet. Keep logging your daily check-ins.")
        #expect(
            TrendBucket(value: nil, available: false, projection: true).message(for: .yearly)
                == "Not enough data for a yearly trend yet. Keep logging your daily check-ins.")
        #expect(
            TrendBucket(value: -1, available: false, projection: true).message(for: .yearly)
                == "Not enough data for a yearly trend yet. Showing a projected yearly trend based on recent check-ins."
        )
        #expect(TrendBucket(value: -1, available: true).message(for: .weekly) == nil)
    }

    @Test func chartRule() {
        #expect(TrendBucket(value: nil, available: true).showsChart)
        #expect(TrendBucket(value: 1, available: false, projection: true, points: []).showsChart)
        #expect(!TrendBucket(value: 1, available: false, projection: true).showsChart)
        #expect(!TrendBucket(value: 1, available: false, projection: false, points: []).showsChart)
    }

    @Test func pointsAreSortedAndDuplicatesRejected() throws {
        let text =
            #"{"value":-0.3,"available":true,"points":[{"date":"2025-01-16","biologicalAge":37.75},{"date":"2025-01-15","biological_age":37.77}]}"#
        #expect(
            try canonical(try decode(TrendBucket.self, text)) == """
                {"value":-0.3,"available":true,"points":[{"date":"2025-01-15","biologicalAge":37.77},\
                {"date":"2025-01-16","biologicalAge":37.75}]}
                """)
        let duplicate = text.replacingOccurrences(of: "2025-01-16", with: "2025-01-15")
        #expect(wellnessError { try decode(TrendBucket.self, duplicate) }?.path == "points[1]")
        let badDate = text.replacingOccurrences(of: "2025-01-16", with: "2025-02-30")
        #expect(wellnessError { try decode(TrendBucket.self, badDate) }?.path == "points[0].date")
    }

    @Test func responseNeedsAllThreePeriods() {
        let text = #"{"weekly":{"value":null,"available":false},"monthly":{"value":null,"available":false}}"#
        #expect(wellnessError { try decode(TrendsResponse.self, text) }?.path == "yearly")
    }
}
