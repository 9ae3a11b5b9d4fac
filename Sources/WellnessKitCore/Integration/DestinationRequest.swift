/// The input of `wellness_integration_destination`: one context and an intent,
/// `{"insight": {...}, "intent": "create_goal"}`.
public struct DestinationRequest: Sendable, Equatable {
    public let context: IntegrationContext
    public let intent: IntegrationIntent

    public init(context: IntegrationContext, intent: IntegrationIntent) {
        self.context = context
        self.intent = intent
    }

    /// The destination, or nil when the coordinator would not navigate.
    /// - Throws: a validation error at `intent` when the context has no such intent.
    public func destination() throws -> AIDestination? {
        try context.destination(for: intent, at: FieldPath.root.appending("intent"))
    }
}

extension DestinationRequest: JSONDecodable {
    /// - Throws: a validation error naming the field: a missing or second
    ///   context, an invalid model, a missing or unknown intent, an unknown key.
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(IntegrationContext.keys + ["intent"])
        context = try IntegrationContext(from: reader)
        intent = try reader.required("intent")
    }
}

extension DestinationRequest {
    /// `{"context": "insight", "intent": "create_goal", "destination": {...} | null}`.
    /// - Throws: a validation error when the context has no such intent.
    public func resultJSON() throws -> JSONValue {
        resultJSON(destination: try destination())
    }

    /// The same document around a destination already found.
    public func resultJSON(destination: AIDestination?) -> JSONValue {
        .object(
            JSONObject([
                ("context", .string(context.name)),
                ("intent", intent.json),
                ("destination", destination.map(\.json) ?? .null),
            ]))
    }
}
