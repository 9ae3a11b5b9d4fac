import WellnessKitCore

/// The user's daily metrics: what the daily-metrics routes and the coach
/// need of storage, whatever keeps them (``DailyMetricsSQLRepository`` in the
/// server's database). Every method is scoped to one user.
public protocol DailyMetricsRepository: Sendable {
    /// Applies each day's changes over the stored day (a value replaces the
    /// metric's, nil deletes it; other metrics stay), all or nothing.
    /// - Parameter maximumMetrics: the most metrics a stored day may hold after the write.
    /// - Throws: a validation error at `days[i]` when the day would hold more metrics.
    @discardableResult
    func upsert(_ input: DailyMetricsInput, for userId: String, maximumMetrics: Int) async throws
        -> DailyMetricsWrite
    /// The user's days of metrics from `from` to `to` (both included, nil: unbounded), oldest first.
    func all(for userId: String, from: CalendarDate?, to: CalendarDate?) async throws -> [DailyMetrics]
    /// One page of ``all(for:from:to:)``.
    func list(for userId: String, from: CalendarDate?, to: CalendarDate?, page: Int, pageSize: Int) async throws
        -> ([DailyMetrics], Pagination)
    /// Deletes the user's metrics of `date`.
    /// - Returns: false when the user has none that day.
    @discardableResult
    func delete(_ date: CalendarDate, for userId: String) async throws -> Bool
}
