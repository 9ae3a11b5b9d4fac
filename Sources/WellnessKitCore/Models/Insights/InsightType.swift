/// The four kinds of insight the backend generates (seed 000).
public enum InsightType: String, JSONStringEnum, Sendable {
    /// End-of-day summaries with actionable tips.
    case daily
    /// Weekly analysis and patterns.
    case weekly
    /// Celebration of an achievement.
    case milestone
    /// A discovered correlation or trend.
    case pattern
}
