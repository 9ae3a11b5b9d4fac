import Testing
import WellnessImport
import WellnessKitCore

@Suite struct AppleHealthImportTests {
    typealias F = ImportFixtures
    static let watch = "Ann’s Apple Watch"
    static let phone = "Ann’s iPhone"

    @Test func aMultiSourceDayCountsOverlappingStepsOnceFromTheWatch() throws {
        let body =
            F.record("StepCount", Self.watch, "count", "2024-05-01 10:00:00 +0200", "2024-05-01 10:10:00 +0200", "100")
            // Fully covered by the watch: dropped.
            + F.record("StepCount", Self.phone, "count", "2024-05-01 10:00:00 +0200", "2024-05-01 10:10:00 +0200", "90")
            // Half covered: half of it counts.
            + F.record("StepCount", Self.phone, "count", "2024-05-01 10:05:00 +0200", "2024-05-01 10:15:00 +0200", "60")
            // Not covered (the watch was off): counts whole.
            + F.record("StepCount", Self.phone, "count", "2024-05-01 12:00:00 +0200", "2024-05-01 12:10:00 +0200", "50")
        let result = try F.run(F.export(body))
        let steps = try #require(result.value("steps", on: "2024-05-01"))
        #expect(abs(steps - 180) < 1e-9, "100 from the watch, half of 60 and 50 from the phone: \(steps)")
        #expect(result.report.overlapRemoved.first?.column == "steps")
        #expect(abs((result.report.overlapRemoved.first?.amount ?? 0) - 120) < 1e-9)
        #expect(result.report.sources.map(\.name) == [Self.watch, Self.phone])
    }

    @Test func eachDailyColumnAndUnitIsWrittenOnce() throws {
        let body =
            F.record("StepCount", Self.watch, "count", "2024-05-01 10:00:00 +0200", "2024-05-01 10:10:00 +0200", "100")
            + F.record(
                "RestingHeartRate", Self.watch, "count/min", "2024-05-01 10:00:00 +0200", "2024-05-01 10:10:00 +0200",
                "55")
        let result = try F.run(F.export(body))
        #expect(result.dailyColumns == ["steps", "resting_heart_rate"])
        #expect(result.units.map(\.0) == ["steps", "resting_heart_rate"])
        guard case .object(let document) = result.json, case .array(let rows)? = document["daily"],
            case .object(let row)? = rows.first
        else { throw WellnessError.internal("no daily row") }
        #expect(row.members.map(\.key) == ["date", "steps", "resting_heart_rate"])
    }

    @Test func aNamedSourcePriorityComesFirst() throws {
        let body =
            F.record("StepCount", Self.watch, "count", "2024-05-01 10:00:00 +0200", "2024-05-01 10:10:00 +0200", "100")
            + F.record("StepCount", Self.phone, "count", "2024-05-01 10:00:00 +0200", "2024-05-01 10:10:00 +0200", "90")
        let result = try F.run(F.export(body), options: ImportOptions(sourcePriority: [Self.phone]))
        #expect(result.value("steps", on: "2024-05-01") == 90)
    }

    @Test func discreteTypesAreTheMeanOrTheLatestOfTheBestSource() throws {
        let body =
            F.record(
                "HeartRate", Self.watch, "count/min", "2024-05-01 10:00:00 +0200", "2024-05-01 10:00:00 +0200", "60")
            + F.record(
                "HeartRate", Self.watch, "count/min", "2024-05-01 11:00:00 +0200", "2024-05-01 11:00:00 +0200", "80")
            + F.record(
                "HeartRate", "Polar", "count/min", "2024-05-01 11:00:00 +0200", "2024-05-01 11:00:00 +0200", "200")
            + F.record("BodyMass", "Withings", "lb", "2024-05-01 20:00:00 +0200", "2024-05-01 20:00:00 +0200", "150")
            + F.record("BodyMass", "Withings", "kg", "2024-05-01 07:00:00 +0200", "2024-05-01 07:00:00 +0200", "61")
            + F.record(
                "OxygenSaturation", Self.watch, "%", "2024-05-01 03:00:00 +0200", "2024-05-01 03:00:00 +0200", "0.97")
        let result = try F.run(F.export(body))
        #expect(result.value("heart_rate", on: "2024-05-01") == 70)
        #expect(abs((result.value("weight_kg", on: "2024-05-01") ?? 0) - 150 * 0.453_592_37) < 1e-9)
        #expect(abs((result.value("spo2", on: "2024-05-01") ?? 0) - 97) < 1e-9)
        #expect(result.units.contains { $0 == ("spo2", "%") })
    }

    @Test func sleepStagesFoldIntoTheNightThatEndsThatMorningAcrossDaylightSavingTime() throws {
        // Europe/Berlin springs forward on 2024-03-31 at 02:00: the night is an hour shorter.
        let spring =
            F.sleep(Self.phone, "InBed", "2024-03-30 23:00:00 +0100", "2024-03-31 07:00:00 +0200")
            + F.sleep(Self.watch, "AsleepCore", "2024-03-30 23:10:00 +0100", "2024-03-31 03:10:00 +0200")
            + F.sleep(Self.watch, "AsleepDeep", "2024-03-31 03:10:00 +0200", "2024-03-31 04:10:00 +0200")
            + F.sleep(Self.watch, "Awake", "2024-03-31 04:10:00 +0200", "2024-03-31 04:20:00 +0200")
            + F.sleep(Self.watch, "AsleepREM", "2024-03-31 04:20:00 +0200", "2024-03-31 06:50:00 +0200")
            // It falls back on 2024-10-27 at 03:00: an hour longer.
            + F.sleep(Self.watch, "AsleepUnspecified", "2024-10-26 23:00:00 +0200", "2024-10-27 07:00:00 +0100")
            // An evening nap that ends after 18:00 belongs to the next date's night.
            + F.sleep(Self.watch, "AsleepCore", "2024-10-27 18:30:00 +0100", "2024-10-27 19:00:00 +0100")
        let result = try F.run(F.export(spring))
        #expect(result.value("time_in_bed_minutes", on: "2024-03-31") == 420)
        #expect(result.value("light_sleep_minutes", on: "2024-03-31") == 180)
        #expect(result.value("deep_sleep_minutes", on: "2024-03-31") == 60)
        #expect(result.value("rem_sleep_minutes", on: "2024-03-31") == 150)
        #expect(result.value("awake_minutes", on: "2024-03-31") == 10)
        #expect(result.value("sleep_minutes", on: "2024-03-31") == 390)
        #expect(result.value("sleep_minutes", on: "2024-10-27") == 540)
        #expect(result.value("deep_sleep_minutes", on: "2024-10-27") == nil)
        #expect(result.value("sleep_minutes", on: "2024-10-28") == 30)
    }

    @Test func aWorkoutCrossingMidnightIsOneSessionOnItsStartDay() throws {
        let body = """
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="70" durationUnit="min" \
            totalDistance="10" totalDistanceUnit="km" totalEnergyBurned="2000" totalEnergyBurnedUnit="kJ" \
            sourceName="\(Self.watch)" startDate="2024-05-01 23:30:00 +0200" endDate="2024-05-02 00:40:00 +0200">
              <MetadataEntry key="HKElevationAscended" value="4523 cm"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2024-05-01 23:30:00 +0200" \
            endDate="2024-05-02 00:40:00 +0200" average="151.5" minimum="120" maximum="175" unit="count/min"/>
             </Workout>
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="68" durationUnit="min" \
            sourceName="Strava" startDate="2024-05-01 23:31:00 +0200" endDate="2024-05-02 00:39:00 +0200">
             </Workout>

            """
        let result = try F.run(F.export(body))
        #expect(result.sessions.count == 1)
        #expect(result.report.duplicateWorkouts == 1)
        let session = try #require(result.sessions.first)
        #expect(ImportedSessionText.start(session) == "2024-05-01T23:30:00+02:00")
        #expect(ImportedSessionText.end(session) == "2024-05-02T00:40:00+02:00")
        #expect(session.activity == "Run")
        #expect(
            session.fields.map(\.0) == ["duration", "distance", "calories", "average_heart_rate", "elevation_gain"])
        #expect(session.field("duration") == 70)
        #expect(session.field("distance") == 10)
        #expect(abs((session.field("calories") ?? 0) - 2000 / 4.184) < 1e-9)
        #expect(session.field("average_heart_rate") == 151.5)
        #expect(abs((session.field("elevation_gain") ?? 0) - 45.23) < 1e-9)
    }

    @Test func aChosenZoneCutsDaysInsteadOfEachRecordsOffset() throws {
        let body = F.record(
            "StepCount", Self.watch, "count", "2024-01-01 23:30:00 +0100", "2024-01-01 23:40:00 +0100", "10")
        #expect(try F.run(F.export(body)).value("steps", on: "2024-01-01") == 10)
        let tokyo = ImportOptions(timeZone: try TimeZoneRules.named("Asia/Tokyo", at: .root))
        #expect(try F.run(F.export(body), options: tokyo).value("steps", on: "2024-01-02") == 10)
    }

    @Test func aZippedExportIsReadFromItsMember() throws {
        let body = F.record(
            "StepCount", Self.watch, "count", "2024-01-01 10:00:00 +0100", "2024-01-01 10:10:00 +0100", "1234")
        let result = try F.run(F.zip(F.export(body)), name: "export.zip")
        #expect(result.value("steps", on: "2024-01-01") == 1234)
    }

    @Test func aTruncatedZipIsRefusedNamingTheFile() throws {
        let body = String(
            repeating: F.record(
                "StepCount", Self.watch, "count", "2024-01-01 10:00:00 +0100", "2024-01-01 10:10:00 +0100", "1"),
            count: 200)
        let zip = F.zip(F.export(body))
        for cut in [zip.count / 2, zip.count - 10, 10] {
            let error = try #require(F.failure(Array(zip[0..<cut]), name: "export.zip"))
            #expect(error.kind == .invalidArgument)
            #expect(error.message.hasPrefix("export.zip: "))
            #expect(error.message.contains("truncated"))
        }
    }

    @Test func aDamagedMemberFailsItsChecksum() throws {
        var zip = F.zip(F.export(""))
        // A stored byte flipped inside the compressed data.
        zip[60] ^= 0x01
        let error = try #require(F.failure(zip, name: "export.zip"))
        #expect(error.kind == .invalidArgument)
        #expect(error.message.contains("export.xml"))
    }

    @Test func anEntityDeclarationIsRefusedNotExpanded() throws {
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [
             <!ENTITY lol "lol">
             <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
            ]>
            <HealthData>&lol2;</HealthData>
            """
        let error = try #require(F.failure(Array(bomb.utf8)))
        #expect(error.kind == .invalidArgument)
        #expect(error.message.hasPrefix("export.xml line 3: "))
        #expect(error.message.contains("entity declaration \"lol\" is refused"))
    }

    @Test func malformedXMLNamesTheFileAndLine() throws {
        let broken = F.export(" <Record type=\"x\"\n <Oops/>\n")
        let error = try #require(F.failure(broken))
        #expect(error.kind == .invalidArgument)
        #expect(error.message.hasPrefix("export.xml line 9, column "))
    }

    @Test func recordsThatCannotBeReadAreSkippedWithTheReason() throws {
        let body =
            F.record("StepCount", Self.watch, "count", "yesterday", "2024-01-01 10:10:00 +0100", "1")
            + F.record(
                "StepCount", Self.watch, "count", "2024-01-01 10:00:00 +0100", "2024-01-01 10:10:00 +0100", "NaN")
            + F.record("DietaryWater", Self.watch, "mL", "2024-01-01 10:00:00 +0100", "2024-01-01 10:10:00 +0100", "1")
        let result = try F.run(F.export(body))
        #expect(result.report.recordsRead == 3)
        #expect(result.report.recordsUsed == 0)
        #expect(
            result.report.skipped.map(\.reason) == [
                "a record without a readable startDate and endDate",
                "steps: a value that is not a number within ±10^12",
                "HKQuantityTypeIdentifierDietaryWater: a type not read",
            ])
        #expect(result.report.skipped.first?.first == "export.xml line 8")
    }

    @Test func valuesBeyondAnyHealthSampleAreSkippedNotSummedIntoInfinity() throws {
        let body =
            F.record(
                "StepCount", Self.watch, "count", "2024-01-01 10:00:00 +0100", "2024-01-01 10:10:00 +0100", "1e308")
            + F.record(
                "StepCount", Self.watch, "count", "2024-01-01 11:00:00 +0100", "2024-01-01 11:10:00 +0100", "1e308")
            + F.record("StepCount", Self.watch, "count", "2024-01-01 12:00:00 +0100", "2024-01-01 12:10:00 +0100", "7")
                + """
                 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" totalDistance="1e308" totalDistanceUnit="mi" \
                sourceName="\(Self.watch)" startDate="2024-01-01 18:00:00 +0100" endDate="2024-01-01 18:30:00 +0100"/>

                """
        let result = try F.run(F.export(body))
        #expect(result.value("steps", on: "2024-01-01") == 7)
        #expect(result.report.skipped.first?.count == 2)
        #expect(result.sessions.first?.field("distance") == nil)
        #expect(result.sessions.first?.field("duration") == 30)
        _ = try JSONWriter.bytes(result.json)
    }

    @Test func progressIsReportedAndCanCancel() throws {
        let bytes = F.export("")
        var calls: [(Int, Int)] = []
        _ = try bytes.withUnsafeBytes { buffer in
            try AppleHealthImport.run(ImportInput(borrowing: buffer)) { done, total in
                calls.append((done, total))
                return true
            }
        }
        #expect(calls.last.map { $0 == (bytes.count, bytes.count) } == true)
        let error = bytes.withUnsafeBytes { buffer in
            #expect(throws: WellnessError.self) {
                try AppleHealthImport.run(ImportInput(borrowing: buffer)) { _, _ in false }
            }
        }
        #expect(error?.kind == .cancelled)
    }

    @Test func anotherDocumentIsNotAnExport() throws {
        let error = try #require(F.failure(Array("<gpx></gpx>".utf8)))
        #expect(error.message.contains("not an Apple Health export"))
    }
}

/// A session's start and end as its JSON writes them.
enum ImportedSessionText {
    static func start(_ session: ImportedSession) -> String? { text(session, "start") }
    static func end(_ session: ImportedSession) -> String? { text(session, "end") }

    private static func text(_ session: ImportedSession, _ key: String) -> String? {
        guard case .object(let object) = session.json, case .string(let value)? = object[key] else { return nil }
        return value
    }
}
