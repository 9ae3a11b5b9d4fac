import Foundation
import NIOCore
import WellnessKitCore

/// ``InsightRepository`` in the store's database (either engine,
/// ``SQLEngine``): each insight's text sealed per field, its state plain
/// for the list's filters and order, every write through
/// ``Store/changingLists(of:_:)`` so that the counts and list versions
/// follow. Opened fields and encoded insights are kept in the store's
/// ``Store/openedInsights``, encoded pages in ``Store/insightPages``.
public struct InsightSQLRepository: InsightRepository {
    /// The database, the users' keys, caches and the lists' bookkeeping the insights share with the other resources.
    let store: Store

    /// Stores the insights not stored before; returns how many were new.
    /// Idempotent across instances too: a dedupe key already stored (by anyone) is skipped.
    @discardableResult
    public func add(_ insights: [Store.NewInsight], for userId: String) async throws -> Int {
        try await store.userKeys.load(userId)
        let now = store.clock()
        let rows = try insights.map { insight -> (row: [SQLValue], bucket: ListBucket) in
            let id = Store.newId("ins")
            let seal = { (column: String, text: String) throws -> SQLValue in
                .blob(try store.cipher.seal(text, for: Self.insightField(column, id, userId)))
            }
            let generated = insight.generatedMilliseconds(now: now)
            let row: [SQLValue] = [
                .text(id), .text(userId), .text(insight.type.rawValue), try seal("title", insight.title),
                try seal("content", insight.content), try insight.summary.map { try seal("summary", $0) } ?? .null,
                try seal("suggestions", try JSONWriter.string(insight.suggestions.json)),
                try insight.dataContext.map { try seal("data_context", try JSONWriter.string($0.json)) } ?? .null,
                .integer(generated), .integer(generated), .integer(now), .text(insight.dedupeKey),
            ]
            return (row, .insight(type: insight.type.rawValue, read: false, favorite: false, archived: false))
        }
        guard !rows.isEmpty else { return 0 }
        return try await store.changingLists(of: userId) { session in
            var change = ListChange()
            var added = 0
            for (row, bucket) in rows {
                let inserted = try await session.query(
                    """
                    INSERT INTO insights (id, user_id, insight_type, title, content, summary, suggestions, data_context,
                        generated_ms, created_ms, updated_ms, dedupe_key)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING id
                    """, row)
                if !inserted.isEmpty {
                    change.added(bucket)
                    added += 1
                }
            }
            return (added, change)
        }
    }

    static let columns = """
        id, user_id, insight_type, title, content, summary, suggestions, data_context, is_read, is_favorite,
        is_archived, generated_ms, read_ms, archived_ms, created_ms, updated_ms
        """

    /// One page of the user's insights and the pagination object: the page
    /// through the index of its sort order, the total from `insight_counts`,
    /// so the cost does not grow with the user's (or anyone's) data.
    public func list(for userId: String, query: InsightQuery) async throws -> InsightsPage {
        try await store.userKeys.load(userId)
        let (rows, pagination, _) = try await pageRows(for: userId, query: query)
        return InsightsPage(insights: try await decode(rows) { try insight(from: $0) }, pagination: pagination)
    }

    /// The page of ``list(for:query:)`` with each insight already encoded
    /// as JSON (the bytes `JSONWriter` writes for `Insight.json`), for the list
    /// response: an insight read again in the same state is not built or
    /// written again (``OpenedInsightCache/Encoding``), and a page read again
    /// while the list is unchanged is not read again (``InsightPageCache``).
    public func encodedInsights(for userId: String, query: InsightQuery) async throws
        -> (insights: [[UInt8]], pagination: Pagination)
    {
        let page = try await encodedPage(for: userId, query: query, body: nil)
        return (page.insights, page.pagination)
    }

    /// The list response's body for the page ``encodedInsights(for:query:)``
    /// reads, written by `body` from the encoded insights and the pagination
    /// object: while the user's list is unchanged, the body written the first
    /// time is served again, the same buffer (shared, not copied), after one
    /// single-row lookup of the list's version.
    public func listBody(
        for userId: String, query: InsightQuery, body: @escaping ([[UInt8]], Pagination) throws -> ByteBuffer
    ) async throws -> ByteBuffer {
        let page = try await encodedPage(for: userId, query: query, body: body)
        return try page.body ?? body(page.insights, page.pagination)
    }

    /// The page from the store's ``Store/insightPages`` when its version is current (and it has
    /// a body when one is asked for), otherwise read, encoded and remembered.
    private func encodedPage(
        for userId: String, query: InsightQuery, body: (([[UInt8]], Pagination) throws -> ByteBuffer)?
    ) async throws -> InsightPageCache.Page {
        try await store.userKeys.load(userId)
        if let cached = store.insightPages.page(for: userId, query: query), body == nil || cached.body != nil,
            try await cached.version == store.listVersion(.insights, for: userId)
        {
            return cached
        }
        let (rows, pagination, version) = try await pageRows(for: userId, query: query)
        let insights = try await decode(rows, encodedInsight(from:))
        let page = InsightPageCache.Page(
            version: version ?? 0, insights: insights, pagination: pagination,
            body: try body.map { try $0(insights, pagination) })
        if version != nil { store.insightPages.remember(page, for: userId, query: query) }
        return page
    }

    /// The rows of the page, its pagination object, and the list's version
    /// read with the first statement (nil for an empty first page): the page
    /// is at least as new as that version, so it may be served while the
    /// version is unchanged.
    private func pageRows(for userId: String, query: InsightQuery) async throws
        -> (rows: [SQLRow], pagination: Pagination, version: Int64?)
    {
        var conditions = ["user_id = ?"]
        var parameters: [SQLValue] = [.text(userId)]
        if let archived = query.archivedStatus {
            conditions.append("is_archived = ?")
            parameters.append(.init(archived))
        }
        if let type = query.insightType {
            conditions.append("insight_type = ?")
            parameters.append(.text(type.rawValue))
        }
        if let read = query.readStatus {
            conditions.append("is_read = ?")
            parameters.append(.init(read))
        }
        if query.favoritesOnly { conditions.append("is_favorite = 1") }
        // The filtered columns have the same names in `insight_counts`, so the filter selects the total too.
        let filter = conditions.joined(separator: " AND ")
        let direction = query.ascending ? "ASC" : "DESC"
        let order = "\(query.sortBy.column) \(direction), id \(direction)"
        let counted = Store.totalColumn(.insights, filter: filter, parameters)
        let version = Store.versionColumn(.insights, for: userId)
        guard let offset = Pagination.offset(page: query.page, pageSize: query.pageSize) else {
            let total = try await store.total(.insights, filter: filter, parameters)
            return ([], Pagination.of(page: query.page, pageSize: query.pageSize, total: total), nil)
        }
        let total: Int
        let readVersion: Int64?
        var rows: [SQLRow] = []
        if offset == 0 {
            // The first page costs O(page) whatever the total: read it through
            // the index of its order, with the counts and the version in each
            // row, in one statement (one round trip). An empty first page means nothing matches.
            rows = try await store.engine.query(
                """
                SELECT \(Self.columns), \(counted.sql) AS list_total, \(version.sql) AS list_version
                FROM insights WHERE \(filter) ORDER BY \(order) LIMIT ?
                """, counted.parameters + version.parameters + parameters + [.integer(Int64(query.pageSize))])
            total = Int(clamping: try rows.first?.integer("list_total") ?? 0)
            readVersion = try rows.first?.integer("list_version")
        } else {
            // A later page only when the counts say it has rows: stepping over a deep offset costs.
            let listed = try await store.engine.query(
                "SELECT \(counted.sql) AS list_total, \(version.sql) AS list_version",
                counted.parameters + version.parameters
            ).first
            total = Int(clamping: try listed?.integer("list_total") ?? 0)
            readVersion = try listed?.integer("list_version")
            // The page's ids from the index first, so that skipped rows are never read (deferred join).
            if offset < total {
                rows = try await store.engine.query(
                    """
                    SELECT \(Self.columns) FROM insights WHERE id IN (
                        SELECT id FROM insights WHERE \(filter) ORDER BY \(order) LIMIT ? OFFSET ?)
                    ORDER BY \(order)
                    """, parameters + [.integer(Int64(query.pageSize)), .integer(Int64(offset))])
            }
        }
        return (rows, Pagination.of(page: query.page, pageSize: query.pageSize, total: total), readVersion)
    }

    /// The insights of `rows`, yielding to other tasks every few rows: a page
    /// may open up to 500 sealed fields, and each yield puts this request
    /// behind the requests waiting for a core, so that another user's request
    /// does not wait for the whole page (the noisy neighbour).
    private func decode<Decoded>(_ rows: [SQLRow], _ decodeRow: (SQLRow) throws -> Decoded) async throws
        -> [Decoded]
    {
        var decoded: [Decoded] = []
        decoded.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            if index > 0 && index % Self.rowsBetweenYields == 0 { await Task.yield() }
            decoded.append(try decodeRow(row))
        }
        return decoded
    }

    private static let rowsBetweenYields = 2

    public func get(_ id: String, for userId: String) async throws -> Insight? {
        try await store.userKeys.load(userId)
        return try await insight(id, for: userId, on: store.engine)
    }

    func insight(_ id: String, for userId: String, on session: any SQLSession) async throws -> Insight? {
        try await session.query(
            "SELECT \(Self.columns) FROM insights WHERE id = ? AND user_id = ?",
            [.text(id), .text(userId)]
        ).first.map { try insight(from: $0) }
    }

    /// Applies a PATCH: setting read stamps `read_at`, archiving stamps
    /// `archived_at` (unarchiving clears it). Nil when there is no such insight.
    public func update(_ id: String, for userId: String, with change: UpdateInsightRequest) async throws -> Insight? {
        try await store.userKeys.load(userId)
        let now = store.clock()
        let forUpdate = store.engine.dialect.forUpdate
        return try await store.changingLists(of: userId) { [self] session -> (Insight?, ListChange) in
            // Locked until the end, so that concurrent changes count from each other's result.
            guard
                let current = try await session.query(
                    """
                    SELECT insight_type, is_read, is_favorite, is_archived FROM insights WHERE id = ? AND user_id = ?\(forUpdate)
                    """, [.text(id), .text(userId)]
                ).first
            else { return (nil, ListChange()) }
            let type = try current.text("insight_type")
            let read = try change.isRead ?? current.bool("is_read")
            let favorite = try change.isFavorite ?? current.bool("is_favorite")
            let archived = try change.isArchived ?? current.bool("is_archived")
            var assignments = ["is_read = ?", "is_favorite = ?", "is_archived = ?", "updated_ms = ?"]
            var parameters: [SQLValue] = [.init(read), .init(favorite), .init(archived), .integer(now)]
            if read {
                assignments.append("read_ms = COALESCE(read_ms, ?)")
                parameters.append(.integer(now))
            } else {
                assignments.append("read_ms = NULL")
            }
            if archived {
                assignments.append("archived_ms = COALESCE(archived_ms, ?)")
                parameters.append(.integer(now))
            } else {
                assignments.append("archived_ms = NULL")
            }
            try await session.query(
                "UPDATE insights SET \(assignments.joined(separator: ", ")) WHERE id = ?",
                parameters + [.text(id)])
            var moved = ListChange()
            moved.moved(
                from: try .insight(of: current),
                to: .insight(type: type, read: read, favorite: favorite, archived: archived))
            return (try await insight(id, for: userId, on: session), moved)
        }
    }

    /// Deletes an insight; false when there was no such insight.
    public func delete(_ id: String, for userId: String) async throws -> Bool {
        try await store.changingLists(of: userId) { session in
            var change = ListChange()
            guard
                let row = try await session.query(
                    """
                    DELETE FROM insights WHERE id = ? AND user_id = ? RETURNING insight_type, is_read, is_favorite, is_archived
                    """, [.text(id), .text(userId)]
                ).first
            else { return (false, change) }
            change.removed(try .insight(of: row), insight: id)
            return (true, change)
        }
    }

    static func insightField(_ column: String, _ id: String, _ userId: String) -> SealedField {
        SealedField(table: "insights", column: column, row: id, user: userId)
    }

    /// - Parameter remembering: whether opened fields are kept in the store's ``Store/openedInsights``
    ///   (an export reads every insight once, and must not push out what requests read).
    func insight(from row: SQLRow, remembering: Bool = true) throws -> Insight {
        let stamp = { (column: String) in Timestamp(milliseconds: try row.integer(column)) }
        let optionalStamp = { (column: String) in try row.optionalInteger(column).map(Timestamp.init(milliseconds:)) }
        let id = try row.text("id")
        let userId = try row.text("user_id")
        let type = try row.text("insight_type")
        guard let insightType = InsightType(rawValue: type) else {
            throw SQLColumnError.invalid("insight_type", holds: type, expected: "an insight type")
        }
        let opened =
            try store.openedInsights.content(of: id, user: userId)
            ?? open(row, id: id, userId: userId, remembering: remembering)
        return Insight(
            id: id, userId: userId, insightType: insightType,
            title: opened.title, content: opened.content, summary: opened.summary,
            suggestions: opened.suggestions, dataContext: opened.dataContext,
            isRead: try row.bool("is_read"), isFavorite: try row.bool("is_favorite"),
            isArchived: try row.bool("is_archived"),
            generatedAt: try stamp("generated_ms"), readAt: try optionalStamp("read_ms"),
            archivedAt: try optionalStamp("archived_ms"), createdAt: try stamp("created_ms"),
            updatedAt: try stamp("updated_ms"))
    }

    /// The columns an update may change: an insight encoded while they had
    /// these values is still encoded the same.
    private static let changingColumns = [
        "is_read", "is_favorite", "is_archived", "generated_ms", "read_ms", "archived_ms", "created_ms", "updated_ms",
    ]

    /// The insight of `row` as JSON, from memory when it was encoded in the same state.
    private func encodedInsight(from row: SQLRow) throws -> [UInt8] {
        let id = try row.text("id")
        let userId = try row.text("user_id")
        let state = try Self.changingColumns.map(row.value)
        if let encoding = store.openedInsights.content(of: id, user: userId)?.encoding, encoding.state == state {
            return encoding.json
        }
        let json = try JSONWriter.bytes(try insight(from: row).json)
        store.openedInsights.remember(OpenedInsightCache.Encoding(state: state, json: json), of: id, user: userId)
        return json
    }

    /// The sealed fields of an insight row, opened, and remembered for the next read.
    private func open(_ row: SQLRow, id: String, userId: String, remembering: Bool = true) throws
        -> OpenedInsightCache.Content
    {
        let openColumn = { (column: String) throws -> String? in
            try row.optionalBlob(column).map { try store.cipher.open($0, for: Self.insightField(column, id, userId)) }
        }
        let required = { (column: String) throws -> String in
            try store.cipher.open(try row.blob(column), for: Self.insightField(column, id, userId))
        }
        let suggestions = try openColumn("suggestions").map { text -> [String] in
            (try? [String](json: JSONParser.parse(text))) ?? []
        }
        let context = try openColumn("data_context").map { try DataContext(json: JSONParser.parse($0)) }
        let opened = OpenedInsightCache.Content(
            title: try required("title"), content: try required("content"),
            summary: try openColumn("summary"), suggestions: suggestions, dataContext: context)
        if remembering { store.openedInsights.remember(opened, of: id, user: userId) }
        return opened
    }
}
