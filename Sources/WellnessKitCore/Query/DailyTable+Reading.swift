extension DailyTable {
    /// The date column as ``QueryTablesReader`` reads it, row by row or whole.
    struct Reading: TableReading {
        static let names = DailyTable.reserved
        var metrics = MetricColumns()
        private(set) var dates: [CalendarDate] = []
        /// The date of the row being read.
        private var rowDate: CalendarDate?
        private var hasDates = false

        init() {}

        mutating func readField(_ field: Int, from parser: inout JSONParser, _ numbers: JSONNumberReader) throws {
            rowDate = try Self.date(&parser)
        }

        mutating func endRow() throws {
            guard let date = rowDate else { throw QueryTablesReader.Refused() }
            dates.append(date)
            rowDate = nil
        }

        mutating func readColumn(
            _ field: Int, from parser: inout JSONParser, _ numbers: JSONNumberReader, capacity: Int
        ) throws -> Int {
            dates = try Self.readArray(from: &parser, capacity: capacity, Self.date)
            hasDates = true
            return dates.count
        }

        var hasEveryColumn: Bool { hasDates }

        /// A date as the tree's `CalendarDate(json:)` reads it.
        private static func date(_ parser: inout JSONParser) throws -> CalendarDate {
            try CalendarDate(json: .string(try string(&parser)), at: .root)
        }

        /// The table, rows sorted by date.
        /// - Parameter rows: whether the table was sent as rows (for the paths of errors).
        /// - Throws: a validation error for a repeated date.
        func table(rows: Bool, at path: FieldPath) throws -> DailyTable {
            try DailyTable(dates: dates, metrics: metrics, datePath: { DailyTable.datePath(path, rows: rows, $0) })
        }
    }
}
