/// The body that starts a consultation (seed 004's `AIDestination.consultation`).
public struct CreateConsultationRequest: Sendable, Equatable {
    public var persona: Persona
    public var contextType: ContextType?
    public var contextId: String?
    public var title: String?

    public init(persona: Persona, contextType: ContextType? = nil, contextId: String? = nil, title: String? = nil) {
        self.persona = persona
        self.contextType = contextType
        self.contextId = contextId
        self.title = title
    }
}

extension CreateConsultationRequest: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        persona = try reader.required("persona")
        contextType = try reader.optional("context_type")
        contextId = try reader.optional("context_id")
        title = try reader.optional("title")
        try ConsultationContext.validate(contextType, contextId: contextId, reader: reader)
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("persona", persona.json),
                ("context_type", JSONValue(contextType)),
                ("context_id", JSONValue(contextId)),
                ("title", JSONValue(title)),
            ]))
    }
}
