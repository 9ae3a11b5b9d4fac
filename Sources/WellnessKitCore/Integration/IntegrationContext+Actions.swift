extension IntegrationContext {
    /// The actions seed 004 offers in this context, in its order: the one
    /// table behind the quick-actions view, the detail views' buttons and the
    /// notification actions.
    ///
    /// "Create Goal" is offered only when the insight has actionable goals
    /// (some suggestion contains "goal" or "target", the detail view's
    /// `hasActionableGoals`) on every surface: the quick-actions view of the
    /// seed lists it unconditionally, but its coordinator then goes nowhere
    /// for an insight without suggestions.
    /// - Parameter surface: which labels to use.
    /// - Returns: the actions, each with its destination.
    public func actions(on surface: ActionSurface) -> [ContextualAction] {
        switch self {
        case .insight(let insight):
            let detail = surface == .detail
            var actions = [
                ContextualAction(
                    intent: .discuss, title: detail ? "Discuss with AI Coach" : "Discuss with AI",
                    icon: detail ? "bubble.left.and.bubble.right" : "bubble.left", color: .purple, prominent: true,
                    notificationAction: NotificationCategory.discussInsight,
                    destination: try? destination(for: .discuss, at: .root))
            ]
            if InsightView(insight).hasActionableGoals {
                actions.append(
                    ContextualAction(
                        intent: .createGoal, title: "Create Goal", icon: "target", color: .blue, prominent: false,
                        notificationAction: NotificationCategory.createGoal,
                        destination: try? destination(for: .createGoal, at: .root)))
            }
            return actions
        case .goal:
            return [
                ContextualAction(
                    intent: .tips, title: surface == .notification ? "Get Tips" : "Get AI Tips", icon: "lightbulb.fill",
                    color: .orange, prominent: true, notificationAction: NotificationCategory.getTips,
                    destination: try? destination(for: .tips, at: .root)),
                ContextualAction(
                    intent: .discuss, title: "Chat with Coach", icon: "message.fill", color: .purple, prominent: false,
                    notificationAction: NotificationCategory.chatGoal,
                    destination: try? destination(for: .discuss, at: .root)),
            ]
        case .consultation:
            return [
                ContextualAction(
                    intent: .viewInsights, title: "View Insights", icon: "lightbulb.fill", color: .orange,
                    prominent: true, notificationAction: nil,
                    destination: try? destination(for: .viewInsights, at: .root)),
                ContextualAction(
                    intent: .myGoals, title: "My Goals", icon: "target", color: .blue, prominent: false,
                    notificationAction: nil, destination: try? destination(for: .myGoals, at: .root)),
            ]
        }
    }
}
