import WellnessKitCore

/// The rules (``InsightGenerator``, ``GoalAdvisor``, ``Coach``) as a
/// provider: the default, and what every other provider falls back to.
public struct RulesProvider: GenerationProvider {
    public init() {}

    public func insights(_ drafts: [Store.NewInsight], fresh: Set<String>, checkIns: [CheckIn], userId: String) async
        -> [Generated<Store.NewInsight>]
    {
        drafts.map { Generated($0, .rules) }
    }

    public func goalSuggestions(_ request: SuggestionsRequest) async -> Generated<[GoalSuggestion]> {
        Generated(Self.suggestions(request), .rules)
    }

    public func goalTips(for goal: Goal, checkIns: [CheckIn], userId: String) async -> Generated<[GoalTip]> {
        Generated(GoalAdvisor.tips(for: goal, checkIns: checkIns), .rules)
    }

    public func coachReply(_ request: CoachRequest) async -> Generated<Coach.Reply> {
        Generated(Self.reply(request), .rules)
    }

    static func suggestions(_ request: SuggestionsRequest) -> [GoalSuggestion] {
        request.insights.isEmpty
            ? GoalAdvisor.suggestions(checkIns: request.checkIns, existing: request.existing, profile: request.profile)
            : GoalAdvisor.suggestions(from: request.insights, checkIns: request.checkIns, existing: request.existing)
    }

    static func reply(_ request: CoachRequest) -> Coach.Reply {
        Coach.reply(to: request.message, in: request.consultation, context: request.context, today: request.today)
    }
}
