/// What a daily-metrics write did (``DailyMetricsRepository/upsert(_:for:maximumMetrics:)``).
public struct DailyMetricsWrite: Sendable, Equatable {
    /// Days that hold metrics after the write.
    public var storedDays: Int
    /// Days the write left without any metric (their rows deleted).
    public var deletedDays: Int
}
