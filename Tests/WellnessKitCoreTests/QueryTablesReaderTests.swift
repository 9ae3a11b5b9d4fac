import Testing
import WellnessTestSupport

@testable import WellnessKitCore

/// The one-pass reader of a tables document against the tree path: for every
/// document it takes, the same tables to the bit; every document it leaves
/// read by the tree, so that the bytes entry point gives the tree's tables
/// or its exact error.
@Suite struct QueryTablesReaderTests {
    /// Everything a query can see of the tables, numbers as bit patterns.
    static func fingerprint(_ tables: QueryTables) -> [String] {
        func metrics(_ columns: MetricColumns) -> [String] {
            zip(columns.names, columns.columns).map { "\($0)=\($1.map(\.bitPattern))" }
        }
        let daily = tables.daily
        let sessions = tables.sessions
        return [
            "zone \(tables.timeZone.identifier) weekday \(tables.firstWeekday)",
            "units \(tables.units.sorted { $0.key < $1.key })",
            "daily \(daily.days) \(daily.inputRows)",
        ] + metrics(daily.metrics) + [
            "sessions \(sessions.starts) \(sessions.ends) \(sessions.days) \(sessions.inputRows)",
            "activities \(sessions.activities) \(sessions.activityCodes) \(sessions.distinctActivities)",
            "derived \(sessions.derivedDuration)",
        ] + metrics(sessions.metrics)
    }

    enum Outcome: Equatable {
        case tables([String])
        case error(WellnessError)
    }

    static func outcome(_ body: () throws -> QueryTables) -> Outcome {
        do {
            return .tables(fingerprint(try body()))
        } catch {
            return .error(error as? WellnessError ?? .internal("\(error)"))
        }
    }

    /// Checks `document` both ways; says whether the one-pass reader took it.
    @discardableResult
    static func expectSame(_ document: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let bytes = Array(document.utf8)
        return bytes.withUnsafeBytes { raw in
            let tree = outcome { try QueryTables(json: JSONParser.parse(raw, expecting: .object)) }
            let read = try? QueryTablesReader.read(raw)
            if let read {
                #expect(
                    .tables(fingerprint(read)) == tree, "the reader differs on \(document)",
                    sourceLocation: sourceLocation)
            }
            let entry = outcome { try QueryTables(json: raw) }
            #expect(entry == tree, "the bytes entry point differs on \(document)", sourceLocation: sourceLocation)
            return read != nil
        }
    }

    /// Numbers in every form JSON allows, as metric values and epoch seconds.
    static let numbers = [
        "0", "-0", "1", "-1", "12", "0.5", "-0.25", "1e3", "1E-3", "2.5e+2", "1.7976931348623157e308", "4e-320",
        "9007199254740993", "123456781234567812345678", "12345678.87654321", "0.000000001234", "1e-400", "1e400",
        "-1e400", "3.14159265358979323846264338327950288419716939937510", "2.2250738585072011e-308", "1e23",
        "1700000000", "1700000000.5", "1.7e9", "17e8", "253402300799", "253402300800", "-62135596800",
        "-62135596801", "1700000000.9999", "999999999999999", "1000000000000000",
    ]
    static let strings = [
        #""Run""#, #""Outdoor Cycling Session One""#, #""V\u00e9lo""#, #""Vélo 🚲""#, #""a\"b\\c\/d\n""#, #""""#,
        #""\ud83d\udeb2 ride""#, #""2025-11-03""#, #""2025-11-03T07:00:00Z""#, #""2025-11-03T07:00:00.123+01:00""#,
        #""\u0032025-11-04""#, #""2025-13-01""#, #""x\ud800""#,
        "\"\(String(repeating: "long", count: 60))\"",
    ]
    static let scalars = numbers + strings + ["null", "true", "false", "[]", "{}", "[1]", #"{"a":1}"#]
    static let metricNames = [
        "steps", "distance", "duration", "sleep_minutes", "\\u0073teps", "2steps", "date", "start", "activity", "end",
        "stéps", "",
    ]

    static func pick<T>(_ items: [T], _ random: inout SeededGenerator) -> T {
        items[Int(random.next() % UInt64(items.count))]
    }

    static func space(_ random: inout SeededGenerator) -> String {
        pick(["", "", "", " ", "\n  ", "\t"], &random)
    }

    /// A date, mostly valid and distinct, now and then repeated or malformed.
    static func date(_ row: Int, _ random: inout SeededGenerator) -> String {
        switch random.next() % 40 {
        case 0: return pick(strings + numbers, &random)
        case 1: return "\"2025-01-01\""
        default: return "\"\(CalendarDate(daysSinceEpoch: 19_000 + row * 3)?.description ?? "")\""
        }
    }

    static func instant(_ random: inout SeededGenerator, after start: Int = 0) -> String {
        switch random.next() % 30 {
        case 0: return pick(strings + numbers, &random)
        case 1...10: return "\"\(Timestamp(seconds: Int64(1_700_000_000 + start), nanoseconds: 0).description)\""
        default: return String(1_700_000_000 + start + Int(random.next() % 7200))
        }
    }

    static func metricValue(_ random: inout SeededGenerator) -> String {
        switch random.next() % 10 {
        case 0: return pick(scalars, &random)
        case 1: return "null"
        case 2: return pick(numbers, &random)
        default: return String(Double(random.next() % 100_000) / pick([1.0, 10, 100, 1000], &random))
        }
    }

    /// A table of `rows` rows as rows or as columns, with reserved fields
    /// `reserved` (each value made by its function), metrics, repeats and
    /// gaps now and then.
    static func table(
        rows: Int, reserved: [(String, (Int, inout SeededGenerator) -> String)], _ random: inout SeededGenerator
    ) -> String {
        let metrics = (0..<Int(random.next() % 4)).map { _ in
            random.next() % 6 == 0 ? pick(metricNames, &random) : pick(["steps", "distance", "calories"], &random)
        }
        if random.next() % 2 == 0 {
            let rowTexts = (0..<rows).map { row -> String in
                var members = reserved.map { "\"\($0.0)\":\(space(&random))\($0.1(row, &random))" }
                members += metrics.map { "\"\($0)\":\(metricValue(&random))" }
                if random.next() % 25 == 0, !members.isEmpty {
                    members.remove(at: Int(random.next() % UInt64(members.count)))
                }
                if random.next() % 25 == 0, let first = members.first { members.append(first) }
                if random.next() % 4 == 0 { members.shuffle(using: &random) }
                return "{\(members.joined(separator: ",\(space(&random))"))}"
            }
            return "[\(space(&random))\(rowTexts.joined(separator: ",\(space(&random))"))]"
        }
        var columns = reserved.map { name, value in
            "\"\(name)\":[\((0..<rows).map { value($0, &random) }.joined(separator: ","))]"
        }
        columns += metrics.map { name in
            let count = random.next() % 30 == 0 ? rows + 1 : rows
            return "\"\(name)\":[\((0..<count).map { _ in metricValue(&random) }.joined(separator: ", "))]"
        }
        if random.next() % 25 == 0, !columns.isEmpty { columns.remove(at: Int(random.next() % UInt64(columns.count))) }
        if random.next() % 4 == 0 { columns.shuffle(using: &random) }
        return "{\(columns.joined(separator: ",\(space(&random))"))}"
    }

    static func document(_ random: inout SeededGenerator) -> String {
        var members: [String] = []
        if random.next() % 4 != 0 {
            let daily = table(rows: Int(random.next() % 6), reserved: [("date", date)], &random)
            members.append(#""daily":\#(random.next() % 20 == 0 ? "null" : daily)"#)
        }
        if random.next() % 4 != 0 {
            let sessions = table(
                rows: Int(random.next() % 6),
                reserved: [
                    ("start", { row, random in instant(&random, after: row * 10_000) }),
                    ("end", { row, random in instant(&random, after: row * 10_000 + 7200) }),
                    ("activity", { _, random in random.next() % 3 == 0 ? pick(strings, &random) : #""Run""# }),
                ], &random)
            members.append(#""sessions":\#(sessions)"#)
        }
        let options = [
            #""time_zone":"Europe/Berlin""#, #""time_zone":"UTC""#, #""time_zone":"Mars/Olympus""#,
            #""first_weekday":1"#, #""first_weekday":2.0"#, #""first_weekday":9"#, #""units":{"steps":"steps"}"#,
            #""units":{"distance":"km","steps":7}"#, #""unit":{}"#, #""daily":null"#, #""time_zone":null"#,
        ]
        for _ in 0..<Int(random.next() % 3) { members.append(pick(options, &random)) }
        members.shuffle(using: &random)
        return "\(space(&random)){\(members.joined(separator: ",\(space(&random))"))}\(space(&random))"
    }

    /// Random documents, valid and not: the same tables or the same error,
    /// and the reader takes most of the valid ones.
    @Test func randomDocumentsReadAsTheTreeReadsThem() {
        var random = SeededGenerator(seed: 37)
        var taken = 0
        var valid = 0
        for _ in 0..<3000 {
            let document = Self.document(&random)
            if Self.expectSame(document) { taken += 1 }
            let isValid = Array(document.utf8).withUnsafeBytes { raw in
                (try? QueryTables(json: JSONParser.parse(raw, expecting: .object))) != nil
            }
            if isValid { valid += 1 }
        }
        #expect(valid > 300, "too few valid documents to compare: \(valid)")
        #expect(taken * 10 >= valid * 9, "the reader took \(taken) of \(valid) valid documents")
    }

    /// Documents broken a byte at a time: malformed JSON and bad values get
    /// the tree's error, never other tables.
    @Test func corruptedDocumentsGetTheTreesError() {
        var random = SeededGenerator(seed: 11)
        let bytesToInsert: [UInt8] = Array("{}[],:\"\\ 0-e.nx\u{7f}".utf8) + [0xC3, 0xFF, 0x00]
        for _ in 0..<1500 {
            var bytes = Array(Self.document(&random).utf8)
            guard !bytes.isEmpty else { continue }
            let at = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 3 {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(Self.pick(bytesToInsert, &random), at: at)
            default: bytes[at] = Self.pick(bytesToInsert, &random)
            }
            Self.expectSame(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The shapes the bulk callers send are read in one pass, not left to the tree.
    @Test func commonShapesAreTakenInOnePass() {
        let documents = [
            #"{}"#, #"{"daily":null,"sessions":null}"#, #"{"daily":[],"sessions":[]}"#,
            #"{"time_zone":"UTC","sessions":{"start":[1600000000,1600000100],"end":[1600003600,1600007200],"#
                + #""activity":["run","Vélo"],"distance":[1.5,null],"calories":[3e2,-0]}}"#,
            #"{"daily":[{"date":"2025-11-03","steps":8000,"sleep_minutes":null},{"date":"2025-11-02"},"#
                + #"{"sleep_minutes":420.5,"date":"2025-11-01","steps":1.2e4}],"units":{"steps":"steps"}}"#,
            #"{"sessions":[{"start":"2025-11-03T07:00:00+01:00","end":1762153200.5,"activity":"Outdoor Cycling Session","#
                + #""duration":30}],"first_weekday":7,"time_zone":"America/New_York"}"#,
            #"{"daily":{"date":["2025-11-01","2025-11-02"],"steps":[1,2],"steps":[3,null]}}"#,
            #"{"daily":[{"date":"2025-11-01","steps":1,"steps":2}],"daily":[{"date":"2025-11-02","\u0073teps":3}]}"#,
        ]
        for document in documents {
            #expect(Self.expectSame(document), "left to the tree: \(document)")
        }
    }

    /// Rare valid shapes the reader leaves to the tree still read as before,
    /// and errors it stops at early (before holding more) get the tree's error.
    @Test func shapesLeftToTheTreeReadAsBefore() {
        let manyColumns = (0...MetricColumns.maximumCount).map { #""m\#($0)":[1]"# }.joined(separator: ",")
        let manyMembers = String(repeating: #""steps":1,"#, count: 2 * MetricColumns.maximumCount)
        let documents = [
            #"{"daily":[{"date":5,"date":"2025-11-01"}]}"#,
            #"{"sessions":{"start":["x"],"start":[0],"end":[60],"activity":["Run"]}}"#,
            #"{"daily":{"date":["2025-11-01"],\#(manyColumns)}}"#,
            #"{"time_zone":"UTC","unit":{"steps":"steps"},"daily":[]}"#,
        ]
        // Taken, with more members in a row than the reader remembers keys for.
        #expect(
            Self.expectSame(#"{"daily":[{\#(manyMembers)"date":"2025-11-01"},{\#(manyMembers)"date":"2025-11-02"}]}"#))
        for document in documents {
            #expect(!Self.expectSame(document), "taken: \(document)")
        }
    }
}
