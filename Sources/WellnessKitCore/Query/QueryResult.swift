/// A query's answer, with what a sentence needs to cite it.
public struct QueryResult: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case null
        case number(Double)
        case date(CalendarDate)
        case name(String)
        case names([String])
    }

    public var value: Value
    /// The metric's declared unit, "days" or "sessions" for counts, nil when none applies.
    public var unit: String?
    /// Rows the answer was computed from, after every filter and `take`.
    public var rows: Int
    /// Distinct local days among those rows.
    public var days: Int
    /// The days the answer covers: the window's, or those of the rows used
    /// when the window is `all` or `take` picked rows (nil when none).
    public var fromDate: CalendarDate?
    public var toDate: CalendarDate?
    /// The query as run: normalised, its anchor resolved.
    public var query: DataQuery
    /// The caller's row numbers of the rows used, when the query asked.
    public var rowNumbers: [Int]?
}

extension QueryResult: JSONEncodable {
    public var json: JSONValue {
        var object = JSONObject([
            ("value", Self.json(value)),
            ("unit", unit.map(JSONValue.string) ?? .null),
            ("rows", .int(rows)),
            ("days", .int(days)),
            ("from_date", fromDate.map(\.json) ?? .null),
            ("to_date", toDate.map(\.json) ?? .null),
            ("query", query.json),
        ])
        if let rowNumbers { object.append("row_numbers", .array(rowNumbers.map(JSONValue.int))) }
        return .object(object)
    }

    private static func json(_ value: Value) -> JSONValue {
        switch value {
        case .null: return .null
        case .number(let number): return .double(number)
        case .date(let date): return date.json
        case .name(let name): return .string(name)
        case .names(let names): return .array(names.map(JSONValue.string))
        }
    }
}
