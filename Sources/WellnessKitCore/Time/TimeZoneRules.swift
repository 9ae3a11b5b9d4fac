#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The UTC offsets of one IANA time zone, read from the system tz database.
///
/// Replaces Foundation's `TimeZone`, which a statically linked Foundation
/// without ICU cannot load (`TimeZone(identifier: "America/New_York")` is nil
/// there). Reads the compiled zones (TZif, RFC 8536) the way Python's
/// zoneinfo, Go and musl do: the file's transition table, then its footer
/// POSIX TZ rule for instants after the table. No Foundation import.
public struct TimeZoneRules: Sendable {
    /// The name exactly as the caller gave it ("UTC" stays "UTC").
    public let identifier: String
    /// The parsed zone.
    let file: TZifFile

    /// Loads a zone by IANA name; nil when the name is not a zone in the database
    /// (or is not a safe relative name). Parsed zones are cached (thread-safe, bounded).
    ///
    /// A name is one or more `/`-separated segments of `[A-Za-z0-9._+-]`, none
    /// empty, `.` or `..`, at most 255 bytes in all; the file must be a valid
    /// TZif file. "UTC", "Etc/UTC" and "GMT" are zero offset when their file
    /// cannot be opened (a missing database); when it exists it is read.
    public init?(identifier: String) {
        self.init(identifier: identifier, databaseDirectory: Self.databaseDirectory)
    }

    /// Loads a zone from the database in `databaseDirectory`.
    init?(identifier: String, databaseDirectory directory: String) {
        guard Self.isSafeName(identifier) else { return nil }
        let key = TimeZoneRulesCache.key(directory: directory, identifier: identifier)
        if let cached = TimeZoneRulesCache.shared.value(forKey: key) {
            self.init(identifier: identifier, file: cached)
            return
        }
        let file: TZifFile
        switch TZifFile.load(path: directory + "/" + identifier) {
        case .loaded(let loaded):
            file = loaded
        case .missing where Self.builtInUTCNames.contains(identifier):
            file = .fixed(offset: 0)
        case .missing, .invalid:
            return nil
        }
        TimeZoneRulesCache.shared.insert(file, forKey: key)
        self.init(identifier: identifier, file: file)
    }

    init(identifier: String, file: TZifFile) {
        self.identifier = identifier
        self.file = file
    }

    /// Names that mean UTC even without a database.
    static let builtInUTCNames: Set<String> = ["UTC", "Etc/UTC", "GMT"]

    /// The directory read: $TZDIR when set and non-empty, else /usr/share/zoneinfo.
    public static var databaseDirectory: String {
        if let value = getenv("TZDIR") {
            let directory = String(cString: value)
            if !directory.isEmpty { return directory }
        }
        return "/usr/share/zoneinfo"
    }

    /// Whether `name` is a relative path that stays inside the database:
    /// `/`-separated segments of `[A-Za-z0-9._+-]`, none empty, `.` or `..`,
    /// 1…255 bytes.
    static func isSafeName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard !bytes.isEmpty, bytes.count <= 255 else { return false }
        var segmentLength = 0
        var segmentDots = 0
        func segmentIsValid() -> Bool {
            segmentLength > 0 && !(segmentDots == segmentLength && segmentLength <= 2)
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "/"):
                guard segmentIsValid() else { return false }
                segmentLength = 0
                segmentDots = 0
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
                segmentLength += 1
            case UInt8(ascii: "."):
                segmentLength += 1
                segmentDots += 1
            default:
                return false
            }
        }
        return segmentIsValid()
    }

    /// Seconds east of UTC in force at `instant` (seconds since the epoch), for any Int64 instant (never traps).
    public func offset(at instant: Int64) -> Int64 {
        let times = file.transitionTimes
        guard let last = times.last else {
            return file.footer?.offset(at: instant) ?? file.initialOffset
        }
        if instant < times[0] { return file.initialOffset }
        if instant >= last {
            return file.footer?.offset(at: instant) ?? file.transitionOffsets[times.count - 1]
        }
        // The last transition at or before `instant`: times[low] <= instant < times[high].
        var low = 0
        var high = times.count - 1
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if times[middle] <= instant { low = middle } else { high = middle }
        }
        return file.transitionOffsets[low]
    }

    /// The instants in `range` at which the UTC offset changes, with the offset in force from then on,
    /// in increasing order (only real changes of the total UTC offset; an is-DST flip with the same offset is not listed).
    ///
    /// Changes from the footer rule (after the file's table) are listed for
    /// years 1…9999 only; `offset(at:)` stays exact beyond. Costs a binary
    /// search plus a few operations per transition listed.
    public func transitions(in range: ClosedRange<Int64>) -> [(instant: Int64, offset: Int64)] {
        let lower = range.lowerBound
        let upper = range.upperBound
        var result: [(instant: Int64, offset: Int64)] = []
        var previous = offset(at: lower == Int64.min ? lower : lower - 1)
        func consider(_ instant: Int64) {
            let current = offset(at: instant)
            if current != previous {
                result.append((instant, current))
                previous = current
            }
        }
        // The table: first transition at or after `lower`.
        let times = file.transitionTimes
        var low = 0
        var high = times.count
        while low < high {
            let middle = low + (high - low) / 2
            if times[middle] < lower { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index < times.count, times[index] <= upper {
            consider(times[index])
            index += 1
        }
        // The footer rule, strictly after the last transition (or everywhere without one).
        if let footer = file.footer {
            var footerLower = lower
            if let last = times.last {
                guard last < upper else { return result }
                footerLower = max(lower, last + 1)
            }
            for instant in footer.changeCandidates(in: footerLower...upper) {
                consider(instant)
            }
        }
        return result
    }
}
