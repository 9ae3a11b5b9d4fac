/// Where contextual actions are shown. Seed 004 labels the same action
/// differently on each: "Discuss with AI" (quick actions and notifications)
/// and "Discuss with AI Coach" (the insight detail view), "Get AI Tips"
/// (views) and "Get Tips" (notifications).
public enum ActionSurface: String, JSONStringEnum, Sendable {
    case quickActions = "quick_actions"
    case detail
    case notification
}
