import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct NewWorkoutsTests {
    static let swim = #"{"start":"2026-11-21T06:00:00Z","end":"2026-11-21T06:30:00Z","activity":"Swim"}"#

    @Test func keepsTheBodyAsGiven() throws {
        let text = #"{"workouts":[\#(Self.swim),\#(WorkoutRecordTests.run)]}"#
        let workouts = try decode(NewWorkouts.self, text)
        #expect(workouts.workouts.map(\.activity) == ["Swim", "Outdoor Run"])
        #expect(try JSONWriter.string(workouts.json) == (try JSONWriter.string(try JSONParser.parse(Array(text.utf8)))))
    }

    @Test func namesTheWorkoutAndItsField() {
        let late = Self.swim.replacingOccurrences(of: "06:30", with: "05:30")
        #expect(
            wellnessError { try decode(NewWorkouts.self, #"{"workouts":[\#(Self.swim),\#(late)]}"#) }?.path
                == "workouts[1].end")
        let withId = Self.swim.replacingOccurrences(of: "{", with: #"{"id":"wo_1","#)
        #expect(
            wellnessError { try decode(NewWorkouts.self, #"{"workouts":[\#(withId)]}"#) }?.path
                == "workouts[0].id")
        #expect(wellnessError { try decode(NewWorkouts.self, #"{"workouts":{}}"#) }?.path == "workouts")
        #expect(wellnessError { try decode(NewWorkouts.self, #"{}"#) }?.path == "workouts")
        #expect(wellnessError { try decode(NewWorkouts.self, #"{"workouts":[],"extra":1}"#) }?.path == "extra")
        #expect(wellnessError { try decode(NewWorkouts.self, #"{"workouts":[1]}"#) }?.path == "workouts[0]")
    }

    /// The parser keeps every member and a lookup reads the last: a repeated key is refused, not read as one.
    @Test func aRepeatedKeyIsRefusedNamingIt() {
        let twice = Self.swim.replacingOccurrences(of: "}", with: #","activity":"Run"}"#)
        let error = wellnessError { try decode(NewWorkouts.self, #"{"workouts":[\#(Self.swim),\#(twice)]}"#) }
        #expect(
            error?.path == "workouts[1].activity" && error?.message.contains("twice") == true,
            "\(String(describing: error))")
        let field = Self.swim.replacingOccurrences(of: "}", with: #","distance":1,"distance":2}"#)
        #expect(
            wellnessError { try decode(NewWorkouts.self, #"{"workouts":[\#(field)]}"#) }?.path
                == "workouts[0].distance")
        #expect(
            wellnessError { try decode(NewWorkouts.self, #"{"workouts":[],"workouts":[\#(Self.swim)]}"#) }?.path
                == "workouts")
    }

    @Test func atMostAThousandARequest() throws {
        let thousand = Array(repeating: Self.swim, count: NewWorkouts.maximumCount).joined(separator: ",")
        #expect(try decode(NewWorkouts.self, #"{"workouts":[\#(thousand)]}"#).workouts.count == 1000)
        #expect(
            wellnessError { try decode(NewWorkouts.self, #"{"workouts":[\#(thousand),\#(Self.swim)]}"#) }?.path
                == "workouts")
    }
}
