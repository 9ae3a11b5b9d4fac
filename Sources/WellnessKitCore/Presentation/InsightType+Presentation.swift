extension InsightType {
    /// The heading a list row and detail view show (seed 000).
    public var displayName: String {
        switch self {
        case .daily: return "Daily Insight"
        case .weekly: return "Weekly Summary"
        case .milestone: return "Milestone"
        case .pattern: return "Pattern Discovery"
        }
    }

    /// SF Symbol name.
    public var icon: String {
        switch self {
        case .daily: return "sun.max.fill"
        case .weekly: return "calendar"
        case .milestone: return "star.fill"
        case .pattern: return "chart.line.uptrend.xyaxis"
        }
    }

    public var iconColor: DisplayColor {
        switch self {
        case .daily: return .orange
        case .weekly: return .blue
        case .milestone: return .yellow
        case .pattern: return .green
        }
    }
}
