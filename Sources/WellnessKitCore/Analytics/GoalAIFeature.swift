/// The AI help a goal gets (seed 004's `GoalAIFeature`).
public enum GoalAIFeature: String, JSONStringEnum, Sendable {
    case suggestions
    case tips
    case consultation
}
