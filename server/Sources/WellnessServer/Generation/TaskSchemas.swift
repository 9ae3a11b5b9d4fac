import WellnessKitCore

/// The four things a model is asked to write, each with its JSON schema (in
/// the strict subset providers accept: every property required,
/// `additionalProperties: false`, optional as `["T", "null"]`) and its
/// instructions. ``AnswerValidation`` checks every answer against the same
/// rules locally, whatever the provider claims to enforce.
public enum GenerationTask: String, Sendable, CaseIterable {
    case insight
    case goalSuggestions = "goal_suggestions"
    case goalTips = "goal_tips"
    case coachReply = "coach_reply"

    /// Raised whenever a prompt or schema changes, so that cached answers and
    /// stored provenance tell which prompt wrote them.
    public static let promptVersion = "2026-11-27.1"

    /// Goal types a suggestion may have.
    public static let goalTypes = ["activity", "nutrition", "wellness", "body_composition"]
    /// Units a suggestion's target may have, with the values that make sense for each.
    public static let targetRanges: [(unit: String, range: ClosedRange<Double>)] = [
        ("steps", 1000...30_000), ("hours", 4...12), ("workouts", 1...14), ("kcal", 1200...4000),
        ("kg", 30...250), ("minutes", 1...180), ("litres", 0.5...5), ("portions", 1...10), ("g", 10...300),
        ("days", 1...7), ("percent", 1...100),
    ]
    /// Days a suggestion may take; null for an ongoing goal.
    public static let durations = [7, 14, 21, 30, 60, 90, 180]
    public static let tipCategories = ["nutrition", "exercise", "sleep", "mindset", "habit"]
    public static let tipPriorities = ["high", "medium", "low"]

    /// Bounds on the text a model writes, in characters.
    static let titleLength = 1...120
    static let sentenceLength = 1...400
    static let contentLength = 1...1200
    static let replyLength = 1...1500

    /// The schema's name, as `response_format.json_schema.name` carries it.
    var schemaName: String { "wellness_\(rawValue)" }

    /// The answer's JSON schema.
    var schema: JSONValue {
        switch self {
        case .insight:
            return Self.object([
                ("title", Self.string(Self.titleLength)),
                ("content", Self.string(Self.contentLength)),
                ("summary", Self.nullable(Self.string(Self.sentenceLength))),
                ("suggestions", Self.array(Self.string(Self.sentenceLength), 1...3)),
            ])
        case .goalSuggestions:
            return Self.object([
                (
                    "suggestions",
                    Self.array(
                        Self.object([
                            ("title", Self.string(Self.titleLength)),
                            ("description", Self.string(Self.sentenceLength)),
                            ("goal_type", Self.enumeration(Self.goalTypes)),
                            (
                                "target_value",
                                .object(JSONObject([("type", .array([.string("number"), .string("null")]))]))
                            ),
                            ("target_unit", Self.nullable(Self.enumeration(Self.targetRanges.map(\.unit)))),
                            ("rationale", Self.string(Self.sentenceLength)),
                            (
                                "estimated_duration",
                                .object(
                                    JSONObject([
                                        ("type", .array([.string("integer"), .string("null")])),
                                        ("enum", .array(Self.durations.map(JSONValue.int) + [.null])),
                                    ]))
                            ),
                            (
                                "difficulty",
                                .object(
                                    JSONObject([
                                        ("type", .string("integer")), ("enum", .array((1...5).map(JSONValue.int))),
                                    ]))
                            ),
                        ]), 3...5)
                )
            ])
        case .goalTips:
            return Self.object([
                (
                    "tips",
                    Self.array(
                        Self.object([
                            ("tip", Self.string(Self.sentenceLength)),
                            ("category", Self.enumeration(Self.tipCategories)),
                            ("priority", Self.enumeration(Self.tipPriorities)),
                        ]), 5...7)
                )
            ])
        case .coachReply:
            return Self.object([
                ("reply", Self.string(Self.replyLength)),
                ("context_id", .object(JSONObject([("type", .array([.string("string"), .string("null")]))]))),
            ])
        }
    }

    /// What a task is told when the user's data is offered as the query tool.
    static let toolInstructions = """
        For any number about the user's own days or workouts (totals, averages, counts, dates, the latest ones), \
        call the \(DataQuery.toolName) tool and use its results: each result lists under "facts" the names you may \
        cite as {{name}}, with their roles: its value, rows, days, first and last date are measurements; the \
        numbers of the query you wrote (a condition's threshold, last_days, take) are parameters, cited only \
        beside a measurement of that query. Call it again to correct a query whose result is an error. Never \
        compute such numbers yourself.
        """

    /// What the task asks for, after the rules every task shares.
    var instructions: String {
        switch self {
        case .insight:
            return """
                Rewrite the draft insight in the data message for the user: a short title, 1 to 3 sentences of \
                content, a one-sentence summary (or null) and 1 to 3 concrete suggestions. Keep the draft's meaning; \
                its numbers are the facts draft_1, draft_2, ... in the order it writes them.
                """
        case .goalSuggestions:
            return """
                Suggest 3 to 5 goals the user does not have yet (existing goal titles are in the data message), \
                each with a title, a description, a goal_type, a target_value and target_unit (both may be null; \
                target_value a JSON number), a rationale citing the facts, an estimated_duration in days (or null) \
                and a difficulty from 1 to 5. A title, description or rationale cites the suggestion's own target \
                and duration as {{suggestion_target_value}} and {{suggestion_estimated_duration}}.
                """
        case .goalTips:
            return """
                Give 5 to 7 short, practical tips for the user's goal in the data message, each with a category \
                and a priority.
                """
        case .coachReply:
            return """
                Reply to the user's latest message (quoted in its own message) in 2 to 5 sentences, as the persona \
                below. When the consultation is about an insight or goal, use it and set context_id to its id; \
                otherwise set context_id to null.
                """
        }
    }

    // MARK: - Schema building

    static func object(_ properties: [(String, JSONValue)]) -> JSONValue {
        .object(
            JSONObject([
                ("type", .string("object")),
                ("properties", .object(JSONObject(properties))),
                ("required", .array(properties.map { .string($0.0) })),
                ("additionalProperties", .bool(false)),
            ]))
    }

    static func string(_ length: ClosedRange<Int>) -> JSONValue {
        .object(
            JSONObject([
                ("type", .string("string")), ("minLength", .int(length.lowerBound)),
                ("maxLength", .int(length.upperBound)),
            ]))
    }

    static func nullable(_ schema: JSONValue) -> JSONValue {
        guard case .object(let object) = schema, case .string(let type)? = object["type"] else { return schema }
        var result = JSONObject()
        for member in object.members {
            switch (member.key, member.value) {
            case ("type", _): result.append("type", .array([.string(type), .string("null")]))
            case ("enum", .array(let values)): result.append("enum", .array(values + [.null]))
            default: result.append(member.key, member.value)
            }
        }
        return .object(result)
    }

    static func enumeration(_ values: [String]) -> JSONValue {
        .object(JSONObject([("type", .string("string")), ("enum", .array(values.map(JSONValue.string)))]))
    }

    static func array(_ items: JSONValue, _ count: ClosedRange<Int>) -> JSONValue {
        .object(
            JSONObject([
                ("type", .string("array")), ("items", items), ("minItems", .int(count.lowerBound)),
                ("maxItems", .int(count.upperBound)),
            ]))
    }
}
