/// Where the app navigates: seed 004's `AIDestination` (what the coordinator
/// pushes), plus the screens its deep links open (lists and details), so that
/// actions, deep links and notifications all answer with one type.
public enum AIDestination: Sendable, Equatable {
    /// CreateGoalView, pre-filled with an insight's first suggestion; from a
    /// notification only the insight's id is known.
    case goalCreation(suggestion: String?, insightId: String?)
    /// ConsultationCreationView. A deep link may leave persona and context
    /// type out (nil): the app's defaults apply.
    case consultation(persona: Persona?, contextType: ContextType?, contextId: String?, title: String?)
    /// GoalTipsView; the title is nil when only the id is known (deep links).
    case goalTips(goalId: String, title: String?)
    case insightDetail(id: String)
    case insightsList
    case goalDetail(id: String)
    case goalsList
    case goalSuggestions
    case consultationDetail(id: String)
    case consultationsList

    /// The destination's name in JSON (`"kind"`).
    public var kind: String {
        switch self {
        case .goalCreation: return "goal_creation"
        case .consultation: return "consultation"
        case .goalTips: return "goal_tips"
        case .insightDetail: return "insight_detail"
        case .insightsList: return "insights_list"
        case .goalDetail: return "goal_detail"
        case .goalsList: return "goals_list"
        case .goalSuggestions: return "goal_suggestions"
        case .consultationDetail: return "consultation_detail"
        case .consultationsList: return "consultations_list"
        }
    }
}

extension AIDestination: JSONEncodable {
    /// `{"kind": ..., <the case's fields>}`; optional fields are always present (null when unknown).
    public var json: JSONValue {
        var object = JSONObject([("kind", .string(kind))])
        switch self {
        case .goalCreation(let suggestion, let insightId):
            object.append("suggestion", JSONValue(suggestion))
            object.append("insight_id", JSONValue(insightId))
        case .consultation(let persona, let contextType, let contextId, let title):
            object.append("persona", JSONValue(persona))
            object.append("context_type", JSONValue(contextType))
            object.append("context_id", JSONValue(contextId))
            object.append("title", JSONValue(title))
        case .goalTips(let goalId, let title):
            object.append("goal_id", .string(goalId))
            object.append("title", JSONValue(title))
        case .insightDetail(let id), .goalDetail(let id), .consultationDetail(let id):
            object.append("id", .string(id))
        case .insightsList, .goalsList, .goalSuggestions, .consultationsList:
            break
        }
        return .object(object)
    }
}
