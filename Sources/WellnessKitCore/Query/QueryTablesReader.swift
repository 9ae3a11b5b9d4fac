/// Reads a tables document (``QueryTables/init(json:)``) from its bytes in
/// one pass, each table's rows or columns straight into its column arrays.
///
/// The tree of a document took several times its bytes (a string and an
/// enum case per number, a member array per row) before the tables were
/// built; this keeps only the columns. It reads with the strict grammar of
/// ``JSONParser``, numbers with ``JSONNumberReader`` (the same doubles as
/// `Double(json:)`), and decodes dates, instants, activities and metric
/// values with the tree path's own decoders and builders, so what it accepts
/// it reads as the tree path does. It refuses (throws) everything else: any
/// error, and valid but rare shapes (a reserved field given twice with a bad
/// first value, more metrics than a table may have); ``QueryTables/init(json:)``
/// then reads the document through the tree, which names the problem exactly
/// as before.
struct QueryTablesReader {
    /// What the reader throws when it leaves a document to the tree.
    struct Refused: Error {}

    /// The slot of a row's member: a reserved field (by index) or a metric column.
    private enum Slot: Equatable {
        case field(Int)
        case metric(Int)
    }

    private var parser: JSONParser
    private let numbers = JSONNumberReader()
    /// Each member position's key and slot in the row before: rows repeat
    /// their keys in one order, so most members are one string comparison.
    private var keys: [(key: String, slot: Slot)] = []
    /// The most member positions `keys` holds: a row's reserved fields and
    /// every metric, so that a row of one key repeated endlessly costs no more.
    private static let cachedMembers = MetricColumns.maximumCount + 8

    private init(_ bytes: UnsafeRawBufferPointer) throws {
        parser = try JSONParser(walking: bytes)
    }

    /// The tables of a document, or a throw when the tree must read it.
    static func read(_ bytes: UnsafeRawBufferPointer) throws -> QueryTables {
        var reader = try QueryTablesReader(bytes)
        return try reader.document()
    }

    private mutating func document() throws -> QueryTables {
        var options = JSONObject()
        var daily: (DailyTable.Reading, rows: Bool)?
        var sessions: (SessionTable.Reading, rows: Bool)?
        try parser.open(UInt8(ascii: "{"))
        if !parser.take(UInt8(ascii: "}")) {
            repeat {
                let key = try parser.readString()
                guard parser.take(UInt8(ascii: ":")) else { throw Refused() }
                switch key {
                // A repeated table replaces the one before, as the tree's last member wins.
                case "daily":
                    daily = nil
                    daily = try table(DailyTable.Reading.self)
                case "sessions":
                    sessions = nil
                    sessions = try table(SessionTable.Reading.self)
                case _ where QueryTables.optionKeys.contains(key): options.append(key, try parser.readValue())
                // An unknown key is an error the tree names.
                default: throw Refused()
                }
            } while parser.take(UInt8(ascii: ","))
            guard parser.take(UInt8(ascii: "}")) else { throw Refused() }
        }
        parser.close()
        guard parser.isAtEnd() else { throw Refused() }
        let root = FieldPath.root
        return try QueryTables(options: .object(options)) { zone in
            (
                try daily.map { try $0.0.table(rows: $0.rows, at: root.appending("daily")) } ?? .empty,
                try sessions.map { try $0.0.table(rows: $0.rows, at: root.appending("sessions"), timeZone: zone) }
                    ?? .empty
            )
        }
    }

    /// A table sent as rows, as columns, or null (nil).
    private mutating func table<Table: TableReading>(_: Table.Type) throws -> (Table, rows: Bool)? {
        var table = Table()
        switch parser.peek() {
        case UInt8(ascii: "[")?:
            try readRows(into: &table)
            return (table, true)
        case UInt8(ascii: "{")?:
            try readColumns(into: &table)
            return (table, false)
        case UInt8(ascii: "n")?:
            try parser.readNull()
            return nil
        default:
            throw Refused()
        }
    }

    /// `[{"<field>": value, …}, …]`: each row's reserved fields by the
    /// table, its metrics into the metric columns as `MetricColumns.appendRow` does.
    private mutating func readRows<Table: TableReading>(into table: inout Table) throws {
        keys = []
        try parser.open(UInt8(ascii: "["))
        if !parser.take(UInt8(ascii: "]")) {
            var row = 0
            repeat {
                try readRow(row, into: &table)
                row += 1
            } while parser.take(UInt8(ascii: ","))
            guard parser.take(UInt8(ascii: "]")) else { throw Refused() }
        }
        parser.close()
    }

    private mutating func readRow<Table: TableReading>(_ row: Int, into table: inout Table) throws {
        try parser.open(UInt8(ascii: "{"))
        table.metrics.appendRow()
        if !parser.take(UInt8(ascii: "}")) {
            var member = 0
            repeat {
                let key = try parser.readString()
                guard parser.take(UInt8(ascii: ":")) else { throw Refused() }
                switch try slot(of: key, at: member, row: row, in: &table) {
                case .field(let field): try table.readField(field, from: &parser, numbers)
                case .metric(let column): table.metrics.set(try metricValue(), column: column, row: row)
                }
                member += 1
            } while parser.take(UInt8(ascii: ","))
            guard parser.take(UInt8(ascii: "}")) else { throw Refused() }
        }
        parser.close()
        try table.endRow()
    }

    /// The slot of member `key`, the `member`th of row `row`: from the row
    /// before when it had the same key there, else looked up (a metric first
    /// seen here added, missing in the rows before).
    private mutating func slot<Table: TableReading>(
        of key: String, at member: Int, row: Int, in table: inout Table
    ) throws -> Slot {
        if member < keys.count, keys[member].key == key { return keys[member].slot }
        let slot: Slot
        if let field = Table.names.firstIndex(of: key) {
            slot = .field(field)
        } else {
            // The path is never shown: an error here sends the document to the tree, which names it.
            slot = .metric(try table.metrics.index(of: key, rowCount: row + 1, reserved: Table.names, at: .root))
        }
        if member < keys.count {
            keys[member] = (key, slot)
        } else if keys.count < Self.cachedMembers {
            keys.append((key, slot))
        }
        return slot
    }

    /// `{"<column>": [values…], …}`: every column an array, all of one
    /// length; the metrics in order of first appearance, a repeated one's
    /// last values (as `MetricColumns(TableColumns)` gives).
    private mutating func readColumns<Table: TableReading>(into table: inout Table) throws {
        var metrics: [(name: String, values: [Double])] = []
        // A dictionary, not a search of `metrics`: a document may repeat a column millions of times.
        var indexOfMetric: [String: Int] = [:]
        var rowCount: Int?
        try parser.open(UInt8(ascii: "{"))
        if !parser.take(UInt8(ascii: "}")) {
            repeat {
                let name = try parser.readString()
                guard parser.take(UInt8(ascii: ":")) else { throw Refused() }
                let count: Int
                if let field = Table.names.firstIndex(of: name) {
                    count = try table.readColumn(field, from: &parser, numbers, capacity: rowCount ?? 0)
                } else {
                    let values = try Table.readArray(from: &parser, capacity: rowCount ?? 0) { parser in
                        try Self.metricValue(&parser, numbers)
                    }
                    count = values.count
                    if let index = indexOfMetric[name] {
                        metrics[index].values = values
                    } else {
                        // One too many: the tree names the error, and the reader holds no more.
                        guard metrics.count < MetricColumns.maximumCount else { throw Refused() }
                        indexOfMetric[name] = metrics.count
                        metrics.append((name, values))
                    }
                }
                guard rowCount == nil || rowCount == count else { throw Refused() }
                rowCount = count
            } while parser.take(UInt8(ascii: ","))
            guard parser.take(UInt8(ascii: "}")) else { throw Refused() }
        }
        parser.close()
        guard table.hasEveryColumn else { throw Refused() }
        table.metrics = try MetricColumns(metrics, rowCount: rowCount ?? 0, reserved: Table.names, at: .root)
    }

    private mutating func metricValue() throws -> Double {
        try Self.metricValue(&parser, numbers)
    }

    /// A metric value as `MetricColumns.value` reads it: a finite number, or null (NaN).
    private static func metricValue(_ parser: inout JSONParser, _ numbers: JSONNumberReader) throws -> Double {
        if parser.peek() == UInt8(ascii: "n") {
            try parser.readNull()
            return .nan
        }
        guard let value = parser.readDouble(numbers) else { throw Refused() }
        return value
    }
}
