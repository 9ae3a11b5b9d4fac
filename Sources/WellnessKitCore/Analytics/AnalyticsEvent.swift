/// One event of seed 004's `AIAnalytics`, with its parameters.
public struct AnalyticsEvent: Sendable, Equatable {
    /// The event and its typed parameters.
    public enum Kind: Sendable, Equatable {
        /// `ai_feature_transition`: `from_feature`, `to_feature`, `context` ("none" when absent).
        case featureTransition(from: AIFeature, to: AIFeature, context: String)
        /// `insight_action`: `insight_id`, `action`.
        case insightAction(insightId: String, action: InsightAction)
        /// `goal_ai_usage`: `goal_id`, `feature`.
        case goalAIUsage(goalId: String, feature: GoalAIFeature)
        /// `consultation_started`: `persona`, `context_type`, `context_id` ("none" when absent).
        case consultationStarted(persona: Persona, contextType: ContextType, contextId: String)
    }

    /// The seed's event names, in its order.
    public static let names = ["ai_feature_transition", "insight_action", "goal_ai_usage", "consultation_started"]

    public let kind: Kind
    /// The seed's `timestamp` parameter.
    public let timestamp: Timestamp
    /// Whose event, for metrics over users; the seed has none (nil).
    public let userId: String?

    public init(kind: Kind, timestamp: Timestamp, userId: String? = nil) {
        self.kind = kind
        self.timestamp = timestamp
        self.userId = userId
    }

    /// The event's name (`"insight_action"`).
    public var name: String {
        switch kind {
        case .featureTransition: return "ai_feature_transition"
        case .insightAction: return "insight_action"
        case .goalAIUsage: return "goal_ai_usage"
        case .consultationStarted: return "consultation_started"
        }
    }

    /// The features the event touches, for features-per-session.
    public var features: [AIFeature] {
        switch kind {
        case .featureTransition(let from, let to, _): return [from, to]
        case .insightAction: return [.insights]
        case .goalAIUsage: return [.goals]
        case .consultationStarted: return [.consultations]
        }
    }
}

extension AnalyticsEvent {
    /// Decodes `{"name", "parameters": {...}, "user_id"?}`. Parameters are
    /// strings as in the seed (`[String: String]`), checked against its
    /// enums; unknown parameters are refused (a misspelt name would silently
    /// drop the value); `context` and `context_id` default to "none".
    /// - Parameters:
    ///   - json: the event.
    ///   - path: where it sits.
    ///   - defaultTimestamp: the time of an event without one; nil makes
    ///     `parameters.timestamp` required (event logs).
    /// - Throws: a validation error naming the field.
    public init(json: JSONValue, at path: FieldPath, defaultTimestamp: Timestamp?) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(["name", "parameters", "user_id"])
        let name: String = try reader.required("name")
        let parameters = try ObjectReader(
            reader.object["parameters"] ?? .object(JSONObject()),
            at: reader.path(of: "parameters"))
        func none(_ key: String) throws -> String {
            let value: String? = try parameters.optional(key)
            return value ?? "none"
        }
        switch name {
        case "ai_feature_transition":
            try parameters.rejectUnknownKeys(["from_feature", "to_feature", "context", "timestamp"])
            kind = .featureTransition(
                from: try parameters.required("from_feature"),
                to: try parameters.required("to_feature"), context: try none("context"))
        case "insight_action":
            try parameters.rejectUnknownKeys(["insight_id", "action", "timestamp"])
            kind = .insightAction(
                insightId: try parameters.nonEmptyString("insight_id"),
                action: try parameters.required("action"))
        case "goal_ai_usage":
            try parameters.rejectUnknownKeys(["goal_id", "feature", "timestamp"])
            kind = .goalAIUsage(
                goalId: try parameters.nonEmptyString("goal_id"), feature: try parameters.required("feature"))
        case "consultation_started":
            try parameters.rejectUnknownKeys(["persona", "context_type", "context_id", "timestamp"])
            kind = .consultationStarted(
                persona: try parameters.required("persona"),
                contextType: try parameters.required("context_type"),
                contextId: try none("context_id"))
        default:
            throw WellnessError.validation(
                "\"\(name.echo)\" is not one of: \(Self.names.joined(separator: ", "))",
                at: reader.path(of: "name"))
        }
        if let defaultTimestamp {
            timestamp = try parameters.optional("timestamp") ?? defaultTimestamp
        } else {
            timestamp = try parameters.required("timestamp")
        }
        let user: String? = try reader.optional("user_id")
        userId = user
    }
}

extension AnalyticsEvent: JSONEncodable {
    /// `{"name", "parameters": {<the seed's keys>, "timestamp"}}`, every
    /// parameter a string, timestamps in UTC; `"user_id"` only when known.
    public var json: JSONValue {
        var parameters: [(String, JSONValue)]
        switch kind {
        case .featureTransition(let from, let to, let context):
            parameters = [("from_feature", from.json), ("to_feature", to.json), ("context", .string(context))]
        case .insightAction(let insightId, let action):
            parameters = [("insight_id", .string(insightId)), ("action", action.json)]
        case .goalAIUsage(let goalId, let feature):
            parameters = [("goal_id", .string(goalId)), ("feature", feature.json)]
        case .consultationStarted(let persona, let contextType, let contextId):
            parameters = [
                ("persona", persona.json), ("context_type", contextType.json),
                ("context_id", .string(contextId)),
            ]
        }
        parameters.append(("timestamp", timestamp.json))
        var object = JSONObject([("name", .string(name)), ("parameters", .object(JSONObject(parameters)))])
        if let userId { object.append("user_id", .string(userId)) }
        return .object(object)
    }
}
