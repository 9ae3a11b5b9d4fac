extension IntegrationContext {
    /// The intents each context answers, in the order its actions list them.
    public var intents: [IntegrationIntent] {
        switch self {
        case .insight: return [.discuss, .createGoal, .detail]
        case .goal: return [.tips, .discuss, .detail]
        case .consultation: return [.viewInsights, .myGoals, .detail]
        }
    }

    /// Where seed 004's coordinator goes for `intent` in this context.
    /// - Parameters:
    ///   - intent: what the user asked for.
    ///   - path: the request's `intent` member, for the error.
    /// - Returns: the destination, or nil when the coordinator stays put: an
    ///   insight without suggestions offers nothing to create a goal from
    ///   (`createGoalFromInsight` pushes only `suggestions?.first`).
    /// - Throws: a validation error at `path` for an intent this context does not have.
    public func destination(for intent: IntegrationIntent, at path: FieldPath) throws -> AIDestination? {
        switch (self, intent) {
        case (.insight(let insight), .createGoal):
            return insight.suggestions?.first.map { .goalCreation(suggestion: $0, insightId: insight.id) }
        case (.insight(let insight), .discuss):
            return .consultation(
                persona: .wellnessSpecialist, contextType: .insight, contextId: insight.id,
                title: insight.title)
        case (.insight(let insight), .detail):
            return .insightDetail(id: insight.id)
        case (.goal(let goal), .discuss):
            return .consultation(persona: .generalWellness, contextType: .goal, contextId: goal.id, title: goal.title)
        case (.goal(let goal), .tips):
            return .goalTips(goalId: goal.id, title: goal.title)
        case (.goal(let goal), .detail):
            return .goalDetail(id: goal.id)
        case (.consultation, .viewInsights):
            return .insightsList
        case (.consultation, .myGoals):
            return .goalsList
        case (.consultation(let consultation), .detail):
            return .consultationDetail(id: consultation.id)
        default:
            let allowed = intents.map(\.rawValue).joined(separator: ", ")
            throw WellnessError.validation(
                "\"\(intent.rawValue)\" is not an intent of a \(name) (allowed: \(allowed))",
                at: path)
        }
    }
}
