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
    @discardableResult
    public func add(_ insights: [NewInsight], for userId: String) throws -> Int {
        let now = Self.nowMilliseconds()
        return try database.transaction {
            var added = 0
            for insight in insights {
                let exists = try database.query("SELECT 1 FROM insights WHERE user_id = ? AND dedupe_key = ?",
                                                [.text(userId), .text(insight.dedupeKey)])
                if !exists.isEmpty { continue }
                let suggestions = try JSONWriter.string(insight.suggestions.json)
                try database.query("""
                    INSERT INTO insights (id, user_id, insight_type, title, content, summary, suggestions, data_context,
                        generated_ms, created_ms, updated_ms, dedupe_key)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.text(Self.newId("ins")), .text(userId), .text(insight.type.rawValue),
                          .blob(try cipher.seal(insight.title)), .blob(try cipher.seal(insight.content)),
                          try insight.summary.map { .blob(try cipher.seal($0)) } ?? .null,
                          .blob(try cipher.seal(suggestions)),
                          .init(insight.dataContext.map { try JSONWriter.string($0.json) }),
                          .integer(insight.generatedMilliseconds(now: now)), .integer(insight.generatedMilliseconds(now: now)),
                          .integer(now), .text(insight.dedupeKey)])
                added += 1
            }
            return added
        }
    }

    private static let insightColumns = """
        id, user_id, insight_type, title, content, summary, suggestions, data_context, is_read, is_favorite,
        is_archived, generated_ms, read_ms, archived_ms, created_ms, updated_ms
        """

    /// One page of the user's insights and the pagination object.
    public func insights(for userId: String, query: InsightQuery) throws -> InsightsPage {
        var conditions = ["user_id = ?"]
        var parameters: [Database.Value] = [.text(userId)]
        if let type = query.insightType {
            conditions.append("insight_type = ?")
            parameters.append(.text(type.rawValue))
        }
        if let read = query.readStatus {
            conditions.append("is_read = ?")
            parameters.append(.init(read))
        }
        if query.favoritesOnly { conditions.append("is_favorite = 1") }
        if let archived = query.archivedStatus {
            conditions.append("is_archived = ?")
            parameters.append(.init(archived))
        }
        let filter = conditions.joined(separator: " AND ")
        let total = Int(try database.query("SELECT COUNT(*) FROM insights WHERE \(filter)", parameters)
            .first?.first?.integer ?? 0)
        let order = "\(query.sortBy.column) \(query.ascending ? "ASC" : "DESC"), id \(query.ascending ? "ASC" : "DESC")"
        let offset = (query.page - 1).multipliedReportingOverflow(by: query.pageSize)
        let rows = offset.overflow ? [] : try database.query(
            "SELECT \(Self.insightColumns) FROM insights WHERE \(filter) ORDER BY \(order) LIMIT ? OFFSET ?",
            parameters + [.integer(Int64(query.pageSize)), .integer(Int64(offset.partialValue))])
        let totalPages = (total + query.pageSize - 1) / query.pageSize
        return InsightsPage(
            insights: try rows.map(insight(from:)),
            pagination: Pagination(page: query.page, pageSize: query.pageSize, totalPages: totalPages,
                                   totalCount: total, hasNext: query.page < totalPages, hasPrev: query.page > 1))
    }

    public func insight(_ id: String, for userId: String) throws -> Insight? {
        try database.query("SELECT \(Self.insightColumns) FROM insights WHERE id = ? AND user_id = ?",
                           [.text(id), .text(userId)]).first.map(insight(from:))
    }

    /// Applies a PATCH: setting read stamps `read_at`, archiving stamps
    /// `archived_at` (unarchiving clears it). Nil when there is no such insight.
    public func update(_ id: String, for userId: String, with change: UpdateInsightRequest) throws -> Insight? {
        let now = Self.nowMilliseconds()
        return try database.transaction {
            guard try insight(id, for: userId) != nil else { return nil }
            if let read = change.isRead {
                try database.query("""
                    UPDATE insights SET is_read = ?, read_ms = CASE WHEN ? THEN COALESCE(read_ms, ?) ELSE NULL END
                    WHERE id = ?
                    """, [.init(read), .init(read), .integer(now), .text(id)])
            }
            if let favorite = change.isFavorite {
                try database.query("UPDATE insights SET is_favorite = ? WHERE id = ?", [.init(favorite), .text(id)])
            }
            if let archived = change.isArchived {
                try database.query("""
                    UPDATE insights SET is_archived = ?, archived_ms = CASE WHEN ? THEN COALESCE(archived_ms, ?) ELSE NULL END
                    WHERE id = ?
                    """, [.init(archived), .init(archived), .integer(now), .text(id)])
            }
            try database.query("UPDATE insights SET updated_ms = ? WHERE id = ?", [.integer(now), .text(id)])
            return try insight(id, for: userId)
        }
    }

    /// Deletes an insight; false when there was no such insight.
    public func deleteInsight(_ id: String, for userId: String) throws -> Bool {
        try database.transaction {
            guard try insight(id, for: userId) != nil else { return false }
            try database.query("DELETE FROM insights WHERE id = ? AND user_id = ?", [.text(id), .text(userId)])
            return true
        }
    }

    private func insight(from row: [Database.Value]) throws -> Insight {
        let stamp = { (value: Database.Value) in value.integer.map(Timestamp.init(milliseconds:)) }
        let suggestions = try row[6].blob.map { try cipher.open($0) }.map { text -> [String] in
            (try? [String](json: JSONParser.parse(text))) ?? []
        }
        let context = try row[7].text.map { try DataContext(json: JSONParser.parse($0)) }
        return Insight(
            id: row[0].text ?? "", userId: row[1].text ?? "",
            insightType: InsightType(rawValue: row[2].text ?? "") ?? .daily,
            title: try cipher.open(row[3].blob ?? []), content: try cipher.open(row[4].blob ?? []),
            summary: try row[5].blob.map { try cipher.open($0) }, suggestions: suggestions, dataContext: context,
            isRead: row[8].bool, isFavorite: row[9].bool, isArchived: row[10].bool,
            generatedAt: stamp(row[11]) ?? Timestamp(seconds: 0), readAt: stamp(row[12]), archivedAt: stamp(row[13]),
            createdAt: stamp(row[14]) ?? Timestamp(seconds: 0), updatedAt: stamp(row[15]) ?? Timestamp(seconds: 0))
    }
}
