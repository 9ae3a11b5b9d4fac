import WellnessKitCore

/// A `Workout` element as it is read: its attributes, then its children's
/// statistics (distance, energy, heart rate) and elevation metadata.
struct WorkoutDraft {
    var activityType: String?
    var sourceName: String?
    var source: Int32 = 0
    var start: AppleHealthDate?
    var end: AppleHealthDate?
    var duration: Double?
    var distance: Double?
    var calories: Double?
    var averageHeartRate: Double?
    var elevationGain: Double?
    /// Why it cannot become a session, when it cannot.
    var problem: String? {
        guard activityType != nil else { return "no workoutActivityType" }
        guard let start, let end else { return "no readable startDate and endDate" }
        guard end.instant >= start.instant else { return "it ends before it starts" }
        return nil
    }

    init(_ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) {
        var durationValue: Double?
        var durationUnit: String?
        var distanceValue: Double?
        var distanceUnit: String?
        var energyValue: Double?
        var energyUnit: String?
        var index = 0
        while let key = attributes[index], let value = attributes[index + 1] {
            let text = String(cString: value)
            switch String(cString: key) {
            case "workoutActivityType": activityType = text
            case "sourceName": sourceName = text
            case "startDate": start = AppleHealthDate(value)
            case "endDate": end = AppleHealthDate(value)
            case "duration": durationValue = AppleHealthReader.number(value)
            case "durationUnit": durationUnit = text
            case "totalDistance": distanceValue = AppleHealthReader.number(value)
            case "totalDistanceUnit": distanceUnit = text
            case "totalEnergyBurned": energyValue = AppleHealthReader.number(value)
            case "totalEnergyBurnedUnit": energyUnit = text
            default: break
            }
            index += 2
        }
        duration = Self.convert(durationValue, durationUnit, Self.minutes)
        distance = Self.convert(distanceValue, distanceUnit, Self.kilometres)
        calories = Self.convert(energyValue, energyUnit, Self.kilocalories)
    }

    private static let minutes = ["min": 1.0, "s": 1.0 / 60, "hr": 60.0]
    private static let kilometres = ["km": 1.0, "m": 0.001, "mi": 1.609_344, "yd": 0.000_914_4, "ft": 0.000_304_8]
    private static let kilocalories = ["kcal": 1.0, "Cal": 1.0, "kJ": 1.0 / 4.184]

    private static func convert(_ value: Double?, _ unit: String?, _ factors: [String: Double]) -> Double? {
        guard let value, let factor = factors[unit ?? ""] else { return nil }
        return value * factor
    }

    /// A `WorkoutStatistics` child: heart rate's average, distance's and energy's sums
    /// (used when the workout's own totals are absent, as in exports since iOS 16).
    mutating func addStatistics(_ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) {
        var fields: [String: String] = [:]
        var index = 0
        while let key = attributes[index], let value = attributes[index + 1] {
            fields[String(cString: key)] = String(cString: value)
            index += 2
        }
        let type = fields["type"] ?? ""
        let unit = fields["unit"]
        if type == "HKQuantityTypeIdentifierHeartRate", unit == "count/min" {
            averageHeartRate = fields["average"].flatMap(ImportNumber.parse)
        } else if type.hasPrefix("HKQuantityTypeIdentifierDistance"), distance == nil {
            distance = Self.convert(fields["sum"].flatMap(ImportNumber.parse), unit, Self.kilometres)
        } else if type == "HKQuantityTypeIdentifierActiveEnergyBurned", calories == nil {
            calories = Self.convert(fields["sum"].flatMap(ImportNumber.parse), unit, Self.kilocalories)
        }
    }

    /// A `MetadataEntry` child: the elevation climbed ("HKElevationAscended", "4523 cm").
    mutating func addMetadata(_ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) {
        var key: String?
        var value: String?
        var index = 0
        while let name = attributes[index], let text = attributes[index + 1] {
            if cEquals(name, "key") { key = String(cString: text) }
            if cEquals(name, "value") { value = String(cString: text) }
            index += 2
        }
        guard key == "HKElevationAscended", let parts = value?.split(separator: " "), parts.count == 2,
            let number = ImportNumber.parse(String(parts[0]))
        else { return }
        elevationGain = Self.convert(number, String(parts[1]), ["m": 1.0, "cm": 0.01, "ft": 0.3048])
    }

    /// The workouts as sessions, sorted by start. A workout overlapping a
    /// higher-priority source's workout for more than half of the shorter
    /// one's time is the same workout recorded twice, and is dropped.
    static func sessions(
        _ drafts: [WorkoutDraft], ranks: [Int], sources: [String], options: ImportOptions, report: inout ImportReport
    ) -> [ImportedSession] {
        var kept: [WorkoutDraft] = []
        let byRank = drafts.sorted { ranks[Int($0.source)] < ranks[Int($1.source)] }
        for draft in byRank {
            guard let start = draft.start?.instant, let end = draft.end?.instant else { continue }
            let duplicate = kept.contains { other in
                guard other.source != draft.source, let otherStart = other.start?.instant,
                    let otherEnd = other.end?.instant
                else { return false }
                let overlap = min(end, otherEnd) - max(start, otherStart)
                return overlap > 0 && 2 * overlap > min(end - start, otherEnd - otherStart)
            }
            if duplicate {
                report.duplicateWorkouts += 1
            } else {
                kept.append(draft)
            }
        }
        return kept.compactMap { $0.session(sources: sources, options: options) }.sorted { $0.start < $1.start }
    }

    private func session(sources: [String], options: ImportOptions) -> ImportedSession? {
        guard let start, let end, let activityType else { return nil }
        var fields: [(String, Double)] = [("duration", duration ?? Double(end.instant - start.instant) / 60)]
        if let distance { fields.append(("distance", distance)) }
        if let calories { fields.append(("calories", calories)) }
        if let averageHeartRate { fields.append(("average_heart_rate", averageHeartRate)) }
        if let elevationGain { fields.append(("elevation_gain", elevationGain)) }
        let offset = Int32(options.offset(at: start.instant, written: start.offset))
        let source = Int(source) < sources.count ? sources[Int(source)] : ""
        return ImportedSession(
            start: start.instant, end: end.instant, offset: offset,
            activity: WorkoutActivity.name(of: activityType), fields: fields, source: source)
    }
}
