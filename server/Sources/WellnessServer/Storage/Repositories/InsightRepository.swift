import NIOCore
import WellnessKitCore

/// The user's insights: what the insight routes, the goal suggestions and
/// the coach need of storage, whatever keeps them (``InsightSQLRepository``
/// in the server's database). Every method is scoped to one user.
public protocol InsightRepository: Sendable {
    /// Stores the insights not stored before (by dedupe key); returns how many were new.
    @discardableResult
    func add(_ insights: [Store.NewInsight], for userId: String) async throws -> Int
    /// The user's insight of this id; nil when the user has none.
    func get(_ id: String, for userId: String) async throws -> Insight?
    /// One page of the user's insights and its pagination object.
    func list(for userId: String, query: InsightQuery) async throws -> InsightsPage
    /// The list response's body for the page ``list(for:query:)`` reads,
    /// written by `body` from the encoded insights and the pagination object
    /// (or served again as written before while the list is unchanged).
    func listBody(
        for userId: String, query: InsightQuery, body: @escaping ([[UInt8]], Pagination) throws -> ByteBuffer
    ) async throws -> ByteBuffer
    /// Marks the insight read, favourite or archived (or not).
    /// - Returns: the insight after, nil when the user has no such insight.
    func update(_ id: String, for userId: String, with change: UpdateInsightRequest) async throws -> Insight?
    /// Deletes the user's insight of this id.
    /// - Returns: false when the user has none.
    func delete(_ id: String, for userId: String) async throws -> Bool
}
