/// One of seed 004's AI Feature Cards, or a row of its home-screen widget:
/// what it shows and the deep link it opens.
public struct FeatureCard: Sendable, Equatable {
    public var id: String
    public var icon: String
    public var title: String
    public var subtitle: String?
    public var color: String
    /// The badge; nil when its section could not be loaded.
    public var count: Int?
    public var link: String

    public var json: JSONValue {
        .object(
            JSONObject([
                ("id", .string(id)), ("icon", .string(icon)), ("title", .string(title)),
                ("subtitle", subtitle.map(JSONValue.string) ?? .null), ("color", .string(color)),
                ("count", count.map(JSONValue.int) ?? .null), ("link", .string(link)),
            ]))
    }
}

extension FeatureCard {
    /// The three cards of the seed's AI overview, in its order.
    static func overview(unreadInsights: Int?, activeGoals: Int?, activeConsultations: Int?, scheme: String)
        -> [FeatureCard]
    {
        [
            FeatureCard(
                id: "insights", icon: "lightbulb.fill", title: "AI Insights",
                subtitle: "Personalized wellness analysis", color: "orange", count: unreadInsights,
                link: DeepLink.insightsList.url(scheme: scheme)),
            FeatureCard(
                id: "goals", icon: "target", title: "Smart Goals", subtitle: "AI-powered goal suggestions",
                color: "blue", count: activeGoals, link: DeepLink.goalsList.url(scheme: scheme)),
            FeatureCard(
                id: "consultations", icon: "bubble.left.and.bubble.right", title: "AI Coach",
                subtitle: "Chat with wellness experts", color: "purple", count: activeConsultations,
                link: DeepLink.consultationsList.url(scheme: scheme)),
        ]
    }

    /// The widget's rows: unread insights and active goals when there are any, and always the coach.
    static func widgetRows(unreadInsights: Int?, activeGoals: Int?, scheme: String) -> [FeatureCard] {
        var rows: [FeatureCard] = []
        if let unread = unreadInsights, unread > 0 {
            rows.append(
                FeatureCard(
                    id: "insights", icon: "lightbulb.fill", title: "\(unread) New Insights", subtitle: nil,
                    color: "orange", count: unread, link: DeepLink.insightsList.url(scheme: scheme)))
        }
        if let goals = activeGoals, goals > 0 {
            rows.append(
                FeatureCard(
                    id: "goals", icon: "target", title: "\(goals) Active Goals", subtitle: nil,
                    color: "blue", count: goals, link: DeepLink.goalsList.url(scheme: scheme)))
        }
        rows.append(
            FeatureCard(
                id: "chat", icon: "message.fill", title: "Chat with Coach", subtitle: nil,
                color: "purple", count: nil,
                link: DeepLink.newConsultation(persona: nil, contextType: nil, contextId: nil).url(scheme: scheme)))
        return rows
    }
}
