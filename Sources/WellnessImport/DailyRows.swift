import WellnessKitCore

/// Collects daily values by local day, then orders them into an `ImportResult`'s rows.
struct DailyRows {
    private var values: [Int64: [String: Double]] = [:]
    private var units: [String: String] = [:]
    private var columnOrder: [String] = []

    mutating func set(_ day: Int64, _ column: String, _ value: Double, unit: String) {
        values[day, default: [:]][column] = value
        if units[column] == nil {
            units[column] = unit
            columnOrder.append(column)
        }
    }

    /// The rows sorted by date and the columns in `preferred` order, then first-seen.
    func result(sessions: [ImportedSession], report: ImportReport, preferred: [String]) -> ImportResult {
        var seen = Set<String>()
        let ordered = preferred.filter { units[$0] != nil } + columnOrder.filter { !preferred.contains($0) }
        // Each column once, at its first place (the preferred order may name one twice).
        let columns = ordered.filter { seen.insert($0).inserted }
        let rows = values.keys.sorted().compactMap { day -> (date: CalendarDate, values: [String: Double])? in
            guard let date = CalendarDate(daysSinceEpoch: Int(day)), let row = values[day] else { return nil }
            return (date, row)
        }
        var unitList = columns.compactMap { column in units[column].map { (column, $0) } }
        if !sessions.isEmpty {
            let used = Set(sessions.flatMap { $0.fields.map(\.0) })
            unitList += ImportedSession.units.filter { used.contains($0.0) && units[$0.0] == nil }
        }
        return ImportResult(daily: rows, dailyColumns: columns, sessions: sessions, units: unitList, report: report)
    }
}
