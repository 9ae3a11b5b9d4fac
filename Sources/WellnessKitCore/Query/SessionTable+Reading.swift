extension SessionTable {
    /// The start, end and activity columns as ``QueryTablesReader`` reads
    /// them, row by row or whole.
    struct Reading: TableReading {
        static let names = SessionTable.reserved
        var metrics = MetricColumns()
        private(set) var starts: [Int64] = []
        private(set) var ends: [Int64] = []
        private(set) var activities: [String] = []
        /// The reserved fields of the row being read, by `names` index.
        private var rowStart: Int64?
        private var rowEnd: Int64?
        private var rowActivity: String?
        private var given: Set<Int> = []
        /// Long activity names already read, so that rows share one copy
        /// (names of up to 15 bytes are stored inline and need none); at
        /// most ``internedNames`` of them, so that distinct names cost no more.
        private var longNames: [String: String] = [:]
        private let range = SampleSeries.timestampRange
        private static let internedNames = 256

        init() {}

        mutating func readField(_ field: Int, from parser: inout JSONParser, _ numbers: JSONNumberReader) throws {
            switch field {
            case 0: rowStart = try Self.instant(&parser, numbers, range: range)
            case 1: rowEnd = try Self.instant(&parser, numbers, range: range)
            default: rowActivity = try activity(&parser)
            }
        }

        mutating func endRow() throws {
            guard let start = rowStart, let end = rowEnd, let activity = rowActivity else {
                throw QueryTablesReader.Refused()
            }
            starts.append(start)
            ends.append(end)
            activities.append(activity)
            (rowStart, rowEnd, rowActivity) = (nil, nil, nil)
        }

        mutating func readColumn(
            _ field: Int, from parser: inout JSONParser, _ numbers: JSONNumberReader, capacity: Int
        ) throws -> Int {
            given.insert(field)
            let range = range
            switch field {
            case 0:
                starts = try Self.readArray(from: &parser, capacity: capacity) {
                    try Self.instant(&$0, numbers, range: range)
                }
                return starts.count
            case 1:
                ends = try Self.readArray(from: &parser, capacity: capacity) {
                    try Self.instant(&$0, numbers, range: range)
                }
                return ends.count
            default:
                var names = longNames
                defer { longNames = names }
                activities = try Self.readArray(from: &parser, capacity: capacity) {
                    try Self.activity(&$0, interning: &names)
                }
                return activities.count
            }
        }

        var hasEveryColumn: Bool { given.count == Self.names.count }

        /// An instant as the tree's `SessionTable.instant` reads it: an RFC
        /// 3339 string, or epoch seconds read straight from the bytes.
        private static func instant(
            _ parser: inout JSONParser, _ numbers: JSONNumberReader, range: ClosedRange<Int64>
        ) throws -> Int64 {
            if parser.peek() == UInt8(ascii: "\"") {
                return try SessionTable.instant(.string(try parser.readString()), at: .root)
            }
            guard let milliseconds = parser.readEpochMilliseconds(numbers, range: range) else {
                throw QueryTablesReader.Refused()
            }
            return milliseconds
        }

        private mutating func activity(_ parser: inout JSONParser) throws -> String {
            try Self.activity(&parser, interning: &longNames)
        }

        /// An activity name as the tree's `SessionTable.activity` checks it.
        private static func activity(_ parser: inout JSONParser, interning names: inout [String: String]) throws
            -> String
        {
            let name = try SessionTable.activity(.string(try string(&parser)), at: .root)
            guard name.utf8.count > 15 else { return name }
            if let known = names[name] { return known }
            if names.count < internedNames { names[name] = name }
            return name
        }

        /// The table, sessions sorted by start and placed on local days.
        /// - Parameter rows: whether the table was sent as rows (for the paths of errors).
        /// - Throws: a validation error for a session that ends before it starts.
        func table(rows: Bool, at path: FieldPath, timeZone: TimeZoneRules) throws -> SessionTable {
            try SessionTable(
                starts: starts, ends: ends, activities: activities, metrics: metrics, timeZone: timeZone,
                endPath: { SessionTable.endPath(path, rows: rows, $0) })
        }
    }
}
