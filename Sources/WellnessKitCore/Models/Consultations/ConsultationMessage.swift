/// One message of a consultation.
public struct ConsultationMessage: Sendable, Equatable {
    /// Who wrote a message.
    public enum Role: String, JSONStringEnum, Sendable {
        case user
        case assistant
    }

    public var id: String
    public var consultationId: String
    public var role: Role
    public var content: String
    public var createdAt: Timestamp
    /// Changes an assistant's reply proposes; written only when there are some.
    public var proposals: [CoachProposal]

    public init(
        id: String, consultationId: String, role: Role, content: String, createdAt: Timestamp,
        proposals: [CoachProposal] = []
    ) {
        self.id = id
        self.consultationId = consultationId
        self.role = role
        self.content = content
        self.createdAt = createdAt
        self.proposals = proposals
    }
}

extension ConsultationMessage: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        id = try reader.nonEmptyString("id")
        consultationId = try reader.nonEmptyString("consultation_id")
        role = try reader.required("role")
        content = try reader.required("content")
        createdAt = try reader.required("created_at")
        proposals = try reader.optional("proposals") ?? []
    }

    public var json: JSONValue {
        var object = JSONObject([
            ("id", id.json),
            ("consultation_id", consultationId.json),
            ("role", role.json),
            ("content", content.json),
            ("created_at", createdAt.json),
        ])
        if !proposals.isEmpty { object.append("proposals", .array(proposals.map(\.json))) }
        return .object(object)
    }
}
