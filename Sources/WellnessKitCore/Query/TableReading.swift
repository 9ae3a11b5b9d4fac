/// A table's reserved columns (the ones that are not metrics) as
/// ``QueryTablesReader`` fills them from rows or from columns, with the
/// table's metrics beside them.
protocol TableReading {
    /// The reserved column names, in the table's order (``DailyTable/reserved``).
    static var names: [String] { get }
    /// The metrics read so far.
    var metrics: MetricColumns { get set }

    init()

    /// Reads the value of reserved field `names[field]` of the row being read;
    /// a field given twice keeps the last value, as the tree's objects do.
    /// - Throws: for anything but a valid value.
    mutating func readField(_ field: Int, from parser: inout JSONParser, _ numbers: JSONNumberReader) throws

    /// Ends a row: its reserved fields appended to their columns.
    /// - Throws: when one of them is missing.
    mutating func endRow() throws

    /// Reads the column `names[field]` of a table sent as columns (the last
    /// of a repeated one wins), reserving `capacity` values first.
    /// - Returns: how many values it had.
    /// - Throws: for anything but an array of valid values.
    mutating func readColumn(
        _ field: Int, from parser: inout JSONParser, _ numbers: JSONNumberReader, capacity: Int
    ) throws -> Int

    /// Whether every reserved column of a table sent as columns was given.
    var hasEveryColumn: Bool { get }
}

extension TableReading {
    /// Reads an array of values, each by `value`, reserving `capacity`.
    static func readArray<Value>(
        from parser: inout JSONParser, capacity: Int, _ value: (inout JSONParser) throws -> Value
    ) throws -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(capacity)
        try parser.open(UInt8(ascii: "["))
        if !parser.take(UInt8(ascii: "]")) {
            repeat {
                values.append(try value(&parser))
            } while parser.take(UInt8(ascii: ","))
            guard parser.take(UInt8(ascii: "]")) else { throw QueryTablesReader.Refused() }
        }
        parser.close()
        return values
    }

    /// A string value (escapes decoded).
    /// - Throws: for anything but a string.
    static func string(_ parser: inout JSONParser) throws -> String {
        guard parser.peek() == UInt8(ascii: "\"") else { throw QueryTablesReader.Refused() }
        return try parser.readString()
    }
}
