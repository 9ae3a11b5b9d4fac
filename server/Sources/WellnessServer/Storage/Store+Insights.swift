import Foundation
import WellnessKitCore

extension Store {
    /// A new insight as the generator proposes it; `dedupeKey` makes
    /// regeneration idempotent (one daily insight per day, one milestone each).
    public struct NewInsight: Sendable {
        public var type: InsightType
        public var title: String
        public var content: String
        public var summary: String?
        public var suggestions: [String]
        public var dataContext: DataContext?
        public var dedupeKey: String

        /// When the insight counts as generated: the end of the period it covers
        /// (as the nightly and weekly automation would have produced it), never later than now.
        func generatedMilliseconds(now: Int64) -> Int64 {
            guard let end = dataContext?.dateRange?.endDate else { return now }
            return min(now, end.seconds * 1000 + 1000)
        }
    }

    /// Stores the insights not stored before; returns how many were new.
    /// Idempotent across instances too: a dedupe key already stored (by anyone) is skipped.
    @discardableResult
    public func add(_ insights: [NewInsight], for userId: String) async throws -> Int {
        let now = Self.nowMilliseconds()
        let rows = try insights.map { insight -> (row: [SQLValue], bucket: String) in
            let id = Self.newId("ins")
            let seal = { (column: String, text: String) throws -> SQLValue in
                .blob(try self.cipher.seal(text, for: Self.insightField(column, id, userId)))
            }
            let generated = insight.generatedMilliseconds(now: now)
            let row: [SQLValue] = [
                .text(id), .text(userId), .text(insight.type.rawValue), try seal("title", insight.title),
                try seal("content", insight.content), try insight.summary.map { try seal("summary", $0) } ?? .null,
                try seal("suggestions", try JSONWriter.string(insight.suggestions.json)),
                try insight.dataContext.map { try seal("data_context", try JSONWriter.string($0.json)) } ?? .null,
                .integer(generated), .integer(generated), .integer(now), .text(insight.dedupeKey),
            ]
            return (row, Self.insightBucket(type: insight.type.rawValue, read: false, favorite: false, archived: false))
        }
        guard !rows.isEmpty else { return 0 }
        let added = try await engine.transaction { [self] session -> Int in
            var added: [String: Int64] = [:]
            for (row, bucket) in rows {
                let inserted = try await session.query("""
                    INSERT INTO insights (id, user_id, insight_type, title, content, summary, suggestions, data_context,
                        generated_ms, created_ms, updated_ms, dedupe_key)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING id
                    """, row)
                if !inserted.isEmpty { added[bucket, default: 0] += 1 }
            }
            guard !added.isEmpty else { return 0 }
            try await adjustCounts(.insights, added, for: userId, on: session)
            try await raiseVersion(.insights, for: userId, on: session)
            return added.values.reduce(0) { $0 + Int($1) }
        }
        if added > 0 { insightPages.forget(user: userId) }
        return added
    }

    static let insightColumns = """
        id, user_id, insight_type, title, content, summary, suggestions, data_context, is_read, is_favorite,
        is_archived, generated_ms, read_ms, archived_ms, created_ms, updated_ms
        """

    /// One page of the user's insights and the pagination object: the page
    /// through the index of its sort order, the total from ``adjustCount``'s
    /// counts, so the cost does not grow with the user's (or anyone's) data.
    public func insights(for userId: String, query: InsightQuery) async throws -> InsightsPage {
        let (rows, pagination, _) = try await pageRows(for: userId, query: query)
        return InsightsPage(insights: try await decode(rows, insight(from:)), pagination: pagination)
    }

    /// The page of ``insights(for:query:)`` with each insight already encoded
    /// as JSON (the bytes `JSONWriter` writes for `Insight.json`), for the list
    /// response: an insight read again in the same state is not built or
    /// written again (``OpenedInsightCache/Encoding``), and a page read again
    /// while the list is unchanged is not read again (``InsightPageCache``).
    public func encodedInsights(for userId: String, query: InsightQuery) async throws
        -> (insights: [[UInt8]], pagination: Pagination) {
        if let cached = insightPages.page(for: userId, query: query),
           try await cached.version == listVersion(.insights, for: userId) {
            return (cached.insights, cached.pagination)
        }
        let (rows, pagination, version) = try await pageRows(for: userId, query: query)
        let insights = try await decode(rows, encodedInsight(from:))
        if let version {
            insightPages.remember(.init(version: version, insights: insights, pagination: pagination),
                                  for: userId, query: query)
        }
        return (insights, pagination)
    }

    /// The rows of the page, its pagination object, and the list's version
    /// read with the first statement (nil for an empty first page): the page
    /// is at least as new as that version, so it may be served while the
    /// version is unchanged.
    private func pageRows(for userId: String, query: InsightQuery) async throws
        -> (rows: [[SQLValue]], pagination: Pagination, version: Int64?) {
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
        let filter = conditions.joined(separator: " AND ")
        let matching = { (bucket: String) -> Bool in
            let parts = bucket.split(separator: "|").map(String.init)
            guard parts.count == 4 else { return false }
            return (query.insightType.map { $0.rawValue == parts[0] } ?? true)
                && (query.readStatus.map { ($0 ? "1" : "0") == parts[1] } ?? true)
                && (!query.favoritesOnly || parts[2] == "1")
                && (query.archivedStatus.map { ($0 ? "1" : "0") == parts[3] } ?? true)
        }
        let direction = query.ascending ? "ASC" : "DESC"
        let order = "\(query.sortBy.column) \(direction), id \(direction)"
        let counts = Self.countsColumn(.insights, for: userId, dialect: engine.dialect)
        let version = Self.versionColumn(.insights, for: userId)
        guard let offset = Pagination.offset(page: query.page, pageSize: query.pageSize) else {
            let total = try await count(.insights, for: userId, matching: matching)
            return ([], Pagination.of(page: query.page, pageSize: query.pageSize, total: total), nil)
        }
        let total: Int
        let readVersion: Int64?
        var rows: [[SQLValue]] = []
        if offset == 0 {
            // The first page costs O(page) whatever the total: read it through
            // the index of its order, with the counts and the version in each
            // row, in one statement (one round trip). An empty first page means nothing matches.
            rows = try await engine.query("""
                SELECT \(Self.insightColumns), \(counts.sql), \(version.sql) FROM insights WHERE \(filter)
                ORDER BY \(order) LIMIT ?
                """, counts.parameters + version.parameters + parameters + [.integer(Int64(query.pageSize))])
            let trailing = rows.first?.suffix(2)
            total = Self.total(ofCounts: trailing?.first?.text ?? "", matching: matching)
            readVersion = trailing?.last?.integer
        } else {
            // A later page only when the counts say it has rows: stepping over a deep offset costs.
            let listed = try await engine.query("SELECT \(counts.sql), \(version.sql)",
                                                counts.parameters + version.parameters).first
            total = Self.total(ofCounts: listed?.first?.text ?? "", matching: matching)
            readVersion = listed?.last?.integer
            // The page's ids from the index first, so that skipped rows are never read (deferred join).
            if offset < total {
                rows = try await engine.query("""
                    SELECT \(Self.insightColumns) FROM insights WHERE id IN (
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
    private func decode<Decoded>(_ rows: [[SQLValue]], _ decodeRow: ([SQLValue]) throws -> Decoded) async throws
        -> [Decoded] {
        var decoded: [Decoded] = []
        decoded.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            if index > 0 && index % Self.rowsBetweenYields == 0 { await Task.yield() }
            decoded.append(try decodeRow(row))
        }
        return decoded
    }

    private static let rowsBetweenYields = 2

    public func insight(_ id: String, for userId: String) async throws -> Insight? {
        try await insight(id, for: userId, on: engine)
    }

    func insight(_ id: String, for userId: String, on session: any SQLSession) async throws -> Insight? {
        try await session.query("SELECT \(Self.insightColumns) FROM insights WHERE id = ? AND user_id = ?",
                                [.text(id), .text(userId)]).first.map(insight(from:))
    }

    /// Applies a PATCH: setting read stamps `read_at`, archiving stamps
    /// `archived_at` (unarchiving clears it). Nil when there is no such insight.
    public func update(_ id: String, for userId: String, with change: UpdateInsightRequest) async throws -> Insight? {
        let now = Self.nowMilliseconds()
        let forUpdate = engine.dialect.forUpdate
        let updated = try await engine.transaction { [self] session -> Insight? in
            // Locked until the end, so that concurrent changes count from each other's result.
            guard let current = try await session.query("""
                SELECT insight_type, is_read, is_favorite, is_archived FROM insights WHERE id = ? AND user_id = ?\(forUpdate)
                """, [.text(id), .text(userId)]).first, let type = current[0].text else { return nil }
            let read = change.isRead ?? current[1].bool
            let favorite = change.isFavorite ?? current[2].bool
            let archived = change.isArchived ?? current[3].bool
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
            try await session.query("UPDATE insights SET \(assignments.joined(separator: ", ")) WHERE id = ?",
                                    parameters + [.text(id)])
            let before = Self.insightBucket(type: type, read: current[1].bool, favorite: current[2].bool,
                                            archived: current[3].bool)
            let after = Self.insightBucket(type: type, read: read, favorite: favorite, archived: archived)
            try await moveCount(.insights, from: before, to: after, for: userId, on: session)
            try await raiseVersion(.insights, for: userId, on: session)
            return try await insight(id, for: userId, on: session)
        }
        if updated != nil { insightPages.forget(user: userId) }
        return updated
    }

    /// Deletes an insight; false when there was no such insight.
    public func deleteInsight(_ id: String, for userId: String) async throws -> Bool {
        let deleted = try await engine.transaction { [self] session in
            guard let row = try await session.query("""
                DELETE FROM insights WHERE id = ? AND user_id = ? RETURNING insight_type, is_read, is_favorite, is_archived
                """, [.text(id), .text(userId)]).first, let type = row[0].text else { return false }
            let bucket = Self.insightBucket(type: type, read: row[1].bool, favorite: row[2].bool, archived: row[3].bool)
            try await adjustCount(.insights, bucket, for: userId, by: -1, on: session)
            try await raiseVersion(.insights, for: userId, on: session)
            return true
        }
        if deleted {
            openedInsights.forget(id, user: userId)
            insightPages.forget(user: userId)
        }
        return deleted
    }

    static func insightBucket(type: String, read: Bool, favorite: Bool, archived: Bool) -> String {
        "\(type)|\(read ? 1 : 0)|\(favorite ? 1 : 0)|\(archived ? 1 : 0)"
    }

    static func insightField(_ column: String, _ id: String, _ userId: String) -> SealedField {
        SealedField(table: "insights", column: column, row: id, user: userId)
    }

    private func insight(from row: [SQLValue]) throws -> Insight {
        let stamp = { (value: SQLValue) in value.integer.map(Timestamp.init(milliseconds:)) }
        let id = row[0].text ?? ""
        let userId = row[1].text ?? ""
        let opened = try openedInsights.content(of: id, user: userId) ?? open(row, id: id, userId: userId)
        return Insight(
            id: id, userId: userId,
            insightType: InsightType(rawValue: row[2].text ?? "") ?? .daily,
            title: opened.title, content: opened.content, summary: opened.summary,
            suggestions: opened.suggestions, dataContext: opened.dataContext,
            isRead: row[8].bool, isFavorite: row[9].bool, isArchived: row[10].bool,
            generatedAt: stamp(row[11]) ?? Timestamp(seconds: 0), readAt: stamp(row[12]), archivedAt: stamp(row[13]),
            createdAt: stamp(row[14]) ?? Timestamp(seconds: 0), updatedAt: stamp(row[15]) ?? Timestamp(seconds: 0))
    }

    /// The insight of `row` as JSON, from memory when it was encoded in the same state.
    private func encodedInsight(from row: [SQLValue]) throws -> [UInt8] {
        let id = row[0].text ?? ""
        let userId = row[1].text ?? ""
        // What an update may change: the flags and the stamps after them.
        let state = Array(row[8...15])
        if let encoding = openedInsights.content(of: id, user: userId)?.encoding, encoding.state == state {
            return encoding.json
        }
        let json = try JSONWriter.bytes(try insight(from: row).json)
        openedInsights.remember(OpenedInsightCache.Encoding(state: state, json: json), of: id, user: userId)
        return json
    }

    /// The sealed fields of an insight row, opened, and remembered for the next read.
    private func open(_ row: [SQLValue], id: String, userId: String) throws -> OpenedInsightCache.Content {
        let openColumn = { (column: String, value: SQLValue) throws -> String? in
            try value.blob.map { try self.cipher.open($0, for: Self.insightField(column, id, userId)) }
        }
        let suggestions = try openColumn("suggestions", row[6]).map { text -> [String] in
            (try? [String](json: JSONParser.parse(text))) ?? []
        }
        let context = try openColumn("data_context", row[7]).map { try DataContext(json: JSONParser.parse($0)) }
        let opened = OpenedInsightCache.Content(
            title: try openColumn("title", row[3]) ?? "", content: try openColumn("content", row[4]) ?? "",
            summary: try openColumn("summary", row[5]), suggestions: suggestions, dataContext: context)
        openedInsights.remember(opened, of: id, user: userId)
        return opened
    }
}
