/// Where a page sits in a paginated list (seed 000).
public struct Pagination: Sendable, Equatable {
    public var page: Int
    public var pageSize: Int
    public var totalPages: Int
    public var totalCount: Int
    public var hasNext: Bool
    public var hasPrev: Bool

    public init(page: Int, pageSize: Int, totalPages: Int, totalCount: Int, hasNext: Bool, hasPrev: Bool) {
        self.page = page
        self.pageSize = pageSize
        self.totalPages = totalPages
        self.totalCount = totalCount
        self.hasNext = hasNext
        self.hasPrev = hasPrev
    }
}

extension Pagination: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        page = try reader.int("page", in: 1...Int.max)
        pageSize = try reader.int("page_size", in: 1...Int.max)
        totalPages = try reader.int("total_pages", in: 0...Int.max)
        totalCount = try reader.int("total_count", in: 0...Int.max)
        hasNext = try reader.required("has_next")
        hasPrev = try reader.required("has_prev")
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("page", page.json),
                ("page_size", pageSize.json),
                ("total_pages", totalPages.json),
                ("total_count", totalCount.json),
                ("has_next", hasNext.json),
                ("has_prev", hasPrev.json),
            ]))
    }
}
