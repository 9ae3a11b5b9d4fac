import Testing
import WellnessTestSupport

@testable import WellnessKitCore

/// The body of `POST /api/v1/daily-metrics` and the profile, as the server and the library's client read them.
@Suite struct DailyMetricsInputTests {
    static func input(_ text: String, days: Int = 1000, metrics: Int = 64) throws -> DailyMetricsInput {
        try DailyMetricsInput(json: JSONParser.parse(Array(text.utf8)), maximumDays: days, maximumMetrics: metrics)
    }

    static func path(_ text: String, days: Int = 1000, metrics: Int = 64) -> String? {
        wellnessError { try input(text, days: days, metrics: metrics) }?.path
    }

    @Test func convertsTheUnitsSentToTheMetricsOwn() throws {
        let read = try Self.input(
            #"{"days":[{"date":"2026-03-02","weight_kg":11,"sleep_minutes":7.5,"hrv":0.05,"spo2_percent":0.95,"#
                + #""calories":4184,"distance_km":1609.344,"steps":3}],"#
                + #""units":{"weight_kg":"st","sleep_minutes":"hours","heart_rate_variability":"s","#
                + #""spo2":"fraction","calories":"kJ","distance_km":"m"}}"#)
        let changes = try #require(read.days.first?.changes)
        #expect(abs((changes["weight_kg"] ?? nil).map { $0 - 69.853_225 } ?? 1) < 1e-6, "stone to kg")
        #expect(changes["sleep_minutes"] == 450)
        #expect(abs((changes["heart_rate_variability"] ?? nil).map { $0 - 50 } ?? 1) < 1e-9, "hrv under its name")
        #expect(abs((changes["spo2"] ?? nil).map { $0 - 95 } ?? 1) < 1e-9)
        #expect(abs((changes["calories"] ?? nil).map { $0 - 1000 } ?? 1) < 1e-9)
        #expect(abs((changes["distance_km"] ?? nil).map { $0 - 1.609_344 } ?? 1) < 1e-9)
        #expect(changes["steps"] == 3, "a metric without a unit sent is in its own")
    }

    @Test func nullDeletesAndOtherNamesAreKeptAsSent() throws {
        let read = try Self.input(#"{"days":[{"date":"2026-03-02","stress_score":null,"my_breaths":-12.5}]}"#)
        let changes = try #require(read.days.first?.changes)
        #expect(changes["stress_score"] == .some(nil))
        #expect(changes["my_breaths"] == -12.5)
    }

    @Test func namesTheFieldAtFault() {
        #expect(Self.path(#"{"days":[{"date":"2026-03-02","resting_heart_rate":19}]}"#) == "days[0].resting_heart_rate")
        #expect(
            Self.path(#"{"days":[{"date":"2026-03-02","weight_kg":30}],"units":{"weight_kg":"lb"}}"#)
                == "days[0].weight_kg")
        #expect(Self.path(#"{"days":[{"date":"2026-03-02"}],"units":{"weight_kg":"stone"}}"#) == "units.weight_kg")
        #expect(Self.path(#"{"days":[{"date":"2026-03-02"}],"units":{"breaths":"bpm"}}"#) == "units.breaths")
        #expect(Self.path(#"{"days":[{"date":"2026-03-02","2fast":1}]}"#) == "days[0].2fast")
        #expect(Self.path(#"{"days":[{"date":"2026-03-02","x":1e13}]}"#) == "days[0].x")
        #expect(Self.path(#"{"days":[{"date":"2026-03-32","x":1}]}"#) == "days[0].date")
        #expect(Self.path(#"{"days":[{"date":"2026-03-02","x":1,"x":2}]}"#) == "days[0].x")
        #expect(Self.path(#"{"days":[]}"#) == "days")
        #expect(Self.path(#"{"days":[{"date":"2026-03-02"},{"date":"2026-03-03"}]}"#, days: 1) == "days")
        #expect(Self.path(#"{"days":[{"date":"2026-03-02","a":1,"b":2}]}"#, metrics: 1) == "days[0]")
        #expect(Self.path(#"{"days":[],"unit":{}}"#) == "unit")
    }

    @Test func theProfileChecksItsCalendar() throws {
        let profile = try decode(Profile.self, #"{"age":40,"time_zone":"America/Santiago","first_weekday":"SUNDAY"}"#)
        #expect(profile.timeZone == "America/Santiago" && profile.firstWeekday == 1 && profile.age == 40)
        #expect(try decode(Profile.self, "{}") == Profile(), "UTC and Monday until set")
        #expect(wellnessError { try decode(Profile.self, #"{"time_zone":"Mars/Olympus_Mons"}"#) }?.path == "time_zone")
        #expect(wellnessError { try decode(Profile.self, #"{"first_weekday":8}"#) }?.path == "first_weekday")
        #expect(wellnessError { try decode(Profile.self, #"{"first_weekday":"someday"}"#) }?.path == "first_weekday")
        // A stored zone is taken as written: a database that lost it does not make the profile unreadable.
        let stored = try Profile(stored: JSONParser.parse(Array(#"{"time_zone":"Lost/Zone"}"#.utf8)))
        #expect(stored.timeZone == "Lost/Zone")
    }
}
