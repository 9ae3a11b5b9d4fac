/// The input of `wellness_integration_actions`: one context and, optionally,
/// the surface (`{"goal": {...}, "surface": "detail"}`; default quick actions).
public struct ActionsRequest: Sendable, Equatable {
    public let context: IntegrationContext
    public let surface: ActionSurface

    public init(context: IntegrationContext, surface: ActionSurface = .quickActions) {
        self.context = context
        self.surface = surface
    }
}

extension ActionsRequest: JSONDecodable {
    /// - Throws: a validation error naming the field (context as for destinations, surface, unknown keys).
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(IntegrationContext.keys + ["surface"])
        context = try IntegrationContext(from: reader)
        surface = try reader.optional("surface") ?? .quickActions
    }
}

extension ActionsRequest: JSONEncodable {
    /// `{"context": "goal", "surface": "detail", "actions": [...]}`.
    public var json: JSONValue {
        .object(
            JSONObject([
                ("context", .string(context.name)),
                ("surface", surface.json),
                ("actions", .array(context.actions(on: surface).map(\.json))),
            ]))
    }
}
