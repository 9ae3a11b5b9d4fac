import WellnessKitCore

/// Reads a GPX or TCX file's track points as expat streams them, keeping only
/// running totals (one session per file, whatever its length): distance
/// along the track by the haversine formula (never bridging two segments),
/// elevation gain as the sum of the rises between consecutive points, the
/// first and last times, the mean of the points' heart rates, and (TCX) the
/// laps' calories.
final class TrackReader: XMLElementHandler {
    private let format: ImportFormat
    var report = ImportReport()
    /// Where the parser is, for messages (set by the stream; no reference to it, so no retain cycle).
    var locator: XMLLocator?

    let wantsText = true
    private var text: [UInt8] = []
    private var capturing = false

    private var latitude: Double?
    private var longitude: Double?
    private var elevation: Double?
    private var time: Int64?
    private var heartRate: Double?
    private var inPoint = false

    private var previous: (latitude: Double, longitude: Double)?
    private var previousElevation: Double?
    private(set) var distanceMetres = 0.0
    private(set) var elevationGain = 0.0
    private(set) var firstTime: Int64?
    private(set) var lastTime: Int64?
    private(set) var offset: Int64?
    private var heartRateSum = 0.0
    private var heartRateCount = 0
    private(set) var calories: Double?
    private(set) var activity: String?
    private var sawRoot = false

    init(format: ImportFormat) {
        self.format = format
    }

    var averageHeartRate: Double? { heartRateCount > 0 ? heartRateSum / Double(heartRateCount) : nil }

    private var location: String { locator?.location ?? format.rawValue }

    func start(_ name: UnsafePointer<CChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) throws {
        let local = localName(name)
        if !sawRoot {
            sawRoot = true
            let expected: StaticString = format == .gpx ? "gpx" : "TrainingCenterDatabase"
            guard cEquals(local, expected) else {
                throw WellnessError.invalidArgument(
                    "\(location): the document is \"<\(String(cString: name))>\", not a \(format.rawValue.uppercased()) file"
                )
            }
        }
        if cEquals(local, "trkpt") || cEquals(local, "Trackpoint") {
            inPoint = true
            latitude = nil
            longitude = nil
            elevation = nil
            time = nil
            heartRate = nil
            readPosition(attributes)
        } else if cEquals(local, "trkseg") || cEquals(local, "Track") {
            previous = nil
            previousElevation = nil
        } else if cEquals(local, "Activity"), activity == nil {
            readSport(attributes)
        }
        capturing = Self.textElements.contains { cEquals(local, $0) }
        text.removeAll(keepingCapacity: true)
    }

    private static let textElements: [StaticString] = [
        "ele", "time", "hr", "type", "Time", "LatitudeDegrees", "LongitudeDegrees", "AltitudeMeters", "Value",
        "Calories",
    ]

    func text(_ bytes: UnsafeRawBufferPointer) {
        if capturing, text.count < 256 { text.append(contentsOf: bytes) }
    }

    func end(_ name: UnsafePointer<CChar>) throws {
        let local = localName(name)
        defer {
            capturing = false
            text.removeAll(keepingCapacity: true)
        }
        if inPoint, cEquals(local, "trkpt") || cEquals(local, "Trackpoint") {
            inPoint = false
            try commitPoint()
            return
        }
        guard capturing else { return }
        let value = String(decoding: text, as: UTF8.self).trimmingSpaces
        if inPoint {
            switch String(cString: local) {
            case "ele", "AltitudeMeters": elevation = try number(value, "elevation")
            case "hr", "Value": heartRate = try number(value, "heart rate")
            case "LatitudeDegrees": latitude = try number(value, "latitude")
            case "LongitudeDegrees": longitude = try number(value, "longitude")
            case "time", "Time":
                guard
                    let stamp = value.utf8CString.withUnsafeBytes({
                        Timestamp.parse(UnsafeRawBufferPointer(rebasing: $0.dropLast()))
                    })
                else {
                    throw WellnessError.invalidArgument("\(location): the time \"\(value.prefix(40))\" is not RFC 3339")
                }
                time = stamp.seconds
                if offset == nil { offset = Self.writtenOffset(value) }
            default: break
            }
        } else if cEquals(local, "type"), activity == nil {
            activity = Self.activity(value)
        } else if cEquals(local, "Calories"), let lapCalories = ImportNumber.parse(value) {
            calories = (calories ?? 0) + lapCalories
        }
    }

    private func commitPoint() throws {
        report.recordsRead += 1
        if let time {
            firstTime = min(firstTime ?? time, time)
            lastTime = max(lastTime ?? time, time)
        }
        if let heartRate, heartRate > 0 {
            heartRateSum += heartRate
            heartRateCount += 1
        }
        if let elevation {
            if let previousElevation, elevation > previousElevation { elevationGain += elevation - previousElevation }
            previousElevation = elevation
        }
        if let latitude, let longitude {
            guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                throw WellnessError.invalidArgument(
                    "\(location): the position \(latitude), \(longitude) is not on Earth")
            }
            if let previous {
                distanceMetres += Self.haversine(previous.latitude, previous.longitude, latitude, longitude)
            }
            previous = (latitude, longitude)
        }
        report.recordsUsed += 1
    }

    private func readPosition(_ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) {
        var index = 0
        while let key = attributes[index], let value = attributes[index + 1] {
            if cEquals(key, "lat") { latitude = AppleHealthReader.number(value) }
            if cEquals(key, "lon") { longitude = AppleHealthReader.number(value) }
            index += 2
        }
    }

    private func readSport(_ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) {
        var index = 0
        while let key = attributes[index], let value = attributes[index + 1] {
            if cEquals(key, "Sport") { activity = Self.activity(String(cString: value)) }
            index += 2
        }
    }

    private func number(_ text: String, _ what: String) throws -> Double {
        guard let value = ImportNumber.parse(text) else {
            throw WellnessError.invalidArgument(
                "\(location): the \(what) \"\(text.prefix(40))\" is not a number within ±10^12")
        }
        return value
    }

    /// The element's name without its namespace prefix ("gpxtpx:hr" is "hr").
    private func localName(_ name: UnsafePointer<CChar>) -> UnsafePointer<CChar> {
        var local = name
        var cursor = name
        while cursor.pointee != 0 {
            if cursor.pointee == 58 { local = cursor + 1 }
            cursor += 1
        }
        return local
    }

    /// Great-circle distance in metres on a sphere of the Earth's mean radius.
    static func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians
        let dLon = (lon2 - lon1) * radians
        let a = sinSquared(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sinSquared(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, a.squareRoot()))
    }

    private static func sinSquared(_ x: Double) -> Double {
        let s = sin(x)
        return s * s
    }

    /// The offset a time was written with ("...Z" is 0, "...+02:00" is 7200).
    private static func writtenOffset(_ text: String) -> Int64 {
        let bytes = Array(text.utf8)
        guard bytes.count >= 6, bytes[bytes.count - 3] == 58,
            bytes[bytes.count - 6] == 43 || bytes[bytes.count - 6] == 45
        else { return 0 }
        let digits = bytes.suffix(5).filter { $0 != 58 }.map { Int64($0) - 48 }
        guard digits.count == 4, digits.allSatisfy({ (0...9).contains($0) }) else { return 0 }
        let seconds = (digits[0] * 10 + digits[1]) * 3600 + (digits[2] * 10 + digits[3]) * 60
        return bytes[bytes.count - 6] == 45 ? -seconds : seconds
    }

    /// A track's type or sport as the reader's words.
    static func activity(_ raw: String) -> String {
        switch raw.lowercased() {
        case "running", "run", "9", "trail_running", "trailrunning": return "Run"
        case "biking", "cycling", "ride", "bike", "1", "road_biking", "mountain_biking", "virtualride": return "Cycling"
        case "walking", "walk", "10": return "Walk"
        case "hiking", "hike", "4": return "Hike"
        case "swimming", "swim", "lap_swimming", "open_water_swimming": return "Swim"
        case "rowing", "row": return "Rowing"
        default: return "Workout"
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// Without leading and trailing ASCII white space.
    fileprivate var trimmingSpaces: String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { $0 > 32 }), let last = bytes.lastIndex(where: { $0 > 32 }) else {
            return ""
        }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
