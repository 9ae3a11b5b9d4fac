/// What a user did with an insight (seed 004's `InsightAction`; raw values
/// are the Swift case names, as the seed's `String` enum writes them).
public enum InsightAction: String, JSONStringEnum, Sendable {
    case viewed
    case favorited
    case archived
    case discussedWithAI
    case createdGoal
}
