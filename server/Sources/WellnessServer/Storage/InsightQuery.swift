import WellnessKitCore

/// The filters, sort and page of `GET /api/v1/insights` (seed 000).
public struct InsightQuery: Sendable, Hashable {
    public enum SortField: String, CaseIterable, Sendable {
        case createdAt = "created_at"
        case generatedAt = "generated_at"
        case updatedAt = "updated_at"

        var column: String {
            switch self {
            case .createdAt: return "created_ms"
            case .generatedAt: return "generated_ms"
            case .updatedAt: return "updated_ms"
            }
        }
    }

    public var insightType: InsightType?
    /// true: read only; false: unread only; nil: both.
    public var readStatus: Bool?
    public var favoritesOnly = false
    /// false (the default): not archived; true: archived only; nil: both.
    public var archivedStatus: Bool? = false
    public var sortBy: SortField = .createdAt
    public var ascending = false
    public var page = 1
    public var pageSize = 20
    public static let maximumPageSize = 100

    public init() {}
}
