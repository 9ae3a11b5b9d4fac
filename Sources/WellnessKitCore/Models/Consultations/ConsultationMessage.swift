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
    /// The queries of the user's data an assistant's reply cites, each
    /// `{"query": {...}, "result": {...}}` (docs/QUERY.md); written only when there are some.
    public var dataQueries: [JSONValue]

    public init(
        id: String, consultationId: String, role: Role, content: String, createdAt: Timestamp,
        proposals: [CoachProposal] = [], dataQueries: [JSONValue] = []
    ) {
        self.id = id
        self.consultationId = consultationId
        self.role = role
        self.content = content
        self.createdAt = createdAt
        self.proposals = proposals
        self.dataQueries = dataQueries
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
        dataQueries = try Self.dataQueries(reader)
    }

    /// `data_queries`: absent, null or an array of objects, kept as they are.
    private static func dataQueries(_ reader: ObjectReader) throws -> [JSONValue] {
        let path = reader.path(of: "data_queries")
        switch reader.object["data_queries"] {
        case nil, .null?:
            return []
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                guard case .object = item else {
                    throw WellnessError.validation(
                        "expected an object, found \(item.kindDescription)", at: path.appending(index: index))
                }
            }
            return items
        case let other?:
            throw WellnessError.validation("expected an array, found \(other.kindDescription)", at: path)
        }
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
        if !dataQueries.isEmpty { object.append("data_queries", .array(dataQueries)) }
        return .object(object)
    }
}
