import NIOCore
import WellnessKitCore

/// ``InsightRepository`` in the store's database (either engine,
/// ``SQLEngine``). The statements, the list's count table and version, and
/// the caches of opened insights and pages are the store's
/// (`Store+Insights.swift`, `Store+Lists.swift`): this hands each call on.
public struct InsightSQLRepository: InsightRepository {
    /// Where the insights are read and written.
    let store: Store

    @discardableResult
    public func add(_ insights: [Store.NewInsight], for userId: String) async throws -> Int {
        try await store.add(insights, for: userId)
    }

    public func get(_ id: String, for userId: String) async throws -> Insight? {
        try await store.insight(id, for: userId)
    }

    public func list(for userId: String, query: InsightQuery) async throws -> InsightsPage {
        try await store.insights(for: userId, query: query)
    }

    public func listBody(
        for userId: String, query: InsightQuery, body: @escaping ([[UInt8]], Pagination) throws -> ByteBuffer
    ) async throws -> ByteBuffer {
        try await store.insightsBody(for: userId, query: query, body: body)
    }

    public func update(_ id: String, for userId: String, with change: UpdateInsightRequest) async throws -> Insight? {
        try await store.update(id, for: userId, with: change)
    }

    public func delete(_ id: String, for userId: String) async throws -> Bool {
        try await store.deleteInsight(id, for: userId)
    }
}
