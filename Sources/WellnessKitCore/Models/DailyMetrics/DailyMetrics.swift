/// One day's metrics of a user, as a wearable records them (resting heart
/// rate, sleep stages, weight, …): what `POST /api/v1/daily-metrics` stores
/// beside the check-ins, each value in its metric's unit
/// (``DailyMetricVocabulary``). The date is the user's local day, as the
/// client names it.
public struct DailyMetrics: Sendable, Equatable {
    public var date: CalendarDate
    /// Values by metric name; a metric without a value is absent.
    public var values: [String: Double]

    public init(date: CalendarDate, values: [String: Double]) {
        self.date = date
        self.values = values
    }

    /// `{"date", "<metric>": value, …}`, metrics in name order.
    public var json: JSONValue {
        var object = JSONObject([("date", date.json)])
        for name in values.keys.sorted() {
            if let value = values[name] { object.append(name, .double(value)) }
        }
        return .object(object)
    }

    /// The metrics of a stored body (`{"<metric>": value, …}`, ``storedJSON``).
    public init(date: CalendarDate, stored json: JSONValue) throws {
        let reader = try ObjectReader(json, at: .root)
        var values: [String: Double] = [:]
        for member in reader.object.members {
            values[member.key] = try reader.required(member.key)
        }
        self.init(date: date, values: values)
    }

    /// The metrics as stored, sealed: the date is the row's key.
    public var storedJSON: JSONValue {
        .object(JSONObject(values.sorted { $0.key < $1.key }.map { ($0.key, .double($0.value)) }))
    }
}

extension DailyMetrics: JSONDecodable {
    /// `{"date", "<metric>": value, …}`, as `GET /api/v1/daily-metrics` answers it.
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        date = try reader.required("date")
        var values: [String: Double] = [:]
        for member in reader.object.members where member.key != "date" {
            values[member.key] = try reader.required(member.key)
        }
        self.values = values
    }
}

/// `{"days": [...], "pagination": {...}}`: one page of `GET /api/v1/daily-metrics`, oldest first.
public struct DailyMetricsPage: JSONCodable, Sendable, Equatable {
    public var days: [DailyMetrics]
    public var pagination: Pagination

    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        days = try reader.required("days")
        pagination = try reader.required("pagination")
    }

    public var json: JSONValue {
        .object(JSONObject([("days", .array(days.map(\.json))), ("pagination", pagination.json)]))
    }
}

/// `{"stored": n, "deleted": m}`: the answer to `POST /api/v1/daily-metrics`, how many days hold
/// metrics after the write and how many it left without any.
public struct DailyMetricsStored: JSONCodable, Sendable, Equatable {
    public var stored: Int
    public var deleted: Int

    public init(stored: Int, deleted: Int) {
        self.stored = stored
        self.deleted = deleted
    }

    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        stored = try reader.required("stored")
        deleted = try reader.required("deleted")
    }

    public var json: JSONValue { .object(JSONObject([("stored", .int(stored)), ("deleted", .int(deleted))])) }
}
