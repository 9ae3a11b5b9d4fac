import WellnessKitCore

/// Users with a chosen number of insights, for load tests (`wellness-server seed`).
public enum LoadTestData {
    /// A user holding `count` daily insights, one per day back from yesterday.
    /// - Returns: the user, its API key and the id of its newest insight (nil when `count` is 0).
    /// - Throws: when storage fails.
    public static func seed(_ store: Store, insights count: Int) async throws -> (
        id: String, apiKey: String, insightId: String?
    ) {
        let user = try await store.accounts.create(name: "Load test user")
        let batch = 1000
        for start in stride(from: 0, to: count, by: batch) {
            let insights = (start..<min(count, start + batch)).map { index in
                Store.NewInsight(
                    type: .daily, title: "Day \(index + 1) summary",
                    content: "On day \(index + 1) you logged 8,000 steps and 7.5 hours of sleep.",
                    summary: "8,000 steps", suggestions: ["Keep the same routine tomorrow"],
                    dataContext: nil, dedupeKey: "load-\(index)")
            }
            try await store.insights.add(insights, for: user.id)
        }
        var query = InsightQuery()
        query.pageSize = 1
        let newest = try await store.insights.list(for: user.id, query: query).insights.first?.id
        return (user.id, user.apiKey, newest)
    }
}
