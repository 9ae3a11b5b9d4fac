/// An AI-generated wellness insight (seed 000).
public struct Insight: Sendable, Equatable {
    public var id: String
    public var userId: String
    public var insightType: InsightType
    public var title: String
    public var content: String
    public var summary: String?
    public var suggestions: [String]?
    public var dataContext: DataContext?
    public var isRead: Bool
    public var isFavorite: Bool
    public var isArchived: Bool
    public var generatedAt: Timestamp
    public var readAt: Timestamp?
    public var archivedAt: Timestamp?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(
        id: String, userId: String, insightType: InsightType, title: String, content: String,
        summary: String? = nil, suggestions: [String]? = nil, dataContext: DataContext? = nil,
        isRead: Bool = false, isFavorite: Bool = false, isArchived: Bool = false,
        generatedAt: Timestamp, readAt: Timestamp? = nil, archivedAt: Timestamp? = nil,
        createdAt: Timestamp, updatedAt: Timestamp
    ) {
        self.id = id
        self.userId = userId
        self.insightType = insightType
        self.title = title
        self.content = content
        self.summary = summary
        self.suggestions = suggestions
        self.dataContext = dataContext
        self.isRead = isRead
        self.isFavorite = isFavorite
        self.isArchived = isArchived
        self.generatedAt = generatedAt
        self.readAt = readAt
        self.archivedAt = archivedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension Insight: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        id = try reader.nonEmptyString("id")
        userId = try reader.nonEmptyString("user_id")
        insightType = try reader.required("insight_type")
        title = try reader.required("title")
        content = try reader.required("content")
        summary = try reader.optional("summary")
        suggestions = try reader.optional("suggestions")
        dataContext = try reader.optional("data_context")
        isRead = try reader.required("is_read")
        isFavorite = try reader.required("is_favorite")
        isArchived = try reader.required("is_archived")
        generatedAt = try reader.required("generated_at")
        readAt = try reader.optional("read_at")
        archivedAt = try reader.optional("archived_at")
        createdAt = try reader.required("created_at")
        updatedAt = try reader.required("updated_at")
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("id", id.json),
                ("user_id", userId.json),
                ("insight_type", insightType.json),
                ("title", title.json),
                ("content", content.json),
                ("summary", JSONValue(summary)),
                ("suggestions", JSONValue(suggestions)),
                ("data_context", JSONValue(dataContext)),
                ("is_read", isRead.json),
                ("is_favorite", isFavorite.json),
                ("is_archived", isArchived.json),
                ("generated_at", generatedAt.json),
                ("read_at", JSONValue(readAt)),
                ("archived_at", JSONValue(archivedAt)),
                ("created_at", createdAt.json),
                ("updated_at", updatedAt.json),
            ]))
    }
}
