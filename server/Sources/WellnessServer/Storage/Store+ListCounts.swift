import WellnessKitCore

/// The totals of the paginated lists, kept per user, list and filter bucket in
/// `list_counts` by the same transaction that changes the rows, so that a
/// list's `total_count` costs a handful of rows, not a scan of the user's data.
extension Store {
    enum CountedList: String {
        case insights, goals, consultations
    }

    /// Adds `delta` to the count of `bucket`; a transaction changing more
    /// than one bucket uses ``adjustCounts(_:_:for:on:)``.
    func adjustCount(_ list: CountedList, _ bucket: String, for userId: String, by delta: Int64,
                     on session: any SQLSession) async throws {
        try await session.query("""
            INSERT INTO list_counts (user_id, list, bucket, n) VALUES (?, ?, ?, ?)
            ON CONFLICT (user_id, list, bucket) DO UPDATE SET n = list_counts.n + excluded.n
            """, [.text(userId), .text(list.rawValue), .text(bucket), .integer(delta)])
    }

    /// Moves one row's count from bucket `before` to bucket `after`.
    func moveCount(_ list: CountedList, from before: String, to after: String, for userId: String,
                   on session: any SQLSession) async throws {
        let deltas: [(String, Int64)] = [(before, -1), (after, 1)]
        try await adjustCounts(list, Dictionary(deltas, uniquingKeysWith: +), for: userId, on: session)
    }

    /// Adds each bucket's delta, in the buckets' order: transactions taking
    /// the same buckets' rows take them in one order, so they cannot deadlock
    /// (two updates moving rows opposite ways, each taking its old bucket
    /// first, deadlocked on PostgreSQL).
    func adjustCounts(_ list: CountedList, _ deltas: [String: Int64], for userId: String,
                      on session: any SQLSession) async throws {
        for (bucket, delta) in deltas.sorted(by: { $0.key < $1.key }) where delta != 0 {
            try await adjustCount(list, bucket, for: userId, by: delta, on: session)
        }
    }

    /// The sum of the counts of the buckets `matching` accepts.
    func count(_ list: CountedList, for userId: String, matching: (String) -> Bool) async throws -> Int {
        let counts = Self.countsColumn(list, for: userId, dialect: engine.dialect)
        let rows = try await engine.query("SELECT \(counts.sql)", counts.parameters)
        return Self.total(ofCounts: rows.first?.first?.text ?? "", matching: matching)
    }

    /// A scalar subquery of the user's counts of `list` as one text, `bucket=n`
    /// joined by commas: a column a page's statement can carry, so that a page
    /// and its total take one statement (one round trip to PostgreSQL).
    static func countsColumn(_ list: CountedList, for userId: String, dialect: SQLDialect) -> SQLStatement {
        let joined = dialect == .postgres ? "string_agg(bucket || '=' || n, ',')" : "group_concat(bucket || '=' || n, ',')"
        return SQLStatement("(SELECT \(joined) FROM list_counts WHERE user_id = ? AND list = ?)",
                            [.text(userId), .text(list.rawValue)])
    }

    /// The sum of the counts in `joined` (of ``countsColumn(_:for:dialect:)``) of the buckets `matching` accepts.
    static func total(ofCounts joined: String, matching: (String) -> Bool) -> Int {
        var total: Int64 = 0
        for entry in joined.split(separator: ",") {
            guard let equals = entry.lastIndex(of: "="), matching(String(entry[..<equals])),
                  let n = Int64(entry[entry.index(after: equals)...]) else { continue }
            let sum = total.addingReportingOverflow(max(n, 0))
            total = sum.overflow ? .max : sum.partialValue
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
