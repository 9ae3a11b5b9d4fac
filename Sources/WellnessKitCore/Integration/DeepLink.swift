/// A link into the app: seed 004's `DeepLink`, with its identifiers.
public enum DeepLink: Sendable, Equatable {
    case insight(id: String)
    case insightsList
    case goal(id: String)
    case goalsList
    case goalSuggestions
    case goalTips(goalId: String)
    case goalConsultation(goalId: String)
    case consultation(id: String)
    case consultationsList
    case newConsultation(persona: Persona?, contextType: ContextType?, contextId: String?)

    /// The seed's `id`: `insight_<id>`, `goals_list`, `new_consultation`, ...
    public var identifier: String {
        switch self {
        case .insight(let id): return "insight_\(id)"
        case .insightsList: return "insights_list"
        case .goal(let id): return "goal_\(id)"
        case .goalsList: return "goals_list"
        case .goalSuggestions: return "goal_suggestions"
        case .goalTips(let goalId): return "goal_tips_\(goalId)"
        case .goalConsultation(let goalId): return "goal_consultation_\(goalId)"
        case .consultation(let id): return "consultation_\(id)"
        case .consultationsList: return "consultations_list"
        case .newConsultation: return "new_consultation"
        }
    }

    /// The link's case in JSON (`"kind"`).
    public var kind: String {
        switch self {
        case .insight: return "insight"
        case .insightsList: return "insights_list"
        case .goal: return "goal"
        case .goalsList: return "goals_list"
        case .goalSuggestions: return "goal_suggestions"
        case .goalTips: return "goal_tips"
        case .goalConsultation: return "goal_consultation"
        case .consultation: return "consultation"
        case .consultationsList: return "consultations_list"
        case .newConsultation: return "new_consultation"
        }
    }

    /// Every kind, for error messages.
    public static let kinds = [
        "insight", "insights_list", "goal", "goals_list", "goal_suggestions", "goal_tips",
        "goal_consultation", "consultation", "consultations_list", "new_consultation",
    ]

    /// The screen the link opens. A goal's consultation is the coordinator's
    /// `discussGoal` (general wellness persona); the title is unknown to a link.
    public var destination: AIDestination {
        switch self {
        case .insight(let id): return .insightDetail(id: id)
        case .insightsList: return .insightsList
        case .goal(let id): return .goalDetail(id: id)
        case .goalsList: return .goalsList
        case .goalSuggestions: return .goalSuggestions
        case .goalTips(let goalId): return .goalTips(goalId: goalId, title: nil)
        case .goalConsultation(let goalId):
            return .consultation(persona: .generalWellness, contextType: .goal, contextId: goalId, title: nil)
        case .consultation(let id): return .consultationDetail(id: id)
        case .consultationsList: return .consultationsList
        case .newConsultation(let persona, let contextType, let contextId):
            return .consultation(persona: persona, contextType: contextType, contextId: contextId, title: nil)
        }
    }
}
