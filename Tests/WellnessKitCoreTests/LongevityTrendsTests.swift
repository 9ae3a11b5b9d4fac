import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct LongevityTrendsTests {
    static let today = CalendarDate(year: 2025, month: 6, day: 30)

    static func entries(days: Int, slopePerDay: Double = -0.01, skipping: Set<Int> = []) throws -> [BiologicalAgeEntry]
    {
        let end = try #require(today).daysSinceEpoch
        return try (0..<days).filter { !skipping.contains($0) }.map { offset in
            BiologicalAgeEntry(
                date: try #require(CalendarDate(daysSinceEpoch: end - offset)),
                biologicalAge: 40 + slopePerDay * Double(-offset))
        }
    }

    @Test func availabilityThresholds() throws {
        let today = try #require(Self.today)
        for (days, weekly, monthly, yearly) in [
            (6, false, false, false), (7, true, false, false), (30, true, true, false),
            (365, true, true, true),
        ] {
            let response = try LongevityTrends(entries: try Self.entries(days: days), today: today).response
            #expect(
                response.weekly.available == weekly && response.monthly.available == monthly
                    && response.yearly.available == yearly, "\(days) entries")
            #expect(response.yearly.projection == (yearly ? nil : true))
        }
    }

    @Test func valuesAreTheFittedChangeOverTheWindow() throws {
        let response = try LongevityTrends(entries: try Self.entries(days: 400), today: try #require(Self.today))
            .response
        #expect(response.weekly.value == -0.07)
        #expect(response.monthly.value == -0.3)
        #expect(response.yearly.value == -3.65)
        #expect(response.weekly.points?.count == 7 && response.monthly.points?.count == 30)
    }

    @Test func projectionNeedsEnoughRecentEntries() throws {
        let today = try #require(Self.today)
        let projected = try LongevityTrends(entries: try Self.entries(days: 20, slopePerDay: 0.002), today: today)
            .response.yearly
        #expect(projected.projection == true && projected.available == false && projected.value == 0.73)
        let tooFew = try LongevityTrends(entries: try Self.entries(days: 10), today: today).response.yearly
        #expect(tooFew.projection == true && tooFew.value == nil && tooFew.points?.count == 10)
    }

    @Test func pointsAreOnlyDaysWithEntries() throws {
        let response = try LongevityTrends(
            entries: try Self.entries(days: 40, skipping: [1, 2, 3]),
            today: try #require(Self.today)
        ).response
        #expect(response.weekly.points?.map(\.date.day) == [24, 25, 26, 30])
    }

    @Test func unavailableBucketsHaveNoValueAndFutureEntriesAreIgnored() throws {
        var entries = try Self.entries(days: 3)
        entries.append(
            BiologicalAgeEntry(date: try #require(CalendarDate(year: 2025, month: 7, day: 5)), biologicalAge: 10))
        let response = try LongevityTrends(entries: entries, today: try #require(Self.today)).response
        #expect(response.weekly.value == nil && response.weekly.points?.count == 3)
    }

    @Test func duplicateDatesAreNamed() throws {
        var entries = try Self.entries(days: 3)
        entries.append(entries[1])
        let error = wellnessError { try LongevityTrends(entries: entries, today: try #require(Self.today)) }
        #expect(error?.path == "entries[3]")
    }

    @Test func emptyHistory() throws {
        let response = try LongevityTrends(entries: [], today: try #require(Self.today)).response
        #expect(
            try JSONWriter.string(response.json) == """
                {"weekly":{"value":null,"available":false,"points":[]},"monthly":{"value":null,"available":false,"points":[]},\
                "yearly":{"value":null,"available":false,"projection":true,"points":[]}}
                """)
    }
}
