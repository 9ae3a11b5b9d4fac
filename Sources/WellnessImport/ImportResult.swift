import WellnessKitCore

/// An import's daily metrics and sessions, in the shapes the query tables read
/// (docs/QUERY.md), with their units and the import's report.
public struct ImportResult: Sendable {
    /// One row per local date that has a value, sorted by date.
    public var daily: [(date: CalendarDate, values: [String: Double])]
    /// The daily columns that have a value somewhere, in a stable order.
    public var dailyColumns: [String]
    /// Sessions sorted by start.
    public var sessions: [ImportedSession]
    /// Unit per column name (daily and sessions).
    public var units: [(String, String)]
    public var report: ImportReport

    /// `{"daily": [{"date", <columns>...}], "sessions": [...], "units": {...}, "report": {...}}`;
    /// a daily column a row lacks is null.
    public var json: JSONValue {
        let rows: [JSONValue] = daily.map { row in
            var object = JSONObject([("date", .string(row.date.description))])
            for column in dailyColumns {
                object.append(column, row.values[column].map { JSONValue.double($0) } ?? .null)
            }
            return .object(object)
        }
        return .object(
            JSONObject([
                ("daily", .array(rows)), ("sessions", .array(sessions.map(\.json))),
                ("units", .object(JSONObject(units.map { ($0.0, .string($0.1)) }))), ("report", report.json),
            ]))
    }
}
