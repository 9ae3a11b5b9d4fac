extension AIDestination {
    /// The feature the destination belongs to, for `ai_feature_transition`.
    public var feature: AIFeature {
        switch self {
        case .goalCreation, .goalTips, .goalDetail, .goalsList, .goalSuggestions: return .goals
        case .consultation, .consultationDetail, .consultationsList: return .consultations
        case .insightDetail, .insightsList: return .insights
        }
    }
}

extension IntegrationContext {
    /// The feature whose screen shows this context.
    public var feature: AIFeature {
        switch self {
        case .insight: return .insights
        case .goal: return .goals
        case .consultation: return .consultations
        }
    }
}
