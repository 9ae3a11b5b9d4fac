import Foundation
import WellnessKitCore

/// ``DailyMetricsRepository`` in the store's database (either engine,
/// ``SQLEngine``), schema version 10: one row per user and date, the date
/// plain (to sort and filter on), the day's metrics sealed together in
/// `body`. A write merges into the stored day metric by metric.
public struct DailyMetricsSQLRepository: DailyMetricsRepository {
    /// The database and the users' keys the daily metrics share with the other resources.
    let store: Store

    /// Applies each day's changes over the stored day (a value replaces the
    /// metric's, nil deletes it; other metrics stay), in one transaction: a
    /// day left without metrics is deleted. Sending the same days again
    /// stores the same values.
    /// - Parameter maximumMetrics: the most metrics a stored day may hold after the write.
    /// - Throws: a validation error at `days[i]` when the day would hold more
    ///   metrics (nothing is stored then); ``AccountErased``; the database's failure.
    @discardableResult
    public func upsert(_ input: DailyMetricsInput, for userId: String, maximumMetrics: Int) async throws
        -> DailyMetricsWrite
    {
        try await store.userKeys.load(userId)
        return try await store.engine.transaction { [self] session in
            try await store.holdUser(userId, on: session)
            // Every date's merged day, applied in the order sent, then written once.
            var merged: [CalendarDate: (index: Int, values: [String: Double])] = [:]
            for (index, day) in input.days.enumerated() {
                var values: [String: Double]
                if let earlier = merged[day.date] {
                    values = earlier.values
                } else {
                    values = try await storedMetrics(day.date, for: userId, on: session)?.values ?? [:]
                }
                for (name, value) in day.changes { values[name] = value }
                guard values.count <= maximumMetrics else {
                    throw WellnessError.validation(
                        "would leave \(day.date) with \(values.count) metrics; a day holds at most \(maximumMetrics)",
                        at: FieldPath.root.appending("days").appending(index: index))
                }
                merged[day.date] = (index, values)
            }
            var write = DailyMetricsWrite(storedDays: 0, deletedDays: 0)
            for (date, day) in merged.sorted(by: { $0.key < $1.key }) {
                let key = date.description
                if day.values.isEmpty {
                    try await session.query(
                        "DELETE FROM daily_metrics WHERE user_id = ? AND date = ?", [.text(userId), .text(key)])
                    write.deletedDays += 1
                    continue
                }
                let body = try store.cipher.seal(
                    try JSONWriter.string(DailyMetrics(date: date, values: day.values).storedJSON),
                    for: Self.dailyMetricsField(userId, key))
                try await session.query(
                    """
                    INSERT INTO daily_metrics (user_id, date, body) VALUES (?, ?, ?)
                    ON CONFLICT (user_id, date) DO UPDATE SET body = excluded.body
                    """, [.text(userId), .text(key), .blob(body)])
                write.storedDays += 1
            }
            return write
        }
    }

    /// The user's days of metrics from `from` to `to` (both included), oldest first.
    public func all(for userId: String, from: CalendarDate? = nil, to: CalendarDate? = nil) async throws
        -> [DailyMetrics]
    {
        try await store.userKeys.load(userId)
        let range = Self.dateRange(from: from, to: to)
        return try await store.engine.query(
            "SELECT date, body FROM daily_metrics WHERE \(range.filter) ORDER BY date",
            [.text(userId)] + range.parameters
        ).map { try dailyMetrics(from: $0, userId: userId) }
    }

    /// One page of ``all(for:from:to:)``.
    public func list(
        for userId: String, from: CalendarDate?, to: CalendarDate?, page: Int, pageSize: Int
    ) async throws -> ([DailyMetrics], Pagination) {
        try await store.userKeys.load(userId)
        let range = Self.dateRange(from: from, to: to)
        let parameters = [SQLValue.text(userId)] + range.parameters
        // Counted over the primary key's index: a user has a row per day, a few thousand at most.
        let total = try await store.count("daily_metrics", filter: range.filter, parameters)
        return try await store.page(
            of: Store.PagedRows(
                table: "daily_metrics", columns: "date, body", filter: range.filter, parameters: parameters,
                order: "date", key: ["user_id", "date"]),
            total: total, page: page, pageSize: pageSize
        ) { try dailyMetrics(from: $0, userId: userId) }
    }

    /// Deletes the user's metrics of `date`.
    /// - Returns: false when the user has none that day.
    @discardableResult
    public func delete(_ date: CalendarDate, for userId: String) async throws -> Bool {
        try await store.engine.transaction { [self] session in
            try await store.holdUser(userId, on: session)
            return try await !session.query(
                "DELETE FROM daily_metrics WHERE user_id = ? AND date = ? RETURNING date",
                [.text(userId), .text(date.description)]
            ).isEmpty
        }
    }

    /// The stored day of `date`, read in the writing transaction.
    private func storedMetrics(_ date: CalendarDate, for userId: String, on session: any SQLSession) async throws
        -> DailyMetrics?
    {
        try await session.query(
            "SELECT date, body FROM daily_metrics WHERE user_id = ? AND date = ?",
            [.text(userId), .text(date.description)]
        ).first.map { try dailyMetrics(from: $0, userId: userId) }
    }

    /// A row of `daily_metrics` (`date`, `body`) opened.
    func dailyMetrics(from row: SQLRow, userId: String) throws -> DailyMetrics {
        let key = try row.text("date")
        guard let date = CalendarDate(parsing: Array(key.utf8)) else {
            throw WellnessError.validation("a stored date is not a date", at: .root)
        }
        let body = try store.cipher.open(try row.blob("body"), for: Self.dailyMetricsField(userId, key))
        return try DailyMetrics(date: date, stored: JSONParser.parse(body))
    }

    static func dailyMetricsField(_ userId: String, _ date: String) -> SealedField {
        SealedField(table: "daily_metrics", column: "body", row: date, user: userId)
    }

    /// The condition on `daily_metrics` (first parameter the user) for dates within the range.
    private static func dateRange(from: CalendarDate?, to: CalendarDate?) -> (filter: String, parameters: [SQLValue]) {
        Store.userRange("date", from: from.map { .text($0.description) }, to: to.map { .text($0.description) })
    }
}
