/// What the user asks for in a context: one of the coordinator's methods of
/// seed 004 (`createGoalFromInsight`, `discussInsight`, `discussGoal`,
/// `getGoalTips`), opening the insight, or the consultation's quick actions.
public enum IntegrationIntent: String, JSONStringEnum, Sendable {
    case createGoal = "create_goal"
    case discuss
    case tips
    case detail
    case viewInsights = "view_insights"
    case myGoals = "my_goals"
}
