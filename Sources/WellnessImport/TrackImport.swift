import WellnessKitCore

/// Imports one GPX or TCX workout (Strava, Garmin Connect exports) as one session.
public enum TrackImport {
    /// Reads the track and makes its session: the first and last point's
    /// times, distance along the track (km), elevation gain (m), average heart
    /// rate when the points carry it, calories when a TCX's laps do.
    /// - Throws: `invalidArgument` naming the file and line of malformed XML, a
    ///   point off the Earth or an unreadable time, or a track without times.
    public static func run(
        _ input: ImportInput, format: ImportFormat, options: ImportOptions = ImportOptions(),
        progress: ImportProgressHandler? = nil
    ) throws -> ImportResult {
        let reader = TrackReader(format: format)
        let stream = try XMLStream(handler: reader, documentName: input.name)
        reader.locator = stream.locator
        var meter = ProgressMeter(progress, total: input.size)
        try stream.parse(PlainChunks(input)) { try meter.advance(to: $0) }
        try meter.advance(to: input.size, force: true)
        guard let start = reader.firstTime, let end = reader.lastTime else {
            throw WellnessError.invalidArgument("\(input.name): the track has no point with a time")
        }
        var report = reader.report
        report.workoutsRead = 1
        var fields: [(String, Double)] = [
            ("duration", Double(end - start) / 60), ("distance", reader.distanceMetres / 1000),
        ]
        if let calories = reader.calories { fields.append(("calories", calories)) }
        if let heartRate = reader.averageHeartRate { fields.append(("average_heart_rate", heartRate)) }
        fields.append(("elevation_gain", reader.elevationGain))
        let offset = Int32(options.offset(at: start, written: Int32(clamping: reader.offset ?? 0)))
        let session = ImportedSession(
            start: start, end: end, offset: offset, activity: reader.activity ?? "Workout", fields: fields,
            source: input.name)
        return DailyRows().result(sessions: [session], report: report, preferred: [])
    }
}
