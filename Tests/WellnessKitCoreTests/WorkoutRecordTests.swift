import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct WorkoutRecordTests {
    static let run =
        #"{"start":"2026-11-20T08:00:00.1239+01:00","end":1795159800,"activity":"Outdoor Run","#
        + #""distance":5.2,"calories":410,"average_heart_rate":null}"#

    @Test func readsInstantsToTheMillisecondAndDropsNullFields() throws {
        let workout = try decode(WorkoutRecord.self, Self.run)
        #expect(workout.start == 1_795_158_000_123)
        #expect(workout.end == 1_795_159_800_000)
        #expect(workout.fields == ["distance": 5.2, "calories": 410])
        let text = try canonical(workout)
        #expect(text.contains(#""start":"2026-11-20T07:00:00.123Z""#))
        #expect(text.contains(#""activity":"Outdoor Run","calories":410"#))
    }

    @Test func eachRuleNamesItsField() {
        func path(_ replacing: String, _ with: String) -> String? {
            wellnessError { try decode(WorkoutRecord.self, Self.run.replacingOccurrences(of: replacing, with: with)) }?
                .path
        }
        #expect(path(#""end":1795159800"#, #""end":1795150000"#) == "end")
        #expect(path(#""end":1795159800"#, #""end":1e300"#) == "end")
        #expect(path(#""end":1795159800"#, #""end":true"#) == "end")
        #expect(path(#""start":"2026-11-20T08:00:00.1239+01:00""#, #""start":"yesterday""#) == "start")
        #expect(path(#""activity":"Outdoor Run""#, #""activity":"""#) == "activity")
        #expect(path("Outdoor Run", String(repeating: "é", count: 101)) == "activity")
        #expect(path(#""distance":5.2"#, #""Distance":5.2"#) == "Distance")
        #expect(path(#""distance":5.2"#, #""9k":5.2"#) == "9k")
        #expect(path(#""distance":5.2"#, #""distance":"5.2""#) == "distance")
        let many = (0..<33).map { #""f\#($0)":1"# }.joined(separator: ",")
        #expect(path(#""distance":5.2"#, many) == "f32")
        #expect(path("Outdoor Run", String(repeating: "é", count: 100)) == nil)
    }
}
