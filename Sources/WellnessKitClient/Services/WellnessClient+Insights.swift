import WellnessKitCore

extension WellnessClient {
    /// One page of insights (seed 000's `listInsights`).
    /// In offline mode, from the cache when the API cannot be reached.
    public func listInsights(_ options: InsightListOptions) throws -> InsightsPage {
        try listInsightsRead(options).value
    }

    /// ``listInsights(_:)`` with the offline stamp of an answer from the cache.
    public func listInsightsRead(_ options: InsightListOptions) throws -> CachedRead<InsightsPage> {
        try readThrough(Self.cacheKey("/api/v1/insights", options.query)) {
            try decodeResponse(Envelope<InsightsPage>.self, from: send("GET", "/api/v1/insights", query: options.query))
                .data
        }
    }

    /// Every page from `options.page` on, up to `options.maxPages` pages.
    /// - Parameter progress: called after each page with (pages fetched, total
    ///   pages); returning false stops early.
    public func listAllInsights(
        _ options: InsightListOptions,
        progress: (Int, Int) -> Bool = { _, _ in true }
    ) throws -> [Insight] {
        var options = options
        var insights: [Insight] = []
        for fetched in 1...options.maxPages {
            let page = try listInsights(options)
            insights += page.insights
            guard progress(fetched, page.pagination.totalPages), page.pagination.hasNext else { break }
            options.page += 1
        }
        return insights
    }

    public func insight(id: String) throws -> Insight {
        try insightRead(id: id).value
    }

    /// ``insight(id:)`` with the offline stamp of an answer from the cache.
    public func insightRead(id: String) throws -> CachedRead<Insight> {
        let path = "/api/v1/insights/\(try segment(id))"
        let read = try readThrough(path) { try decodeResponse(Envelope<Insight>.self, from: send("GET", path)).data }
        track(.insightAction(insightId: read.value.id, action: .viewed))
        return read
    }

    /// ``updateInsight(id:_:)``, queued when the API cannot be reached (offline
    /// mode), the change applied at once to the cached insight and cached pages.
    public func updateInsightOrQueue(id: String, _ change: UpdateInsightRequest) throws -> WriteOutcome<Insight> {
        let path = "/api/v1/insights/\(try segment(id))"
        let outcome = try sendOrQueue(
            operation: "update_insight", method: "PATCH", path: path, body: change.json,
            optimistic: Self.insightEdit(id: id, path: path, change: change),
            optimisticKey: path, optimisticId: id
        ) {
            try decodeResponse(Envelope<Insight>.self, from: $0).data
        }
        if case .sent(let insight) = outcome {
            if change.isFavorite == true { track(.insightAction(insightId: insight.id, action: .favorited)) }
            if change.isArchived == true { track(.insightAction(insightId: insight.id, action: .archived)) }
            if let context = try? offlineContext() {
                try? context.store.cachePut(insight.json, key: path, scope: context.scope)
            }
        }
        return outcome
    }

    /// ``deleteInsight(id:)``, queued when the API cannot be reached (offline
    /// mode), the insight removed at once from the cache.
    public func deleteInsightOrQueue(id: String) throws -> WriteOutcome<Bool> {
        let path = "/api/v1/insights/\(try segment(id))"
        return try sendOrQueue(
            operation: "delete_insight", method: "DELETE", path: path, body: nil,
            optimistic: Self.insightEdit(id: id, path: path, change: nil)
        ) { _ in true }
    }

    /// The optimistic change to the cache: the insight itself and its entry in
    /// every cached page, patched with `change`, or removed when it is nil (delete).
    static func insightEdit(id: String, path: String, change: UpdateInsightRequest?) -> LocalStore.OptimisticEdit {
        .object(id: id, path: path, listPrefix: insightsKeyPrefix, listMember: "insights") { insight in
            guard let change else { return nil }
            guard case .object(let object) = insight else { return insight }
            let values: [String: Bool?] = [
                "is_read": change.isRead, "is_favorite": change.isFavorite,
                "is_archived": change.isArchived,
            ]
            return .object(
                JSONObject(
                    object.members.map { member in
                        if let value = values[member.key], let value { return (member.key, .bool(value)) }
                        return (member.key, member.value)
                    }))
        }
    }

    /// Applies a change (mark read, favourite, archive, unarchive) and returns the updated insight.
    public func updateInsight(id: String, _ change: UpdateInsightRequest) throws -> Insight {
        let insight = try decodeResponse(
            Envelope<Insight>.self,
            from: send("PATCH", "/api/v1/insights/\(segment(id))", body: change.json)
        ).data
        // Only the seed's actions: favouriting and archiving (not their undoing, nor marking read).
        if change.isFavorite == true { track(.insightAction(insightId: insight.id, action: .favorited)) }
        if change.isArchived == true { track(.insightAction(insightId: insight.id, action: .archived)) }
        return insight
    }

    public func deleteInsight(id: String) throws {
        _ = try send("DELETE", "/api/v1/insights/\(segment(id))")
    }
}
