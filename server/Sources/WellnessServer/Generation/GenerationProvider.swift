import WellnessKitCore

/// What writes the server's AI text: insights, goal suggestions, goal tips
/// and coach replies. ``RulesProvider`` (the default) answers by fixed rules;
/// ``ChatCompletionsProvider`` asks an OpenAI-compatible model and falls back
/// to the rules whenever the model's answer cannot be used.
///
/// A provider never throws: a failure is a fallback, recorded in the
/// answer's ``GenerationProvenance``.
public protocol GenerationProvider: Sendable {
    /// The text of insights the rules found in `checkIns` (the rules decide
    /// which insights exist and their data; a model may rewrite their prose).
    /// Only `fresh` drafts (dedupe keys not stored yet) are worth writing again.
    func insights(_ drafts: [Store.NewInsight], fresh: Set<String>, checkIns: [CheckIn], userId: String) async
        -> [Generated<Store.NewInsight>]

    /// 3 to 5 goal suggestions from the user's data, or from chosen insights.
    func goalSuggestions(_ request: SuggestionsRequest) async -> Generated<[GoalSuggestion]>

    /// 5 to 7 tips for a goal.
    func goalTips(for goal: Goal, checkIns: [CheckIn], userId: String) async -> Generated<[GoalTip]>

    /// The coach's reply to a message.
    func coachReply(_ request: CoachRequest) async -> Generated<Coach.Reply>

    /// ``coachReply(_:)``, its text told to `emit` as it is written; the
    /// reply returned is the text told after the last ``ReplyEvent/reset(_:)``.
    func coachReplyStream(_ request: CoachRequest, emit: @escaping @Sendable (ReplyEvent) -> Void) async
        -> Generated<Coach.Reply>

    /// Brings gauges that change with time alone (the circuit breaker's cool-down) up to date before a scrape.
    func refreshMetrics() async
}

extension GenerationProvider {
    /// The whole reply, then its text word by word: for providers that cannot write as they go.
    public func coachReplyStream(_ request: CoachRequest, emit: @escaping @Sendable (ReplyEvent) -> Void) async
        -> Generated<Coach.Reply>
    {
        let reply = await coachReply(request)
        for piece in ReplyEvent.pieces(of: reply.value.text) { emit(.delta(piece)) }
        return reply
    }

    public func refreshMetrics() async {}
}

/// What goal suggestions are made from.
public struct SuggestionsRequest: Sendable {
    public var userId: String
    public var checkIns: [CheckIn]
    public var existing: [Goal]
    public var profile: Profile
    /// Chosen insights (Journey 3); empty for suggestions from the data.
    public var insights: [Insight]

    public init(userId: String, checkIns: [CheckIn], existing: [Goal], profile: Profile, insights: [Insight]) {
        self.userId = userId
        self.checkIns = checkIns
        self.existing = existing
        self.profile = profile
        self.insights = insights
    }
}

/// What a coach reply is made from.
public struct CoachRequest: Sendable {
    public var message: String
    public var consultation: Consultation
    public var context: Coach.Context
    public var today: CalendarDate

    public init(message: String, consultation: Consultation, context: Coach.Context, today: CalendarDate) {
        self.message = message
        self.consultation = consultation
        self.context = context
        self.today = today
    }
}
