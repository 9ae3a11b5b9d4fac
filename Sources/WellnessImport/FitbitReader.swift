import WellnessKitCore

/// Folds a Fitbit export's files into daily metrics and sessions. Fitbit
/// writes its times as the wearer's local wall-clock time, so a day is the
/// date written; sessions' instants take `time_zone`'s offset (UTC without).
struct FitbitReader {
    private struct Sleep {
        var asleep = 0.0
        var deep = 0.0
        var light = 0.0
        var rem = 0.0
        var wake = 0.0
        var inBed = 0.0
        var stages = false
    }

    private let options: ImportOptions
    private var report = ImportReport()
    private var steps: [Int64: Double] = [:]
    private var heartRate: [Int64: (sum: Double, count: Int)] = [:]
    private var restingHeartRate: [Int64: Double] = [:]
    private var sleep: [Int64: Sleep] = [:]
    private var activeZoneMinutes: [Int64: Double] = [:]
    private var variability: [Int64: Double] = [:]
    private var sessions: [ImportedSession] = []

    init(options: ImportOptions) {
        self.options = options
    }

    /// Reads one file's bytes; `location` names it in errors and the report.
    mutating func read(_ bytes: [UInt8], name: String, location: String) throws {
        guard let kind = FitbitFile.kind(of: name) else { return }
        report.files += 1
        switch kind {
        case .activeZoneMinutes, .heartRateVariability:
            try readCSV(bytes, kind: kind, location: location)
            return
        default: break
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch let error as WellnessError {
            throw WellnessError.invalidArgument("\(location): \(error.message)")
        }
        guard case .array(let entries) = document else {
            throw WellnessError.invalidArgument("\(location): expected a JSON array, found \(document.kindDescription)")
        }
        for (index, entry) in entries.enumerated() {
            report.recordsRead += 1
            guard case .object(let object) = entry else {
                report.skip(
                    "\(name.split(separator: "-").first ?? ""): an entry that is not an object",
                    at: "\(location) [\(index)]")
                continue
            }
            let used: Bool
            switch kind {
            case .steps: used = readSteps(object)
            case .heartRate: used = readHeartRate(object)
            case .restingHeartRate: used = readRestingHeartRate(object)
            case .sleep: used = readSleep(object)
            case .exercise: used = readExercise(object)
            case .activeZoneMinutes, .heartRateVariability: used = false
            }
            if used {
                report.recordsUsed += 1
            } else {
                report.skip("\(Self.label(kind)): an entry without the expected fields", at: "\(location) [\(index)]")
            }
        }
    }

    private static func label(_ kind: FitbitFile) -> String {
        switch kind {
        case .steps: return "steps"
        case .heartRate: return "heart_rate"
        case .restingHeartRate: return "resting_heart_rate"
        case .sleep: return "sleep"
        case .exercise: return "exercise"
        case .activeZoneMinutes: return "Active Zone Minutes"
        case .heartRateVariability: return "Daily Heart Rate Variability Summary"
        }
    }

    // MARK: - JSON files

    private mutating func readSteps(_ entry: JSONObject) -> Bool {
        guard let time = entry["dateTime"].flatMap(Self.text).flatMap(FitbitTime.init(slashed:)),
            let value = entry["value"].flatMap(Self.number)
        else { return false }
        steps[time.day, default: 0] += value
        return true
    }

    private mutating func readHeartRate(_ entry: JSONObject) -> Bool {
        guard let time = entry["dateTime"].flatMap(Self.text).flatMap(FitbitTime.init(slashed:)),
            case .object(let value)? = entry["value"], let bpm = value["bpm"].flatMap(Self.number), bpm > 0
        else { return false }
        let current = heartRate[time.day] ?? (0, 0)
        heartRate[time.day] = (current.sum + bpm, current.count + 1)
        return true
    }

    private mutating func readRestingHeartRate(_ entry: JSONObject) -> Bool {
        guard case .object(let value)? = entry["value"] else { return false }
        // A day without a measurement is written with a value of 0 or null: nothing to read.
        guard let rate = value["value"].flatMap(Self.number), rate > 0,
            let time =
                (value["date"].flatMap(Self.text).map { $0 + " 00:00:00" }
                ?? entry["dateTime"].flatMap(Self.text)).flatMap(FitbitTime.init(slashed:))
        else { return value["value"] != nil }
        restingHeartRate[time.day] = rate
        return true
    }

    private mutating func readSleep(_ entry: JSONObject) -> Bool {
        guard let date = entry["dateOfSleep"].flatMap(Self.text).flatMap({ CalendarDate(parsing: Array($0.utf8)) }),
            let asleep = entry["minutesAsleep"].flatMap(Self.number)
        else { return false }
        let day = Int64(date.daysSinceEpoch)
        var night = sleep[day] ?? Sleep()
        night.asleep += asleep
        night.inBed += entry["timeInBed"].flatMap(Self.number) ?? 0
        if case .object(let levels)? = entry["levels"], case .object(let summary)? = levels["summary"] {
            func minutes(_ stage: String) -> Double? {
                guard case .object(let level)? = summary[stage] else { return nil }
                return level["minutes"].flatMap(Self.number)
            }
            if let deep = minutes("deep"), let light = minutes("light"), let rem = minutes("rem") {
                night.deep += deep
                night.light += light
                night.rem += rem
                night.wake += minutes("wake") ?? 0
                night.stages = true
            } else {
                night.wake += (minutes("awake") ?? 0) + (minutes("restless") ?? 0)
            }
        }
        sleep[day] = night
        return true
    }

    private mutating func readExercise(_ entry: JSONObject) -> Bool {
        guard let time = entry["startTime"].flatMap(Self.text).flatMap(FitbitTime.init(slashed:)),
            let milliseconds = entry["duration"].flatMap(Self.number), milliseconds >= 0, milliseconds < 1e10
        else { return false }
        let name = entry["activityName"].flatMap(Self.text) ?? "Workout"
        let local = time.day * 86_400 + time.second
        let offset = Int32(options.timeZone.map { $0.offset(at: local - $0.offset(at: local)) } ?? 0)
        let start = local - Int64(offset)
        var fields: [(String, Double)] = [("duration", milliseconds / 60_000)]
        if let distance = entry["distance"].flatMap(Self.number) {
            let unit = entry["distanceUnit"].flatMap(Self.text) ?? "Kilometer"
            fields.append(("distance", unit == "Mile" ? distance * 1.609_344 : distance))
        }
        if let calories = entry["calories"].flatMap(Self.number) { fields.append(("calories", calories)) }
        if let rate = entry["averageHeartRate"].flatMap(Self.number), rate > 0 {
            fields.append(("average_heart_rate", rate))
        }
        if let count = entry["steps"].flatMap(Self.number) { fields.append(("steps", count)) }
        if let gain = entry["elevationGain"].flatMap(Self.number) { fields.append(("elevation_gain", gain)) }
        report.workoutsRead += 1
        sessions.append(
            ImportedSession(
                start: start, end: start + Int64(milliseconds / 1000), offset: offset,
                activity: FitbitActivity.name(name), fields: fields, source: "Fitbit"))
        return true
    }

    // MARK: - CSV files

    private mutating func readCSV(_ bytes: [UInt8], kind: FitbitFile, location: String) throws {
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
        guard let header = lines.first else { return }
        let columns = Self.fields(header)
        let (timeColumn, valueColumn) =
            kind == .activeZoneMinutes ? ("date_time", "total_minutes") : ("timestamp", "rmssd")
        guard let timeIndex = columns.firstIndex(of: timeColumn), let valueIndex = columns.firstIndex(of: valueColumn)
        else {
            throw WellnessError.invalidArgument(
                "\(location) line 1: expected the columns \(timeColumn) and \(valueColumn), found \(columns.joined(separator: ","))"
            )
        }
        for (number, line) in lines.enumerated().dropFirst() where !line.isEmpty && line != [13] {
            report.recordsRead += 1
            let cells = Self.fields(line)
            guard cells.count > max(timeIndex, valueIndex),
                let time = FitbitTime(iso: cells[timeIndex]), let value = ImportNumber.parse(cells[valueIndex])
            else {
                report.skip("\(Self.label(kind)): a row that cannot be read", at: "\(location) line \(number + 1)")
                continue
            }
            report.recordsUsed += 1
            if kind == .activeZoneMinutes {
                activeZoneMinutes[time.day, default: 0] += value
            } else {
                variability[time.day] = value
            }
        }
    }

    private static func fields(_ line: ArraySlice<UInt8>) -> [String] {
        line.split(separator: 44, omittingEmptySubsequences: false).map {
            String(decoding: $0.filter { $0 != 13 && $0 != 34 }, as: UTF8.self)
        }
    }

    // MARK: - Values

    private static func text(_ value: JSONValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// A number, or a string holding one (Fitbit writes steps as "12").
    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let text), .string(let text): return ImportNumber.parse(text)
        default: return nil
        }
    }

    // MARK: - Result

    func result() -> ImportResult {
        var rows = DailyRows()
        for (day, value) in steps { rows.set(day, "steps", value, unit: "steps") }
        for (day, night) in sleep {
            rows.set(day, "sleep_minutes", night.asleep, unit: "min")
            if night.inBed > 0 { rows.set(day, "time_in_bed_minutes", night.inBed, unit: "min") }
            if night.stages {
                rows.set(day, "deep_sleep_minutes", night.deep, unit: "min")
                rows.set(day, "rem_sleep_minutes", night.rem, unit: "min")
                rows.set(day, "light_sleep_minutes", night.light, unit: "min")
            }
            rows.set(day, "awake_minutes", night.wake, unit: "min")
        }
        for (day, rate) in restingHeartRate { rows.set(day, "resting_heart_rate", rate, unit: "bpm") }
        for (day, value) in variability { rows.set(day, "heart_rate_variability", value, unit: "ms") }
        for (day, minutes) in activeZoneMinutes { rows.set(day, "active_zone_minutes", minutes, unit: "min") }
        for (day, rate) in heartRate { rows.set(day, "heart_rate", rate.sum / Double(rate.count), unit: "bpm") }
        return rows.result(
            sessions: sessions.sorted { $0.start < $1.start }, report: report,
            preferred: AppleHealthReader.columnOrder + ["active_zone_minutes"])
    }
}
