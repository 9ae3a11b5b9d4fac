/// What a consultation is about (seed 004).
public enum ContextType: String, JSONStringEnum, Sendable {
    case general
    case insight
    case goal

    /// Whether a consultation of this type must name the insight or goal.
    public var requiresContextId: Bool {
        self != .general
    }
}
