import WellnessKitCore

/// The totals of the paginated lists, kept per user, list and filter bucket in
/// `list_counts` by the same transaction that changes the rows, so that a
/// list's `total_count` costs a handful of rows, not a scan of the user's data.
extension Store {
    enum CountedList: String {
        case insights, goals, consultations
    }

    /// Adds `delta` to the count of `bucket`.
    func adjustCount(_ list: CountedList, _ bucket: String, for userId: String, by delta: Int64,
                     on session: any SQLSession) async throws {
        try await session.query("""
            INSERT INTO list_counts (user_id, list, bucket, n) VALUES (?, ?, ?, ?)
            ON CONFLICT (user_id, list, bucket) DO UPDATE SET n = list_counts.n + excluded.n
            """, [.text(userId), .text(list.rawValue), .text(bucket), .integer(delta)])
    }

    /// The sum of the counts of the buckets `matching` accepts.
    func count(_ list: CountedList, for userId: String, matching: (String) -> Bool) async throws -> Int {
        let statement = Self.countsStatement(list, for: userId)
        return Self.total(of: try await engine.query(statement.sql, statement.parameters), matching: matching)
    }

    /// The statement that reads the user's counts of `list`, one row per bucket.
    static func countsStatement(_ list: CountedList, for userId: String) -> SQLStatement {
        SQLStatement("SELECT bucket, n FROM list_counts WHERE user_id = ? AND list = ?", [.text(userId), .text(list.rawValue)])
    }

    /// The sum of the counts in `rows` (of ``countsStatement(_:for:)``) of the buckets `matching` accepts.
    static func total(of rows: [[SQLValue]], matching: (String) -> Bool) -> Int {
        var total: Int64 = 0
        for row in rows where row[0].text.map(matching) ?? false {
            total = total.addingReportingOverflow(max(row[1].integer ?? 0, 0)).partialValue
        }
        return Int(clamping: total)
    }
}

extension Pagination {
    static func of(page: Int, pageSize: Int, total: Int) -> Pagination {
        let totalPages = total == 0 ? 0 : (total - 1) / max(pageSize, 1) + 1
        return Pagination(page: page, pageSize: pageSize, totalPages: totalPages, totalCount: total,
                          hasNext: page < totalPages, hasPrev: page > 1)
    }

    /// The row offset of `page`, nil when it is beyond any possible list.
    static func offset(page: Int, pageSize: Int) -> Int? {
        let offset = (page - 1).multipliedReportingOverflow(by: pageSize)
        return offset.overflow || offset.partialValue < 0 ? nil : offset.partialValue
    }
}
