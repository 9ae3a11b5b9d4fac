/// What a screen shows, as seed 004's `AIContext`: an insight, a goal or a
/// consultation, each the full model the API returns.
public enum IntegrationContext: Sendable, Equatable {
    case insight(Insight)
    case goal(Goal)
    case consultation(Consultation)

    /// The keys naming a context in a request document.
    public static let keys = ["insight", "goal", "consultation"]

    /// The context's name in JSON (`"insight"`, `"goal"`, `"consultation"`).
    public var name: String {
        switch self {
        case .insight: return "insight"
        case .goal: return "goal"
        case .consultation: return "consultation"
        }
    }

    /// Reads the one context member of a request document.
    /// - Parameter reader: the request; it must hold exactly one of ``keys``.
    /// - Returns: the decoded context.
    /// - Throws: a validation error at the request (none given), at the
    ///   second key (two given), or inside the model (an invalid model).
    public init(from reader: ObjectReader) throws {
        let present = Self.keys.filter { (reader.object[$0] ?? .null) != .null }
        guard let key = present.first else {
            throw WellnessError.validation(
                "one of \"insight\", \"goal\" or \"consultation\" is required",
                at: reader.path(of: "insight"))
        }
        if present.count > 1 {
            throw WellnessError.validation(
                "give only one context (\"\(key)\" is already given)",
                at: reader.path(of: present[1]))
        }
        switch key {
        case "insight": self = .insight(try reader.required("insight"))
        case "goal": self = .goal(try reader.required("goal"))
        default: self = .consultation(try reader.required("consultation"))
        }
    }
}
