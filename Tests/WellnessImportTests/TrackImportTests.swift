import Testing
import WellnessImport
import WellnessKitCore

@Suite struct TrackImportTests {
    /// A kilometre north along a meridian, in two 500 m steps, climbing 10 m then dropping 4 m.
    static let points: [(Double, Double, Double, String, Int?)] = [
        (48.0, 11.0, 500, "2024-05-01T16:00:00Z", 140), (48.0 + 0.5 / 111.195, 11.0, 510, "2024-05-01T16:03:00Z", 150),
        (48.0 + 1 / 111.195, 11.0, 506, "2024-05-01T16:06:00Z", nil),
    ]

    static var gpx: [UInt8] {
        var text = """
            <?xml version="1.0"?>
            <gpx version="1.1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
            <trk><type>running</type><trkseg>

            """
        for (lat, lon, ele, time, hr) in points {
            let extensions =
                hr.map {
                    "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\($0)</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>"
                } ?? ""
            text += "<trkpt lat=\"\(lat)\" lon=\"\(lon)\"><ele>\(ele)</ele><time>\(time)</time>\(extensions)</trkpt>\n"
        }
        return Array((text + "</trkseg></trk></gpx>\n").utf8)
    }

    @Test func aGPXTrackIsOneSession() throws {
        let result = try ImportFixtures.run(Self.gpx, format: .gpx, name: "run.gpx")
        let session = try #require(result.sessions.first)
        #expect(result.sessions.count == 1)
        #expect(session.activity == "Run")
        #expect(session.field("duration") == 6)
        #expect(abs((session.field("distance") ?? 0) - 1.0) < 0.002)
        #expect(session.field("elevation_gain") == 10)
        #expect(session.field("average_heart_rate") == 145)
        #expect(ImportedSessionText.start(session) == "2024-05-01T16:00:00+00:00")
        #expect(result.report.recordsRead == 3)
    }

    @Test func aTCXActivityIsOneSessionWithItsLapsCalories() throws {
        var text = """
            <?xml version="1.0"?>
            <TrainingCenterDatabase><Activities><Activity Sport="Biking"><Lap><Calories>321</Calories><Track>

            """
        for (lat, lon, ele, time, hr) in Self.points {
            let heart = hr.map { "<HeartRateBpm><Value>\($0)</Value></HeartRateBpm>" } ?? ""
            text +=
                "<Trackpoint><Time>\(time)</Time><Position><LatitudeDegrees>\(lat)</LatitudeDegrees>"
                + "<LongitudeDegrees>\(lon)</LongitudeDegrees></Position><AltitudeMeters>\(ele)</AltitudeMeters>"
                + "\(heart)</Trackpoint>\n"
        }
        text += "</Track></Lap></Activity></Activities></TrainingCenterDatabase>\n"
        let result = try ImportFixtures.run(Array(text.utf8), format: .tcx, name: "ride.tcx")
        let session = try #require(result.sessions.first)
        #expect(session.activity == "Cycling")
        #expect(session.field("calories") == 321)
        #expect(abs((session.field("distance") ?? 0) - 1.0) < 0.002)
        #expect(session.field("average_heart_rate") == 145)
    }

    @Test func aPointOffTheEarthOrABadTimeNamesTheLine() throws {
        let bad = Array(
            "<gpx>\n<trk><trkseg>\n<trkpt lat=\"91\" lon=\"0\"><time>2024-05-01T16:00:00Z</time></trkpt>\n</trkseg></trk></gpx>"
                .utf8)
        let error = try #require(ImportFixtures.failure(bad, format: .gpx, name: "run.gpx"))
        #expect(error.message.hasPrefix("run.gpx line 3"))
        let time = Array(
            "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"1\"><time>soon</time></trkpt></trkseg></trk></gpx>".utf8)
        #expect(ImportFixtures.failure(time, format: .gpx)?.message.contains("not RFC 3339") == true)
        let huge = Array(
            "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"1\"><ele>1e308</ele></trkpt></trkseg></trk></gpx>".utf8)
        #expect(ImportFixtures.failure(huge, format: .gpx)?.message.contains("not a number within ±10^12") == true)
        let empty = Array("<gpx></gpx>".utf8)
        #expect(ImportFixtures.failure(empty, format: .gpx)?.message.contains("no point with a time") == true)
    }
}
