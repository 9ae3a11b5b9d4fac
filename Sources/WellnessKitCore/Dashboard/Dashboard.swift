/// Seed 004's AI overview (AIDataManager, the AI Feature Cards and the
/// widget): recent unread insights, active goals and active consultations,
/// each loaded on its own, so one failing section leaves the others.
public struct Dashboard: Sendable {
    /// Unread, unarchived insights, newest first (at most 5).
    public var insights: Result<InsightsPage, WellnessError>
    /// Active goals (at most 10).
    public var goals: Result<GoalsPage, WellnessError>
    /// Unarchived consultations (at most 5).
    public var consultations: Result<ConsultationsPage, WellnessError>
    /// When the sections were loaded.
    public var loadedAt: Timestamp
    /// The deep-link scheme of the cards' and widget's links.
    public var scheme: String

    package init(
        insights: Result<InsightsPage, WellnessError>, goals: Result<GoalsPage, WellnessError>,
        consultations: Result<ConsultationsPage, WellnessError>, loadedAt: Timestamp, scheme: String
    ) {
        self.insights = insights
        self.goals = goals
        self.consultations = consultations
        self.loadedAt = loadedAt
        self.scheme = scheme
    }

    /// Whether every section loaded.
    public var isComplete: Bool {
        if case .success = insights, case .success = goals, case .success = consultations { return true }
        return false
    }

    /// All unread insights, active goals and active consultations (the pages'
    /// totals, not only the items loaded); nil for a section that failed.
    public var unreadInsights: Int? { try? insights.get().pagination.totalCount }
    public var activeGoals: Int? { try? goals.get().pagination.totalCount }
    public var activeConsultations: Int? { try? consultations.get().pagination.totalCount }

    public var cards: [FeatureCard] {
        FeatureCard.overview(
            unreadInsights: unreadInsights, activeGoals: activeGoals,
            activeConsultations: activeConsultations, scheme: scheme)
    }

    /// - Parameters:
    ///   - ageSeconds: how old the data is (0 when just loaded).
    ///   - error: the document of a section's error (the C layer's, with its status code).
    public func json(ageSeconds: Double, error: (WellnessError) -> JSONValue) -> JSONValue {
        func section<Page: Sendable>(
            _ result: Result<Page, WellnessError>, _ key: String,
            _ items: (Page) -> JSONValue, _ total: (Page) -> Int
        ) -> JSONValue {
            switch result {
            case .success(let page):
                return .object(JSONObject([(key, items(page)), ("total", .int(total(page))), ("error", .null)]))
            case .failure(let failure):
                return .object(JSONObject([(key, .array([])), ("total", .null), ("error", error(failure))]))
            }
        }
        let widget = JSONObject([
            ("kind", .string("AIAssistantWidget")), ("title", .string("AI Assistant")), ("icon", .string("sparkles")),
            ("color", .string("purple")), ("unread_insights", unreadInsights.map(JSONValue.int) ?? .null),
            ("active_goals", activeGoals.map(JSONValue.int) ?? .null),
            (
                "rows",
                .array(
                    FeatureCard.widgetRows(
                        unreadInsights: unreadInsights, activeGoals: activeGoals,
                        scheme: scheme
                    ).map(\.json))
            ),
        ])
        return .object(
            JSONObject([
                ("insights", section(insights, "insights", { $0.insights.json }, { $0.pagination.totalCount })),
                ("goals", section(goals, "goals", { $0.goals.json }, { $0.pagination.totalCount })),
                (
                    "consultations",
                    section(
                        consultations, "consultations", { $0.consultations.json },
                        { $0.pagination.totalCount })
                ),
                ("cards", .array(cards.map(\.json))),
                ("widget", .object(widget)),
                ("loaded_at", loadedAt.json),
                ("age_seconds", .double((ageSeconds * 1000).rounded() / 1000)),
                ("complete", .bool(isComplete)),
            ]))
    }
}
