import WellnessKitCore

/// The bookkeeping of the paginated lists: totals kept per user and filter
/// bucket in the count tables, a version per user and list raised by every
/// change (``InsightPageCache``), and the in-memory caches of pages and opened
/// insights, all through ``changingLists(of:_:)``.
extension Store {
    /// Runs `body` in one transaction and applies the ``ListChange`` it
    /// returns: the counts and the lists' versions in the same transaction,
    /// the cached pages and opened insights once it has committed. Every write
    /// to a listed table goes through here.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` or the database throws; nothing is applied then.
    func changingLists<T: Sendable>(
        of userId: String,
        _ body: @escaping @Sendable (any SQLSession) async throws -> (T, ListChange)
    )
        async throws -> T
    {
        // Taken before, so that the versions raised are remembered only if no notice could be missed meanwhile.
        let ticket = listVersions.ticket
        let (result, change, versions) = try await engine.transaction { [self] session in
            try await holdUser(userId, on: session)
            let (result, change) = try await body(session)
            let versions = try await record(change, for: userId, on: session)
            return (result, change, versions)
        }
        // This instance's next read sees its own change at once; others hear the notice.
        for (list, version) in versions {
            listVersions.learn(version, of: ListVersionKey(user: userId, list: list), readAt: ticket)
        }
        forgetCached(change, of: userId)
        return result
    }

    /// Adjusts the counts and raises the versions (announcing each on
    /// PostgreSQL, ``ListVersions/raise(_:for:channel:dialect:)``).
    /// - Returns: each changed list's new version.
    private func record(_ change: ListChange, for userId: String, on session: any SQLSession) async throws
        -> [CountedList: Int64]
    {
        for (bucket, delta) in change.deltas.sorted(by: { $0.key < $1.key }) where delta != 0 {
            try await adjustCount(bucket, by: delta, for: userId, on: session)
        }
        var versions: [CountedList: Int64] = [:]
        for list in change.lists.sorted(by: { $0.rawValue < $1.rawValue }) {
            let raise = ListVersions.raise(list, for: userId, channel: Self.erasureChannel, dialect: engine.dialect)
            versions[list] = try await session.query(raise.sql, raise.parameters).first?.integer("version")
        }
        return versions
    }

    private func adjustCount(_ bucket: ListBucket, by delta: Int64, for userId: String, on session: any SQLSession)
        async throws
    {
        let names = ["user_id"] + bucket.columns.map(\.name)
        let table = bucket.list.countsTable
        try await session.query(
            """
            INSERT INTO \(table) (\(names.joined(separator: ", ")), n) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")), ?)
            ON CONFLICT (\(names.joined(separator: ", "))) DO UPDATE SET n = \(table).n + excluded.n
            """, [.text(userId)] + bucket.columns.map(\.value) + [.integer(delta)])
    }

    private func forgetCached(_ change: ListChange, of userId: String) {
        for id in change.deletedInsights { openedInsights.forget(id, user: userId) }
        if change.lists.contains(.insights) { insightPages.forget(user: userId) }
    }

    /// The number of rows of `list` that `filter` (conditions on `user_id` and
    /// the list's filtered columns, with its `parameters`) selects.
    func total(_ list: CountedList, filter: String, _ parameters: [SQLValue]) async throws -> Int {
        let total = Self.totalColumn(list, filter: filter, parameters)
        let row = try await engine.query("SELECT \(total.sql) AS total", total.parameters).first
        return Int(clamping: try row?.integer("total") ?? 0)
    }

    /// A scalar subquery of the total of `list` that `filter` selects, for a
    /// page's statement to carry, so that a page and its total take one
    /// statement (one round trip to PostgreSQL).
    static func totalColumn(_ list: CountedList, filter: String, _ parameters: [SQLValue]) -> SQLStatement {
        SQLStatement(
            "(SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM \(list.countsTable) WHERE \(filter))", parameters)
    }

    /// The current version of `userId`'s `list` (0 before its first change).
    /// On PostgreSQL while the listener is connected, the one held in memory
    /// (``ListVersions``): never older than this instance's own changes, and
    /// than another instance's once the listener has heard its notice.
    /// Otherwise read after this call began (by this call, or shared with
    /// another asking at the same time, ``SharedReads``), so never older than
    /// the last change committed before it.
    func listVersion(_ list: CountedList, for userId: String) async throws -> Int64 {
        let key = ListVersionKey(user: userId, list: list)
        if let version = listVersions.version(of: key) { return version }
        let ticket = listVersions.ticket
        let version = try await listVersionReads.value(for: key) {
            try await engine.pointQuery(
                "SELECT version FROM list_versions WHERE user_id = ? AND list = ?",
                [.text(userId), .text(list.rawValue)]
            ).first?.integer("version") ?? 0
        }
        listVersions.learn(version, of: key, readAt: ticket)
        return version
    }

    /// A scalar subquery of the version of `userId`'s `list`, for a page's
    /// statement to carry: the version the page was read at.
    static func versionColumn(_ list: CountedList, for userId: String) -> SQLStatement {
        SQLStatement(
            "COALESCE((SELECT version FROM list_versions WHERE user_id = ? AND list = ?), 0)",
            [.text(userId), .text(list.rawValue)])
    }
}

/// Whose list a version is of (``Store/listVersionReads``).
struct ListVersionKey: Hashable, Sendable {
    let user: String
    let list: CountedList
}

extension Pagination {
    static func of(page: Int, pageSize: Int, total: Int) -> Pagination {
        let totalPages = total == 0 ? 0 : (total - 1) / max(pageSize, 1) + 1
        return Pagination(
            page: page, pageSize: pageSize, totalPages: totalPages, totalCount: total,
            hasNext: page < totalPages, hasPrev: page > 1)
    }

    /// The row offset of `page`, nil when it is beyond any possible list.
    static func offset(page: Int, pageSize: Int) -> Int? {
        let offset = (page - 1).multipliedReportingOverflow(by: pageSize)
        return offset.overflow || offset.partialValue < 0 ? nil : offset.partialValue
    }
}
