extension DataQuery {
    /// The name of the query as a model's tool.
    public static let toolName = "query_data"

    /// The query as a tool for OpenAI-compatible tool calling: `{"name",
    /// "description", "strict": true, "parameters": <JSON schema>}`. The
    /// schema keeps to the strict subset (every object closed, every member
    /// required, optional ones nullable), and its lists of tables, reducers,
    /// operators and windows are the decoder's own.
    public static var toolDefinition: JSONValue {
        object([
            ("name", .string(toolName)),
            (
                "description",
                .string(
                    "Computes one exact number (or date, or activity name) from the user's own daily metrics "
                        + "and workout sessions. Use it for every number you state about the user's data.")
            ),
            ("strict", .bool(true)),
            ("parameters", parameters),
        ])
    }

    private static var parameters: JSONValue {
        let properties: [(String, JSONValue)] = [
            ("table", enumeration(Table.allCases.map(\.rawValue), "daily: one row per day; sessions: workouts.")),
            ("metric", nullable("string", "The column to reduce; null when counting rows or naming activities.")),
            (
                "activity",
                activity(
                    "Sessions of this activity (or any of these), case-insensitive, synonyms allowed; null for all.")
            ),
            ("where", conditions("Conditions on the same table's rows, all of which must hold.")),
            (
                "on_days_where",
                conditions("Conditions on the other table, joined by local day; metric \"activity\" matches names.")
            ),
            ("window", window),
            ("anchor", nullable("string", "The local day (YYYY-MM-DD) windows end on; null for today.")),
            (
                "take",
                anyOf(
                    [type("null"), closed(["first": type("integer")]), closed(["last": type("integer")])],
                    "Only the first or last k matching rows in time order; null for all.")
            ),
            ("reduce", enumeration(QueryReducer.allCases.map(\.rawValue), "How the rows become one answer.")),
            (
                "activity_match",
                nullableEnumeration(
                    ActivityMatch.allCases.map(\.rawValue),
                    "synonyms (default): a name finds recorded names holding it and its synonyms; "
                        + "exact: only recorded names with the same words.")
            ),
            (
                "weekdays",
                anyOf(
                    [
                        object([
                            ("type", .string("array")),
                            ("items", enumeration(QueryWeekday.allCases.map(\.rawValue), nil)),
                        ]),
                        type("null"),
                    ], "Only rows on these days of the week (local days); null for every day.")
            ),
            (
                "same_day_where",
                conditions("Conditions on rows of the same table on the same local day (runs on days with a walk).")
            ),
        ]
        var schema = closedObject(properties)
        schema.append(
            "$defs",
            object([
                (
                    "condition",
                    .object(
                        closedObject([
                            ("metric", type("string")),
                            ("op", enumeration(QueryCondition.Operator.allCases.map(\.rawValue), nil)),
                            ("value", object([("type", .array([.string("number"), .string("string")]))])),
                        ]))
                )
            ]))
        return .object(schema)
    }

    private static var window: JSONValue {
        anyOf(
            [
                enumeration(QueryWindow.names.keys.sorted(), nil),
                closed(["last_days": type("integer")]),
                closed(["between": object([("type", .string("array")), ("items", type("string"))])]),
                .object(closedObject([extremeDay(.max)])),
                .object(closedObject([extremeDay(.min)])),
                closed([
                    "day_of": .object(
                        closedObject([
                            ("which", enumeration(QueryWindow.Which.allCases.map(\.rawValue), nil)),
                            ("activity", activity(nil)),
                        ]))
                ]),
            ],
            "Calendar windows use the user's first weekday; last_days N ends on the anchor day, included; "
                + "between is inclusive [from, to]; day_of is the day of the first or last session of an activity; "
                + "day_of_max / day_of_min the day of the row with the largest / smallest metric.")
    }

    private static func extremeDay(_ extreme: QueryWindow.Extreme) -> (String, JSONValue) {
        (
            extreme.rawValue,
            .object(
                closedObject([
                    ("table", enumeration(Table.allCases.map(\.rawValue), nil)), ("metric", type("string")),
                    ("activity", activity(nil)),
                ]))
        )
    }

    private static func nullableEnumeration(_ values: [String], _ description: String?) -> JSONValue {
        described(
            [
                ("type", .array([.string("string"), .string("null")])),
                ("enum", .array(values.map(JSONValue.string) + [.null])),
            ], description)
    }

    /// A name, a list of names, or null.
    private static func activity(_ description: String?) -> JSONValue {
        anyOf(
            [type("string"), object([("type", .string("array")), ("items", type("string"))]), type("null")],
            description)
    }

    private static func conditions(_ description: String) -> JSONValue {
        object([
            ("type", .string("array")), ("items", object([("$ref", .string("#/$defs/condition"))])),
            ("description", .string(description)),
        ])
    }

    private static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members))
    }

    private static func type(_ name: String) -> JSONValue {
        object([("type", .string(name))])
    }

    private static func described(_ members: [(String, JSONValue)], _ description: String?) -> JSONValue {
        object(members + (description.map { [("description", JSONValue.string($0))] } ?? []))
    }

    private static func nullable(_ name: String, _ description: String?) -> JSONValue {
        described([("type", .array([.string(name), .string("null")]))], description)
    }

    private static func enumeration(_ values: [String], _ description: String?) -> JSONValue {
        described([("type", .string("string")), ("enum", .array(values.map(JSONValue.string)))], description)
    }

    private static func anyOf(_ choices: [JSONValue], _ description: String?) -> JSONValue {
        described([("anyOf", .array(choices))], description)
    }

    /// An object with one required member.
    private static func closed(_ member: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(closedObject(member.map { ($0.key, $0.value) }))
    }

    /// The strict subset's object: no other members, every member required.
    private static func closedObject(_ properties: [(String, JSONValue)]) -> JSONObject {
        JSONObject([
            ("type", .string("object")),
            ("properties", object(properties)),
            ("required", .array(properties.map { .string($0.0) })),
            ("additionalProperties", .bool(false)),
        ])
    }
}
