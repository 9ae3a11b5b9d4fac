/// The three AI features users move between (seed 004's `AIFeature`).
public enum AIFeature: String, JSONStringEnum, Sendable {
    case insights
    case goals
    case consultations
}
