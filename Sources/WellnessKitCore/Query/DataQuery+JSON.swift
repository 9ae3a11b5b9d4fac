extension DataQuery: JSONCodable {
    /// Every key of a query document.
    public static let keys = [
        "table", "metric", "activity", "where", "on_days_where", "window", "anchor", "take", "reduce", "include_rows",
        "activity_match", "weekdays", "same_day_where",
    ]

    /// Decodes a query document; a member that is null counts as absent, as
    /// strict tool calling sends every member.
    /// - Throws: a validation error naming the field. Whether the metrics
    ///   exist is checked against the tables when the query runs.
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(Self.keys)
        self.init(table: try reader.required("table"), reducer: try reader.required("reduce"))
        metric = try reader.optional("metric")
        activities = try Self.activities(reader.object["activity"], at: reader.path(of: "activity"))
        conditions = try Self.conditions(reader, "where")
        dayConditions = try Self.conditions(reader, "on_days_where")
        sameDayConditions = try Self.conditions(reader, "same_day_where")
        weekdays = try Self.weekdays(reader)
        activityMatch = try reader.optional("activity_match") ?? .synonyms
        window = try reader.optional("window") ?? .all
        anchor = try reader.optional("anchor")
        take = try Self.take(reader)
        includeRows = try reader.optional("include_rows") ?? false
    }

    /// The normalised document: every member, defaults written out.
    public var json: JSONValue {
        .object(
            JSONObject([
                ("table", table.json),
                ("metric", metric.map(JSONValue.string) ?? .null),
                ("activity", Self.json(activities: activities)),
                ("where", .array(conditions.map(\.json))),
                ("on_days_where", .array(dayConditions.map(\.json))),
                ("window", window.json),
                ("anchor", anchor.map(\.json) ?? .null),
                ("take", take.map(Self.json(take:)) ?? .null),
                ("reduce", reducer.json),
                ("activity_match", activityMatch.json),
                ("weekdays", weekdays.map { .array($0.map(\.json)) } ?? .null),
                ("same_day_where", .array(sameDayConditions.map(\.json))),
            ]))
    }

    /// A list of 1 to 7 distinct weekday names; nil (every day) for null.
    private static func weekdays(_ reader: ObjectReader) throws -> [QueryWeekday]? {
        guard let json = reader.object["weekdays"], json != .null else { return nil }
        let path = reader.path(of: "weekdays")
        let days = try [QueryWeekday](json: json, at: path)
        guard !days.isEmpty, Set(days).count == days.count else {
            throw WellnessError.validation("must list 1 to 7 distinct weekdays (sunday … saturday)", at: path)
        }
        return days
    }

    /// A name or a list of names; nil (any activity) for null.
    static func activities(_ json: JSONValue?, at path: FieldPath) throws -> [String]? {
        let names: [String]
        switch json {
        case nil, .null?: return nil
        case .string(let name)?: names = [name]
        case .array?: names = try [String](json: json ?? .null, at: path)
        case let other?:
            throw WellnessError.validation(
                "expected an activity name or a list of names, found \(other.kindDescription)", at: path)
        }
        guard !names.isEmpty, names.count <= maximumListLength else {
            throw WellnessError.validation("must list 1 to \(maximumListLength) activities", at: path)
        }
        for (index, name) in names.enumerated() where name.isEmpty || name.utf8.count > 200 {
            throw WellnessError.validation("must be 1 to 200 bytes long", at: path.appending(index: index))
        }
        return names
    }

    static func json(activities: [String]?) -> JSONValue {
        activities.map { .array($0.map(JSONValue.string)) } ?? .null
    }

    private static func conditions(_ reader: ObjectReader, _ key: String) throws -> [QueryCondition] {
        let conditions: [QueryCondition] = try reader.optional(key) ?? []
        guard conditions.count <= maximumListLength else {
            throw WellnessError.validation("at most \(maximumListLength) conditions", at: reader.path(of: key))
        }
        return conditions
    }

    private static func take(_ reader: ObjectReader) throws -> Take? {
        guard let object = reader.object["take"], object != .null else { return nil }
        let inner = try ObjectReader(object, at: reader.path(of: "take"))
        try inner.rejectUnknownKeys(["first", "last"])
        switch (inner.object["first"], inner.object["last"]) {
        case (let first?, nil) where first != .null: return .first(try inner.int("first", in: 1...maximumTake))
        case (nil, let last?) where last != .null: return .last(try inner.int("last", in: 1...maximumTake))
        default:
            throw WellnessError.validation("expected {\"first\": k} or {\"last\": k}", at: inner.path)
        }
    }

    private static func json(take: Take) -> JSONValue {
        switch take {
        case .first(let count): return .object(JSONObject([("first", .int(count))]))
        case .last(let count): return .object(JSONObject([("last", .int(count))]))
        }
    }
}
