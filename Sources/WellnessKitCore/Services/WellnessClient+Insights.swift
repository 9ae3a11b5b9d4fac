extension WellnessClient {
    /// One page of insights (seed 000's `listInsights`).
    public func listInsights(_ options: InsightListOptions) throws -> InsightsPage {
        try decodeResponse(Envelope<InsightsPage>.self, from: send("GET", "/api/v1/insights", query: options.query)).data
    }

    /// Every page from `options.page` on, up to `options.maxPages` pages.
    /// - Parameter progress: called after each page with (pages fetched, total
    ///   pages); returning false stops early.
    public func listAllInsights(_ options: InsightListOptions,
                                progress: (Int, Int) -> Bool = { _, _ in true }) throws -> [Insight] {
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
        let insight = try decodeResponse(Envelope<Insight>.self, from: send("GET", "/api/v1/insights/\(segment(id))")).data
        track(.insightAction(insightId: insight.id, action: .viewed))
        return insight
    }

    /// Applies a change (mark read, favourite, archive, unarchive) and returns the updated insight.
    public func updateInsight(id: String, _ change: UpdateInsightRequest) throws -> Insight {
        let insight = try decodeResponse(Envelope<Insight>.self,
                                         from: send("PATCH", "/api/v1/insights/\(segment(id))", body: change.json)).data
        // Only the seed's actions: favouriting and archiving (not their undoing, nor marking read).
        if change.isFavorite == true { track(.insightAction(insightId: insight.id, action: .favorited)) }
        if change.isArchived == true { track(.insightAction(insightId: insight.id, action: .archived)) }
        return insight
    }

    public func deleteInsight(id: String) throws {
        _ = try send("DELETE", "/api/v1/insights/\(segment(id))")
    }
}
