import WellnessKitCore

/// The filters, sort and page of a list-insights call (seed 000's `listInsights`).
public struct InsightListOptions: Sendable, JSONDecodable {
    public var insightType: InsightType?
    public var readStatus: Bool?
    public var favoritesOnly = false
    /// The seed lists unarchived insights unless told otherwise.
    public var archivedStatus: Bool? = false
    public var sortBy = "created_at"
    public var sortOrder = "desc"
    public var page = 1
    public var pageSize = 20
    /// For iterating all pages: the most pages to fetch.
    public var maxPages = 100

    public init() {}

    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys([
            "insight_type", "read_status", "favorites_only", "archived_status", "sort_by",
            "sort_order", "page", "page_size", "max_pages",
        ])
        insightType = try reader.optional("insight_type")
        readStatus = try reader.optional("read_status")
        favoritesOnly = try reader.optional("favorites_only") ?? false
        archivedStatus =
            reader.object["archived_status"] == .null ? nil : try reader.optional("archived_status") ?? false
        sortBy = try reader.optional("sort_by") ?? "created_at"
        sortOrder = try reader.optional("sort_order") ?? "desc"
        page = try reader.optionalInt("page", in: 1...1_000_000) ?? 1
        pageSize = try reader.optionalInt("page_size", in: 1...100) ?? 20
        maxPages = try reader.optionalInt("max_pages", in: 1...10_000) ?? 100
    }

    var query: [(String, String)] {
        var items: [(String, String)] = [
            ("sort_by", sortBy), ("sort_order", sortOrder), ("page", String(page)),
            ("page_size", String(pageSize)),
        ]
        if let insightType { items.append(("insight_type", insightType.rawValue)) }
        if let readStatus { items.append(("read_status", String(readStatus))) }
        if favoritesOnly { items.append(("favorites_only", "true")) }
        if let archivedStatus { items.append(("archived_status", String(archivedStatus))) }
        return items
    }
}
