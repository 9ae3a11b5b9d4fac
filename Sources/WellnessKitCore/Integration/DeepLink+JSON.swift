extension DeepLink: JSONCodable {
    /// Reads `{"kind": ..., <fields>}` as ``json`` writes it; `"identifier"`
    /// may be present (it is derived: when given it must be the link's); other keys are refused.
    /// - Throws: a validation error naming the field: an unknown kind, a
    ///   missing or empty id, an unknown persona or context type, an identifier that is not the link's.
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        let kind: String = try reader.required("kind")
        let fields: [String]
        switch kind {
        case "insight", "goal", "consultation": fields = ["id"]
        case "goal_tips", "goal_consultation": fields = ["goal_id"]
        case "new_consultation": fields = ["persona", "context_type", "context_id"]
        default: fields = []
        }
        try reader.rejectUnknownKeys(["kind", "identifier"] + fields)
        switch kind {
        case "insight": self = .insight(id: try reader.nonEmptyString("id"))
        case "insights_list": self = .insightsList
        case "goal": self = .goal(id: try reader.nonEmptyString("id"))
        case "goals_list": self = .goalsList
        case "goal_suggestions": self = .goalSuggestions
        case "goal_tips": self = .goalTips(goalId: try reader.nonEmptyString("goal_id"))
        case "goal_consultation": self = .goalConsultation(goalId: try reader.nonEmptyString("goal_id"))
        case "consultation": self = .consultation(id: try reader.nonEmptyString("id"))
        case "consultations_list": self = .consultationsList
        case "new_consultation":
            let contextId: String? = try reader.optional("context_id")
            if contextId == "" {
                throw WellnessError.validation("must not be empty (null for none)", at: reader.path(of: "context_id"))
            }
            self = .newConsultation(
                persona: try reader.optional("persona"),
                contextType: try reader.optional("context_type"), contextId: contextId)
        default:
            throw WellnessError.validation(
                "\"\(kind.echo)\" is not one of: \(Self.kinds.joined(separator: ", "))",
                at: reader.path(of: "kind"))
        }
        try DeepLinkRequest.checkIdentifier(of: self, in: reader)
    }

    /// `{"kind", "identifier", <fields>}`: `id` for insight, goal and
    /// consultation; `goal_id` for goal_tips and goal_consultation;
    /// `persona`, `context_type`, `context_id` (each null when absent) for new_consultation.
    public var json: JSONValue {
        var object = JSONObject([("kind", .string(kind)), ("identifier", .string(identifier))])
        switch self {
        case .insight(let id), .goal(let id), .consultation(let id):
            object.append("id", .string(id))
        case .goalTips(let goalId), .goalConsultation(let goalId):
            object.append("goal_id", .string(goalId))
        case .newConsultation(let persona, let contextType, let contextId):
            object.append("persona", JSONValue(persona))
            object.append("context_type", JSONValue(contextType))
            object.append("context_id", JSONValue(contextId))
        case .insightsList, .goalsList, .goalSuggestions, .consultationsList:
            break
        }
        return .object(object)
    }
}
