/// A conversation with an AI coach (seed 004).
public struct Consultation: Sendable, Equatable {
    public var id: String
    public var userId: String
    public var persona: Persona
    public var contextType: ContextType?
    /// The insight or goal discussed; required for those context types.
    public var contextId: String?
    public var title: String?
    public var isArchived: Bool
    public var messageCount: Int
    public var lastMessageAt: Timestamp?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(
        id: String, userId: String, persona: Persona, contextType: ContextType? = nil,
        contextId: String? = nil, title: String? = nil, isArchived: Bool = false, messageCount: Int = 0,
        lastMessageAt: Timestamp? = nil, createdAt: Timestamp, updatedAt: Timestamp
    ) {
        self.id = id
        self.userId = userId
        self.persona = persona
        self.contextType = contextType
        self.contextId = contextId
        self.title = title
        self.isArchived = isArchived
        self.messageCount = messageCount
        self.lastMessageAt = lastMessageAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension Consultation: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        id = try reader.nonEmptyString("id")
        userId = try reader.nonEmptyString("user_id")
        persona = try reader.required("persona")
        contextType = try reader.optional("context_type")
        contextId = try reader.optional("context_id")
        title = try reader.optional("title")
        isArchived = try reader.required("is_archived")
        messageCount = try reader.int("message_count", in: 0...Int.max)
        lastMessageAt = try reader.optional("last_message_at")
        createdAt = try reader.required("created_at")
        updatedAt = try reader.required("updated_at")
        try ConsultationContext.validate(contextType, contextId: contextId, reader: reader)
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("id", id.json),
                ("user_id", userId.json),
                ("persona", persona.json),
                ("context_type", JSONValue(contextType)),
                ("context_id", JSONValue(contextId)),
                ("title", JSONValue(title)),
                ("is_archived", isArchived.json),
                ("message_count", messageCount.json),
                ("last_message_at", JSONValue(lastMessageAt)),
                ("created_at", createdAt.json),
                ("updated_at", updatedAt.json),
            ]))
    }
}
