/// The body of `PATCH /insights/{id}` (seed 000): only what changes.
public struct UpdateInsightRequest: Sendable, Equatable {
    public var isRead: Bool?
    public var isFavorite: Bool?
    public var isArchived: Bool?

    public init(isRead: Bool? = nil, isFavorite: Bool? = nil, isArchived: Bool? = nil) {
        self.isRead = isRead
        self.isFavorite = isFavorite
        self.isArchived = isArchived
    }
}

extension UpdateInsightRequest: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        for key in ["is_read", "is_favorite", "is_archived"] where reader.object[key] == .null {
            throw WellnessError.validation(
                "must be true or false; leave it out to keep it unchanged",
                at: reader.path(of: key))
        }
        isRead = try reader.optional("is_read")
        isFavorite = try reader.optional("is_favorite")
        isArchived = try reader.optional("is_archived")
        if isRead == nil, isFavorite == nil, isArchived == nil {
            throw WellnessError.validation("needs at least one of is_read, is_favorite, is_archived", at: path)
        }
    }

    /// Absent fields are omitted, so a PATCH changes only what it names.
    public var json: JSONValue {
        var object = JSONObject()
        if let isRead { object.append("is_read", isRead.json) }
        if let isFavorite { object.append("is_favorite", isFavorite.json) }
        if let isArchived { object.append("is_archived", isArchived.json) }
        return .object(object)
    }
}
