import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitCore

/// TimeZoneRules, the tz database reader that replaces Foundation's TimeZone,
/// checked against Foundation itself (whose ICU carries its own copy of the
/// tz data) and against hand-computed instants.
@Suite struct TimeZoneRulesTests {
    static let systemDatabase = "/usr/share/zoneinfo"

    /// Zones with every kind of quirk, compared strictly with ICU over 1970–2100.
    /// "Etc/GMT+14" of the brief is not a zone (tz has Etc/GMT+12…Etc/GMT-14;
    /// UTC+14 is Etc/GMT-14), so the extreme fixed offsets are checked instead,
    /// and `unknownNamesAreNil` checks that "Etc/GMT+14" is nil for both.
    static let strictZones = [
        "America/New_York", "America/Sao_Paulo", "Africa/Cairo", "Australia/Lord_Howe", "Asia/Kolkata",
        "Europe/London", "Europe/Dublin", "Pacific/Chatham", "Asia/Kathmandu", "Asia/Tehran", "Pacific/Apia",
        "America/St_Johns", "UTC", "Etc/GMT-14", "Etc/GMT+12",
    ]

    static let from1970: Int64 = 0
    /// 2101-01-01T00:00:00Z: the end of 2100.
    static let through2100: Int64 = 4_133_980_800 - 1

    static func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Int64 {
        PosixTimeZoneString.daysFromCivil(year: Int64(year), month: month, day: Int64(day)) * 86_400
            + Int64(hour * 3600 + minute * 60)
    }

    static func foundationOffset(_ zone: TimeZone, _ instant: Int64) -> Int64 {
        Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))))
    }

    /// Foundation's changes of the total UTC offset in `range`, from its
    /// daylight-saving transitions (as ZoneOffsets reads them).
    static func foundationTransitions(_ zone: TimeZone, _ range: ClosedRange<Int64>) -> [(
        instant: Int64, offset: Int64
    )] {
        var result: [(instant: Int64, offset: Int64)] = []
        var previous = foundationOffset(zone, range.lowerBound - 1)
        var cursor = Date(timeIntervalSince1970: Double(range.lowerBound - 1))
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next > cursor,
            next.timeIntervalSince1970 <= Double(range.upperBound)
        {
            let instant = Int64(next.timeIntervalSince1970.rounded(.down))
            let offset = foundationOffset(zone, instant)
            if offset != previous {
                result.append((instant, offset))
                previous = offset
            }
            cursor = next
        }
        return result
    }

    static func bytes(ofZone name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: systemDatabase + "/" + name)))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("wellness-tzdir-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ bytes: [UInt8], to directory: URL, as name: String) throws {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    // MARK: Oracle: Foundation (ICU)

    /// The two databases the sweeps compare are both there, and their versions
    /// go into the log: a mismatch below is easier to read knowing them.
    @Test func bothTimeZoneDatabasesAreVersioned() throws {
        let system = try #require(try? String(contentsOfFile: Self.systemDatabase + "/tzdata.zi", encoding: .utf8))
        let version = try #require(system.split(separator: "\n").first.map(String.init))
        #expect(version.hasPrefix("# version "), "tzdata.zi starts with its version: \(version)")
        #expect(!TimeZone.timeZoneDataVersion.isEmpty)
        print("tz data: ICU \(TimeZone.timeZoneDataVersion), system \(version)")
    }

    /// Every hour of 1970–2100 and both sides of every transition either side
    /// reports.
    @Test(arguments: strictZones)
    func offsetsAgreeWithFoundation(_ name: String) throws {
        let rules = try #require(TimeZoneRules(identifier: name))
        let oracle = try #require(TimeZone(identifier: name))
        var instants = Array(stride(from: Self.from1970, through: Self.through2100, by: 3600))
        let range = Self.from1970...Self.through2100
        for change in rules.transitions(in: range) + Self.foundationTransitions(oracle, range) {
            instants += [change.instant - 1, change.instant, change.instant + 1]
        }
        var mismatches: [String] = []
        for instant in instants {
            let expected = Self.foundationOffset(oracle, instant)
            let actual = rules.offset(at: instant)
            if actual != expected && mismatches.count < 10 {
                mismatches.append("\(name) at \(instant): \(actual) vs Foundation \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// The offset changes of 2000–2060, instant for instant.
    @Test(arguments: strictZones)
    func transitionsAgreeWithFoundation(_ name: String) throws {
        let rules = try #require(TimeZoneRules(identifier: name))
        let oracle = try #require(TimeZone(identifier: name))
        let range = Self.instant(2000, 1, 1)...(Self.instant(2061, 1, 1) - 1)
        let actual = rules.transitions(in: range)
        let expected = Self.foundationTransitions(oracle, range)
        #expect(actual.map(\.instant) == expected.map(\.instant))
        #expect(actual.map(\.offset) == expected.map(\.offset))
        if ["America/New_York", "Europe/London", "Australia/Lord_Howe"].contains(name) {
            #expect(actual.count == 122)  // two a year, the footer rule after the table
        }
    }

    /// Not a pass/fail test: every zone of the system database against ICU
    /// over 1970–2037, at weekly samples and both sides of every transition,
    /// to show how far the two copies of the tz data differ.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: TimeZoneRulesTests.systemDatabase),
            "skipped: no tz database at /usr/share/zoneinfo"))
    func sweepOfEveryZoneAgainstFoundation() throws {
        let root = Self.systemDatabase
        let enumerator = try #require(FileManager.default.enumerator(atPath: root))
        var names: [String] = []
        while let path = enumerator.nextObject() as? String {
            guard !path.hasPrefix("posix/"), !path.hasPrefix("right/"),
                let contents = FileManager.default.contents(atPath: root + "/" + path)
            else { continue }
            if contents.prefix(4) == Data("TZif".utf8) { names.append(path) }
        }
        names.sort()
        let range = Self.from1970...(Self.instant(2038, 1, 1) - 1)
        var unreadable: [String] = []
        var unknownToFoundation: [String] = []
        var disagreeing: [(name: String, instants: Int, first: String)] = []
        var comparedInstants = 0
        var disagreeingInstants = 0
        for name in names {
            guard let rules = TimeZoneRules(identifier: name) else {
                unreadable.append(name)
                continue
            }
            guard let oracle = TimeZone(identifier: name) else {
                unknownToFoundation.append(name)
                continue
            }
            var instants = Array(stride(from: range.lowerBound, through: range.upperBound, by: 7 * 86_400 + 3600))
            for change in rules.transitions(in: range) + Self.foundationTransitions(oracle, range) {
                instants += [change.instant - 1, change.instant]
            }
            var count = 0
            var first = ""
            for instant in instants {
                let expected = Self.foundationOffset(oracle, instant)
                let actual = rules.offset(at: instant)
                if actual != expected {
                    if count == 0 { first = "at \(instant): \(actual) vs Foundation \(expected)" }
                    count += 1
                }
            }
            comparedInstants += instants.count
            disagreeingInstants += count
            if count > 0 { disagreeing.append((name, count, first)) }
        }
        print(
            "tz sweep 1970–2037: \(names.count) TZif files, \(unreadable.count) unreadable \(unreadable), "
                + "\(unknownToFoundation.count) unknown to Foundation \(unknownToFoundation)")
        print(
            "tz sweep: \(disagreeing.count) zones disagree with Foundation at \(disagreeingInstants) "
                + "of \(comparedInstants) instants compared")
        for zone in disagreeing {
            print("tz sweep:   \(zone.name): \(zone.instants) instants, first \(zone.first)")
        }
        // Every TZif file of the system database must be readable.
        #expect(unreadable.isEmpty)
    }

    // MARK: Consistency and extremes

    /// `transitions(in:)` lists exactly the instants where `offset(at:)` changes.
    @Test(arguments: strictZones)
    func transitionsMatchOffsets(_ name: String) throws {
        let rules = try #require(TimeZoneRules(identifier: name))
        let range = Self.instant(1900, 1, 1)...Self.instant(2200, 1, 1)
        let changes = rules.transitions(in: range)
        var previousInstant = range.lowerBound
        var previousOffset = rules.offset(at: range.lowerBound)
        for change in changes {
            #expect(
                change.instant > previousInstant
                    || (change.instant == previousInstant && previousInstant == range.lowerBound))
            #expect(rules.offset(at: change.instant) == change.offset)
            #expect(rules.offset(at: change.instant - 1) == previousOffset)
            #expect(change.offset != previousOffset)
            // Constant in between: spot checks.
            for fraction: Int64 in [1, 2, 3] where change.instant - previousInstant > 4 {
                #expect(
                    rules.offset(at: previousInstant + (change.instant - previousInstant) * fraction / 4)
                        == previousOffset)
            }
            previousInstant = change.instant
            previousOffset = change.offset
        }
        // Sub-ranges list the same changes.
        let middle = Self.instant(2050, 6, 1)
        let split =
            rules.transitions(in: range.lowerBound...middle) + rules.transitions(in: (middle + 1)...range.upperBound)
        #expect(split.map(\.instant) == changes.map(\.instant))
    }

    @Test(arguments: strictZones + ["Europe/Kyiv", "America/Nuuk", "Antarctica/Troll", "Factory"])
    func anyInstantIsSafe(_ name: String) throws {
        let rules = try #require(TimeZoneRules(identifier: name))
        for instant: Int64 in [.min, .min + 1, .min / 2, -1, 0, 1, .max / 2, .max - 1, .max] {
            #expect(abs(rules.offset(at: instant)) <= 26 * 3600)
        }
        for range: ClosedRange<Int64> in [
            .min ... .max, .min ... .min, .max ... .max, .min...0, 0 ... .max, (.max - 10) ... .max,
        ] {
            let changes = rules.transitions(in: range)
            #expect(changes.count < 30_000)
            #expect(zip(changes, changes.dropFirst()).allSatisfy { $0.instant < $1.instant && $0.offset != $1.offset })
            #expect(changes.allSatisfy { range.contains($0.instant) })
        }
        // Year 9999 still has footer transitions listed; offsets stay defined beyond.
        if name == "America/New_York" {
            #expect(rules.transitions(in: Self.instant(9999, 1, 1)...Self.instant(9999, 12, 31)).count == 2)
            #expect(rules.offset(at: Self.instant(9999, 7, 1)) == -14_400)
            let farJuly = Self.instant(2024, 7, 1) + 1_000_000 * PosixTimeZoneString.gregorianCycle
            #expect(rules.offset(at: farJuly) == -14_400)
        }
    }

    // MARK: Names and the database

    @Test func unknownNamesAreNil() {
        let longValid = String(repeating: "a", count: 255)
        for name in [
            "../etc/passwd", "/etc/localtime", "", "America//New_York", String(repeating: "a", count: 300),
            "GMT+14:00", ".", "..", "America/../Europe/London", "./UTC", "UTC/", "America/New_York/",
            "America/New York", "America/New_York\u{0}", "Améric/Paris", "America\\New_York",
            "zone.tab", "tzdata.zi", "America", "Etc/GMT+14", "Mars/Olympus_Mons", longValid,
        ] {
            #expect(TimeZoneRules(identifier: name) == nil, "\(name.prefix(40))")
        }
        #expect(TimeZone(identifier: "Etc/GMT+14") == nil)
        #expect(TimeZoneRules.isSafeName(longValid))
        #expect(!TimeZoneRules.isSafeName(longValid + "a"))
        #expect(TimeZoneRules.isSafeName("..."))
        #expect(TimeZoneRules.isSafeName("Etc/GMT-14") && TimeZoneRules.isSafeName("America/Port-au-Prince"))
    }

    @Test func identifierIsKeptAsGiven() throws {
        #expect(try #require(TimeZoneRules(identifier: "UTC")).identifier == "UTC")
        #expect(try #require(TimeZoneRules(identifier: "Etc/UTC")).identifier == "Etc/UTC")
        let kolkata = try #require(TimeZoneRules(identifier: "Asia/Calcutta"))
        #expect(kolkata.identifier == "Asia/Calcutta" && kolkata.offset(at: 1_700_000_000) == 19_800)
    }

    @Test func utcIsBuiltInWithoutADatabaseButReadWhenPresent() throws {
        let missing = "/nonexistent-wellness-tzdir"
        for name in ["UTC", "Etc/UTC", "GMT"] {
            let rules = try #require(TimeZoneRules(identifier: name, databaseDirectory: missing))
            #expect(rules.identifier == name && rules.offset(at: 1_700_000_000) == 0)
            #expect(rules.transitions(in: .min ... .max).isEmpty)
        }
        #expect(TimeZoneRules(identifier: "Etc/GMT", databaseDirectory: missing) == nil)
        #expect(TimeZoneRules(identifier: "America/New_York", databaseDirectory: missing) == nil)

        // An existing file is read, even for "UTC" (here a copy of Kolkata's).
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.write(try Self.bytes(ofZone: "Asia/Kolkata"), to: directory, as: "UTC")
        try Self.write(Array(try Self.bytes(ofZone: "Etc/UTC").dropLast(3)), to: directory, as: "GMT")
        #expect(
            TimeZoneRules(identifier: "UTC", databaseDirectory: directory.path)?.offset(at: 1_700_000_000) == 19_800)
        #expect(TimeZoneRules(identifier: "GMT", databaseDirectory: directory.path) == nil)
    }

    @Test func truncatedAndCorruptFilesAreNil() throws {
        let original = try Self.bytes(ofZone: "America/New_York")
        #expect(TZifFile(bytes: original) != nil)
        // Every strict prefix and one extra byte.
        for length in 0..<original.count {
            #expect(TZifFile(bytes: Array(original.prefix(length))) == nil, "prefix \(length)")
        }
        #expect(TZifFile(bytes: original + [0]) == nil)

        // Through the file system, in a temporary TZDIR.
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for length in [0, 4, 43, 44, 200, original.count / 2, original.count - 20, original.count - 1] {
            try Self.write(Array(original.prefix(length)), to: directory, as: "Test/Truncated\(length)")
            #expect(TimeZoneRules(identifier: "Test/Truncated\(length)", databaseDirectory: directory.path) == nil)
        }
        try Self.write(original, to: directory, as: "Test/Whole")
        #expect(
            TimeZoneRules(identifier: "Test/Whole", databaseDirectory: directory.path)?.offset(at: 1_720_000_000)
                == -14_400)
        // A FIFO must not hang the reader; a directory is not a zone.
        #expect(mkfifo(directory.path + "/Test/Fifo", 0o600) == 0)
        #expect(TimeZoneRules(identifier: "Test/Fifo", databaseDirectory: directory.path) == nil)
        #expect(TimeZoneRules(identifier: "Test", databaseDirectory: directory.path) == nil)

        // Random corruption never traps; whatever parses answers sanely.
        var generator = SeededGenerator(seed: 0x7a1f)
        for _ in 0..<3000 {
            var corrupt = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                corrupt[Int.random(in: 0..<corrupt.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
            }
            if let file = TZifFile(bytes: corrupt) {
                let rules = TimeZoneRules(identifier: "Corrupt", file: file)
                _ = rules.offset(at: Int64.random(in: .min ... .max, using: &generator))
                _ = rules.transitions(in: Self.instant(1960, 1, 1)...Self.instant(2100, 1, 1))
            }
        }
    }

    /// Runs with TZDIR pointing at a mirror of the system database (symbolic
    /// links) plus two extra zones, so tests running meanwhile still read
    /// the real data.
    @Test func tzdirIsHonoured() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for entry in try FileManager.default.contentsOfDirectory(atPath: Self.systemDatabase) {
            try FileManager.default.createSymbolicLink(
                atPath: directory.path + "/" + entry,
                withDestinationPath: Self.systemDatabase + "/" + entry)
        }
        try Self.write(TZifBuilder(version: "2", footer: "<+05>-5").bytes, to: directory, as: "Wellness/Plus5")
        try Self.write(
            Array(try Self.bytes(ofZone: "Europe/Paris").dropLast(40)), to: directory, as: "Wellness/Truncated")

        let previous = getenv("TZDIR").map { String(cString: $0) }
        defer {
            if let previous { setenv("TZDIR", previous, 1) } else { unsetenv("TZDIR") }
        }
        setenv("TZDIR", directory.path, 1)
        #expect(TimeZoneRules.databaseDirectory == directory.path)
        #expect(TimeZoneRules(identifier: "Wellness/Plus5")?.offset(at: 0) == 18_000)
        #expect(TimeZoneRules(identifier: "Wellness/Truncated") == nil)
        #expect(TimeZoneRules(identifier: "America/New_York")?.offset(at: 1_720_000_000) == -14_400)
        setenv("TZDIR", "", 1)
        #expect(TimeZoneRules.databaseDirectory == "/usr/share/zoneinfo")
        #expect(TimeZoneRules(identifier: "Wellness/Plus5") == nil)
    }

    // MARK: TZif versions and rules (synthetic files)

    @Test func versionOneUsesTheTableAndTypeZeroBeforeIt() throws {
        // Type 0 is DST here: before the first transition it applies anyway (RFC 8536 §3.2).
        let builder = TZifBuilder(
            version: nil, types: [(3600, true), (0, false), (-18_000, false)],
            transitions: [(1000, 1), (2000, 2)])
        let file = try #require(TZifFile(bytes: builder.bytes))
        let rules = TimeZoneRules(identifier: "V1", file: file)
        #expect(file.version == 1 && file.footer == nil)
        #expect(rules.offset(at: .min) == 3600 && rules.offset(at: 999) == 3600)
        #expect(rules.offset(at: 1000) == 0 && rules.offset(at: 1999) == 0)
        #expect(rules.offset(at: 2000) == -18_000 && rules.offset(at: .max) == -18_000)
        #expect(rules.transitions(in: .min ... .max).map(\.instant) == [1000, 2000])
        #expect(rules.transitions(in: 1000...1999).map(\.instant) == [1000])
        #expect(rules.transitions(in: 1001...1999).isEmpty)
    }

    @Test func laterVersionsUseTheSixtyFourBitSectionAndFooter() throws {
        for version in ["2", "3", "4", "7"] as [Character] {
            // The 32-bit section claims +1 h throughout; the 64-bit one is what counts.
            let builder = TZifBuilder(
                version: version, types: [(-17_762, false), (-18_000, false), (-14_400, true)],
                transitions: [(-2_717_650_800, 1), (Self.instant(2024, 3, 10, 7), 2)],
                footer: "EST5EDT,M3.2.0,M11.1.0", versionOneOffset: 3600)
            let file = try #require(TZifFile(bytes: builder.bytes))
            let rules = TimeZoneRules(identifier: "V\(version)", file: file)
            #expect(file.version == min(Int(String(version))!, 4))
            #expect(rules.offset(at: -3_000_000_000) == -17_762)
            #expect(rules.offset(at: 0) == -18_000)
            #expect(rules.offset(at: Self.instant(2024, 11, 3, 5, 59) + 59) == -14_400)
            #expect(rules.offset(at: Self.instant(2024, 11, 3, 6)) == -18_000)
            #expect(rules.offset(at: Self.instant(2030, 7, 1)) == -14_400)
            let changes = rules.transitions(in: Self.instant(2024, 1, 1)...Self.instant(2026, 1, 1))
            #expect(
                changes.map(\.instant) == [
                    Self.instant(2024, 3, 10, 7), Self.instant(2024, 11, 3, 6),
                    Self.instant(2025, 3, 9, 7), Self.instant(2025, 11, 2, 6),
                ])
            #expect(changes.map(\.offset) == [-14_400, -18_000, -14_400, -18_000])
        }
        for bad: UInt8 in [UInt8(ascii: "1"), UInt8(ascii: "x"), 0x02, 0xFF] {
            var builder = TZifBuilder(version: "2", footer: "EST5")
            builder.versionByte = bad
            #expect(TZifFile(bytes: builder.bytes) == nil, "version byte \(bad)")
        }
    }

    @Test func emptyFooterKeepsTheLastTypeAndNoTransitionsUseTheFooter() throws {
        let empty = TZifBuilder(version: "2", types: [(0, false), (7200, false)], transitions: [(500, 1)], footer: "")
        let emptyRules = TimeZoneRules(identifier: "E", file: try #require(TZifFile(bytes: empty.bytes)))
        #expect(emptyRules.offset(at: 499) == 0 && emptyRules.offset(at: .max) == 7200)

        // No transitions: the footer governs every instant, 1900 included.
        let ruleOnly = TZifBuilder(
            version: "3", types: [(-18_000, false)], transitions: [], footer: "EST5EDT,M3.2.0,M11.1.0")
        let ruleRules = TimeZoneRules(identifier: "R", file: try #require(TZifFile(bytes: ruleOnly.bytes)))
        #expect(ruleRules.offset(at: Self.instant(1900, 7, 1)) == -14_400)
        #expect(ruleRules.offset(at: Self.instant(1900, 1, 1)) == -18_000)
        #expect(ruleRules.transitions(in: Self.instant(1900, 1, 1)...Self.instant(1901, 1, 1)).count == 2)

        let fixed = TZifBuilder(version: "2", types: [(3600, false)], transitions: [], footer: "")
        #expect(TimeZoneRules(identifier: "F", file: try #require(TZifFile(bytes: fixed.bytes))).offset(at: 0) == 3600)
    }

    @Test func malformedFilesAreNil() throws {
        var builder = TZifBuilder(
            version: "2", types: [(0, false), (3600, true)], transitions: [(100, 1), (200, 0)],
            footer: "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(TZifFile(bytes: builder.bytes) != nil)
        builder.transitions = [(200, 1), (100, 0)]
        #expect(TZifFile(bytes: builder.bytes) == nil)  // unordered
        builder.transitions = [(100, 1), (100, 0)]
        #expect(TZifFile(bytes: builder.bytes) == nil)  // not strictly increasing
        builder.transitions = [(100, 2)]
        #expect(TZifFile(bytes: builder.bytes) == nil)  // type out of range
        builder.transitions = [(100, 1)]
        builder.footer = "CET-1CEST,M3.5.0"
        #expect(TZifFile(bytes: builder.bytes) == nil)  // bad footer
        builder.footer = "CET-1"
        builder.types = []
        #expect(TZifFile(bytes: builder.bytes) == nil)  // no types
        builder.types = [(0, false), (3600, true)]
        #expect(TZifFile(bytes: builder.bytes) != nil)
        var bytes = builder.bytes
        bytes.removeLast()
        #expect(TZifFile(bytes: bytes) == nil)  // footer without its newline
        bytes = builder.bytes
        bytes[0] = UInt8(ascii: "t")
        #expect(TZifFile(bytes: bytes) == nil)  // magic
        // A huge count must be rejected, not allocated.
        bytes = builder.bytes
        let secondHeader = bytes.count - builder.secondPartSize
        for index in 32..<36 { bytes[secondHeader + index] = 0xFF }
        #expect(TZifFile(bytes: bytes) == nil)
        for index in 32..<36 { bytes[index] = 0xFF }
        #expect(TZifFile(bytes: bytes) == nil)
    }

    // MARK: POSIX TZ strings

    @Test func parsesUSEastern() throws {
        let rule = try #require(PosixTimeZoneString("EST5EDT,M3.2.0,M11.1.0"))
        let dst = try #require(rule.daylightSaving)
        #expect(rule.standardOffset == -18_000 && dst.offset == -14_400)
        #expect(dst.start == .init(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200))
        #expect(dst.end == .init(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200))
        #expect(rule.offset(at: Self.instant(2024, 3, 10, 7) - 1) == -18_000)
        #expect(rule.offset(at: Self.instant(2024, 3, 10, 7)) == -14_400)
        #expect(rule.offset(at: Self.instant(2024, 11, 3, 6) - 1) == -14_400)
        #expect(rule.offset(at: Self.instant(2024, 11, 3, 6)) == -18_000)
        // A DST name without rules gets the US rules.
        #expect(PosixTimeZoneString("EST5EDT") == rule)
        #expect(PosixTimeZoneString("EST+5EDT4,M3.2.0/2,M11.1.0/02:00:00") == rule)
    }

    @Test func parsesHalfHourDSTAndQuotedNames() throws {
        let rule = try #require(PosixTimeZoneString("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"))
        #expect(rule.standardOffset == 37_800 && rule.daylightSaving?.offset == 39_600)
        // Lord Howe: 2024-10-06 02:00 +10:30 and 2024-04-07 02:00 +11.
        #expect(rule.offset(at: Self.instant(2024, 10, 5, 15, 30) - 1) == 37_800)
        #expect(rule.offset(at: Self.instant(2024, 10, 5, 15, 30)) == 39_600)
        #expect(rule.offset(at: Self.instant(2024, 4, 6, 15) - 1) == 39_600)
        #expect(rule.offset(at: Self.instant(2024, 4, 6, 15)) == 37_800)
        #expect(rule.offset(at: Self.instant(2025, 1, 1)) == 39_600)
    }

    @Test func parsesNegativeDST() throws {
        // Europe/Dublin: IST (+1) is standard time, GMT the winter "DST".
        let rule = try #require(PosixTimeZoneString("IST-1GMT0,M10.5.0,M3.5.0/1"))
        #expect(rule.standardOffset == 3600 && rule.daylightSaving?.offset == 0)
        #expect(rule.offset(at: Self.instant(2024, 1, 15)) == 0)
        #expect(rule.offset(at: Self.instant(2024, 7, 15)) == 3600)
        #expect(rule.offset(at: Self.instant(2024, 3, 31, 1) - 1) == 0)
        #expect(rule.offset(at: Self.instant(2024, 3, 31, 1)) == 3600)
        #expect(rule.offset(at: Self.instant(2024, 10, 27, 1) - 1) == 3600)
        #expect(rule.offset(at: Self.instant(2024, 10, 27, 1)) == 0)
    }

    @Test func parsesNegativeRuleTimes() throws {
        let rule = try #require(PosixTimeZoneString("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1"))
        #expect(rule.daylightSaving?.start.time == -7200 && rule.daylightSaving?.end.time == -3600)
        // Last Sunday of March 2024 is the 31st: -2:00 is Saturday 22:00 at -3, 01:00Z.
        #expect(rule.offset(at: Self.instant(2024, 3, 31, 1) - 1) == -10_800)
        #expect(rule.offset(at: Self.instant(2024, 3, 31, 1)) == -7200)
        // Last Sunday of October 2024 is the 27th: -1:00 is Saturday 23:00 at -2, 01:00Z.
        #expect(rule.offset(at: Self.instant(2024, 10, 27, 1) - 1) == -7200)
        #expect(rule.offset(at: Self.instant(2024, 10, 27, 1)) == -10_800)
        // Version 3 allows -167…167 hours.
        #expect(PosixTimeZoneString("<-03>3<-02>,M3.5.0/-167,M10.5.0/167:59:59")?.daylightSaving?.end.time == 604_799)
        #expect(PosixTimeZoneString("<-03>3<-02>,M3.5.0/168,M10.5.0") == nil)
    }

    @Test func parsesCairoTwentyFourHundred() throws {
        let rule = try #require(PosixTimeZoneString("EET-2EEST,M4.5.5/0,M10.5.4/24"))
        // Last Friday of April 2024 (26th) 00:00 EET; last Thursday of October (31st) 24:00 EEST.
        #expect(rule.offset(at: Self.instant(2024, 4, 25, 22) - 1) == 7200)
        #expect(rule.offset(at: Self.instant(2024, 4, 25, 22)) == 10_800)
        #expect(rule.offset(at: Self.instant(2024, 10, 31, 21) - 1) == 10_800)
        #expect(rule.offset(at: Self.instant(2024, 10, 31, 21)) == 7200)
    }

    @Test func julianAndZeroBasedDays() throws {
        #expect(PosixTimeZoneString.dayNumber(of: .julian(60), in: 2024) == Self.instant(2024, 3, 1) / 86_400)
        #expect(PosixTimeZoneString.dayNumber(of: .julian(60), in: 2023) == Self.instant(2023, 3, 1) / 86_400)
        #expect(PosixTimeZoneString.dayNumber(of: .julian(59), in: 2024) == Self.instant(2024, 2, 28) / 86_400)
        #expect(PosixTimeZoneString.dayNumber(of: .julian(365), in: 2024) == Self.instant(2024, 12, 31) / 86_400)
        #expect(PosixTimeZoneString.dayNumber(of: .zeroBased(59), in: 2024) == Self.instant(2024, 2, 29) / 86_400)
        #expect(PosixTimeZoneString.dayNumber(of: .zeroBased(59), in: 2023) == Self.instant(2023, 3, 1) / 86_400)
        #expect(PosixTimeZoneString.dayNumber(of: .zeroBased(365), in: 2024) == Self.instant(2024, 12, 31) / 86_400)
        #expect(PosixTimeZoneString.dayNumber(of: .zeroBased(365), in: 2023) == Self.instant(2024, 1, 1) / 86_400)
        // Fifth Sunday means the last: February 2026 has four Sundays.
        #expect(
            PosixTimeZoneString.dayNumber(of: .monthWeekDay(month: 2, week: 5, weekday: 0), in: 2026)
                == Self.instant(2026, 2, 22) / 86_400)
        #expect(
            PosixTimeZoneString.dayNumber(of: .monthWeekDay(month: 2, week: 1, weekday: 0), in: 2026)
                == Self.instant(2026, 2, 1) / 86_400)

        let julian = try #require(PosixTimeZoneString("AAA3BBB,J60/0,J300/0"))
        #expect(julian.daylightSaving?.start.day == .julian(60))
        #expect(julian.offset(at: Self.instant(2024, 3, 1, 3) - 1) == -10_800)
        #expect(julian.offset(at: Self.instant(2024, 3, 1, 3)) == -7200)
        let zeroBased = try #require(PosixTimeZoneString("AAA3BBB,59/0,300"))
        #expect(zeroBased.daylightSaving?.start.day == .zeroBased(59))
        #expect(zeroBased.offset(at: Self.instant(2024, 2, 29, 3)) == -7200)
        #expect(zeroBased.offset(at: Self.instant(2024, 2, 29, 3) - 1) == -10_800)
        #expect(zeroBased.offset(at: Self.instant(2023, 3, 1, 3) - 1) == -10_800)
        #expect(zeroBased.offset(at: Self.instant(2023, 3, 1, 3)) == -7200)
    }

    @Test func parsesFixedAndAllYearDST() throws {
        let india = try #require(PosixTimeZoneString("<+0530>-5:30"))
        #expect(india.standardOffset == 19_800 && india.daylightSaving == nil)
        #expect(india.offset(at: .min) == 19_800 && india.offset(at: .max) == 19_800)
        #expect(india.changeCandidates(in: .min ... .max).isEmpty)
        #expect(PosixTimeZoneString("<-14>14")?.standardOffset == -50_400)
        #expect(PosixTimeZoneString("UTC0")?.standardOffset == 0)

        // DST all year (RFC 8536 §3.3.1's example).
        let allYear = try #require(PosixTimeZoneString("EST5EDT,0/0,J365/25"))
        var instant = Self.instant(2020, 1, 1)
        while instant < Self.instant(2030, 1, 1) {
            #expect(allYear.offset(at: instant) == -14_400)
            instant += 3 * 3600 + 7
        }
        let zone = TimeZoneRules(
            identifier: "AllYear",
            file: TZifFile(
                version: 3, transitionTimes: [],
                transitionOffsets: [], initialOffset: -18_000, footer: allYear))
        #expect(zone.transitions(in: Self.instant(2020, 1, 1)...Self.instant(2030, 1, 1)).isEmpty)
    }

    @Test func rejectsMalformedStrings() {
        for text in [
            "", "EST", "ES5", "E5", "5", "EST+", "EST-", "EST5EDT,", "EST5EDT,M3.2.0", "EST5EDT,M3.2.0,",
            "EST5EDT,M3.2.0,M11.1.0,", "EST5EDT,M13.2.0,M11.1.0", "EST5EDT,M0.2.0,M11.1.0",
            "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,M3.0.0,M11.1.0", "EST5EDT,M3.2.7,M11.1.0",
            "EST5EDT,M3.2,M11.1.0", "EST5EDT,J0,J100", "EST5EDT,J366,J100", "EST5EDT,366,100",
            "EST25", "EST5:60", "EST5:00:60", "EST5:", "<+03", "<+3>-3", "<>0", "<+0 3>-3", "EST5 ",
            " EST5", "EST5EDT4,M3.2.0,M11.1.0x", "EST1234", "EST005", "ÉST5", "EST5ED", "EST5EDT,M3.2.0/,M11.1.0",
            "EST5EDT,M3.2.0/1:2:3:4,M11.1.0", "EST5EDT;M3.2.0,M11.1.0", "EST5\nEDT",
        ] {
            #expect(PosixTimeZoneString(text) == nil, "\(text)")
        }
    }

    // MARK: Cache and speed

    @Test func cacheIsBoundedAndEvictsTheOldest() throws {
        let cache = TimeZoneRulesCache(capacity: 3)
        for index in 0..<5 { cache.insert(.fixed(offset: Int64(index)), forKey: "k\(index)") }
        #expect(cache.count == 3)
        #expect(cache.value(forKey: "k0") == nil && cache.value(forKey: "k1") == nil)
        #expect(cache.value(forKey: "k4")?.initialOffset == 4)
        cache.insert(.fixed(offset: 40), forKey: "k4")  // replacing does not evict
        #expect(cache.count == 3 && cache.value(forKey: "k2") != nil && cache.value(forKey: "k4")?.initialOffset == 40)

        // The shared cache, hit from many threads at once.
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.systemDatabase + "/America").sorted()
            .filter { !$0.contains(".") }.prefix(150).map { "America/" + $0 }
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for (index, name) in names.enumerated() where index % 8 == worker || index < 20 {
                _ = TimeZoneRules(identifier: name)
            }
        }
        #expect(TimeZoneRulesCache.shared.count <= TimeZoneRulesCache.shared.capacity)
        #expect(TimeZoneRulesCache.shared.capacity == 64)
    }

    @Test func printsLoadingSpeed() throws {
        let clock = ContinuousClock()
        TimeZoneRulesCache.shared.removeAll()
        var zone: TimeZoneRules?
        let cold = clock.measure { zone = TimeZoneRules(identifier: "America/New_York") }
        #expect(zone != nil)
        let uncached = clock.measure {
            for _ in 0..<100 {
                TimeZoneRulesCache.shared.removeAll()
                zone = TimeZoneRules(identifier: "America/New_York")
            }
        }
        let repetitions = 10_000
        let cached = clock.measure {
            for _ in 0..<repetitions { zone = TimeZoneRules(identifier: "America/New_York") }
        }
        var changes = 0
        let table = clock.measure {
            for _ in 0..<100 { changes = zone?.transitions(in: Self.from1970...Self.through2100).count ?? 0 }
        }
        var sum: Int64 = 0
        let lookups = clock.measure {
            for index in 0..<100_000 { sum &+= zone?.offset(at: Int64(index) * 40_000) ?? 0 }
        }
        let foundation = clock.measure { _ = TimeZone(identifier: "America/Denver") }
        print(
            "TimeZoneRules America/New_York: first load \(cold), uncached load \(uncached / 100), cached load \(cached / repetitions), "
                + "transitions 1970–2100 (\(changes)) \(table / 100), offset(at:) \(lookups / 100_000); "
                + "Foundation TimeZone(identifier:) cold \(foundation) [\(sum != 0)]")
    }
}

/// Writes TZif files: a version 1 block (4-byte times) and, for version 2
/// and later, a 64-bit block and the footer.
struct TZifBuilder {
    /// nil for version 1; otherwise the version character.
    var versionByte: UInt8
    var types: [(offset: Int32, isDST: Bool)]
    var transitions: [(time: Int64, type: UInt8)]
    var footer: String
    /// When set, the version 1 block of a version 2+ file holds one type of
    /// this offset and no transitions, to show it is ignored.
    var versionOneOffset: Int32?

    init(
        version: Character?, types: [(offset: Int32, isDST: Bool)] = [(0, false)],
        transitions: [(time: Int64, type: UInt8)] = [], footer: String = "", versionOneOffset: Int32? = nil
    ) {
        versionByte = version.map { UInt8(ascii: $0.unicodeScalars.first!) } ?? 0
        self.types = types
        self.transitions = transitions
        self.footer = footer
        self.versionOneOffset = versionOneOffset
    }

    private func block(
        timeSize: Int, types: [(offset: Int32, isDST: Bool)],
        transitions: [(time: Int64, type: UInt8)]
    ) -> [UInt8] {
        func bigEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
            withUnsafeBytes(of: value.bigEndian) { Array($0) }
        }
        let characters = Array("LMT\u{0}".utf8)
        var bytes = Array("TZif".utf8) + [versionByte] + [UInt8](repeating: 0, count: 15)
        for count in [0, 0, 0, transitions.count, types.count, characters.count] {
            bytes += bigEndian(UInt32(count))
        }
        for transition in transitions {
            bytes += timeSize == 8 ? bigEndian(transition.time) : bigEndian(Int32(truncatingIfNeeded: transition.time))
        }
        bytes += transitions.map(\.type)
        for type in types {
            bytes += bigEndian(type.offset) + [type.isDST ? 1 : 0, 0]
        }
        return bytes + characters
    }

    /// Bytes of the 64-bit header, block and footer.
    var secondPartSize: Int {
        block(timeSize: 8, types: types, transitions: transitions).count + footer.utf8.count + 2
    }

    var bytes: [UInt8] {
        if versionByte == 0 { return block(timeSize: 4, types: types, transitions: transitions) }
        let first =
            versionOneOffset.map { block(timeSize: 4, types: [($0, false)], transitions: []) }
            ?? block(timeSize: 4, types: types, transitions: transitions.filter { Int32(exactly: $0.time) != nil })
        return first + block(timeSize: 8, types: types, transitions: transitions) + [10] + Array(footer.utf8) + [10]
    }
}

/// SplitMix64, so corruption tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49EB_1331_11EB
        return value ^ (value >> 31)
    }
}
