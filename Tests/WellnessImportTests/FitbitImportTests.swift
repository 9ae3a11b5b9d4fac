import Testing
import WellnessImport
import WellnessKitCore

@Suite struct FitbitImportTests {
    static let sleep = """
        [{"logId": 1, "dateOfSleep": "2021-03-14", "startTime": "2021-03-13T23:05:30.000", "minutesAsleep": 420,
          "minutesAwake": 60, "timeInBed": 480, "type": "stages", "mainSleep": true,
          "levels": {"summary": {"deep": {"count": 4, "minutes": 70}, "light": {"count": 20, "minutes": 230},
                                 "rem": {"count": 5, "minutes": 120}, "wake": {"count": 20, "minutes": 60}}}},
         {"logId": 2, "dateOfSleep": "2021-03-14", "minutesAsleep": 30, "timeInBed": 35, "type": "classic",
          "levels": {"summary": {"asleep": {"minutes": 30}, "restless": {"minutes": 3}, "awake": {"minutes": 2}}}},
         {"logId": 3, "minutesAsleep": 30}]
        """

    @Test func sleepLogsOfOneDateAreSummedWithTheirStages() throws {
        let zip = ImportFixtures.zip(
            Array(Self.sleep.utf8), name: "Takeout/Fitbit/Global Export Data/sleep-2021-03-01.json")
        let result = try ImportFixtures.run(zip, format: .fitbit, name: "takeout.zip")
        #expect(result.value("sleep_minutes", on: "2021-03-14") == 450)
        #expect(result.value("time_in_bed_minutes", on: "2021-03-14") == 515)
        #expect(result.value("deep_sleep_minutes", on: "2021-03-14") == 70)
        #expect(result.value("light_sleep_minutes", on: "2021-03-14") == 230)
        #expect(result.value("awake_minutes", on: "2021-03-14") == 65)
        #expect(result.report.recordsRead == 3)
        #expect(result.report.skipped.map(\.count) == [1])
        #expect(
            result.report.skipped.first?.first
                == "takeout.zip: Takeout/Fitbit/Global Export Data/sleep-2021-03-01.json [2]")
    }

    @Test func exercisesAreSessionsInTheChosenZone() throws {
        let exercise = """
            [{"activityName": "Outdoor Bike", "startTime": "03/14/21 07:30:00", "duration": 3600000, "distance": 10,
              "distanceUnit": "Mile", "calories": 500, "averageHeartRate": 130}]
            """
        let zip = ImportFixtures.zip(Array(exercise.utf8), name: "exercise-0.json")
        let zone = try TimeZoneRules.named("America/New_York", at: .root)
        let result = try ImportFixtures.run(zip, format: .fitbit, options: ImportOptions(timeZone: zone))
        let session = try #require(result.sessions.first)
        // 14 March 2021 is the day New York springs forward: 07:30 is already -04:00.
        #expect(ImportedSessionText.start(session) == "2021-03-14T07:30:00-04:00")
        #expect(session.activity == "Cycling")
        #expect(session.field("duration") == 60)
        #expect(abs((session.field("distance") ?? 0) - 16.09344) < 1e-9)
    }

    @Test func aFileThatIsNotJSONIsNamedWithItsLine() throws {
        let zip = ImportFixtures.zip(Array("[{\"dateTime\": 1},\n oops]".utf8), name: "steps-2021-01-01.json")
        let error = try #require(ImportFixtures.failure(zip, format: .fitbit, name: "takeout.zip"))
        #expect(error.kind == .invalidArgument)
        #expect(error.message.hasPrefix("takeout.zip: steps-2021-01-01.json: "))
        #expect(error.message.contains("line 2"))
    }

    @Test func aZipWithoutFitbitFilesIsRefused() throws {
        let zip = ImportFixtures.zip(Array("hello".utf8), name: "notes.txt")
        #expect(ImportFixtures.failure(zip, format: .fitbit)?.message.contains("no Fitbit export file") == true)
    }
}
