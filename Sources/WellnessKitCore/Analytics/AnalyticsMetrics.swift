/// Seed 004's five success metrics, computed from an event log.
///
/// Sessions: each user's events in time order, a new session after more than
/// `sessionGap` seconds without an event (30 minutes by default). Events
/// without a `user_id` belong to one anonymous user.
public struct AnalyticsMetrics: Sendable, Equatable {
    /// A ratio with its parts; `value` is nil when the denominator is 0.
    public struct Ratio: Sendable, Equatable {
        public let numerator: Int
        public let denominator: Int

        public var value: Double? {
            denominator == 0 ? nil : Double(numerator) / Double(denominator)
        }
    }

    public let eventCount: Int
    public let userCount: Int
    public let sessionCount: Int
    public let sessionGapSeconds: Int64
    /// Users with at least one `ai_feature_transition` between two different features, over users.
    public let featureTransitionRate: Ratio
    /// Insights with a `createdGoal` action, over insights with any `insight_action` (per user).
    public let goalCreationFromInsights: Ratio
    /// `consultation_started` with context type insight or goal, over all of them.
    public let consultationContextUsage: Ratio
    /// Tips requests (`goal_ai_usage` with feature tips) followed, later in
    /// the same session, by another action on that goal (`goal_ai_usage`
    /// with another feature, or a consultation about it), over tips
    /// requests. The seed logs no "tip followed" event: this is the proxy.
    public let tipAdoptionRate: Ratio
    /// Distinct features (insights, goals, consultations) used per session:
    /// their sum over sessions, over sessions.
    public let featuresPerSession: Ratio

    /// - Parameters:
    ///   - events: the log, in any order.
    ///   - sessionGap: the idle time, in seconds, that ends a session.
    public init(events: [AnalyticsEvent], sessionGap: Int64 = 30 * 60) {
        eventCount = events.count
        sessionGapSeconds = sessionGap
        var byUser: [String: [AnalyticsEvent]] = [:]
        for event in events { byUser[event.userId ?? "", default: []].append(event) }
        userCount = byUser.count

        var sessions: [[AnalyticsEvent]] = []
        var transitioningUsers = 0
        var insights = Set<String>()
        var insightsWithGoals = Set<String>()
        var consultations = 0
        var consultationsWithContext = 0
        for user in byUser.keys.sorted() {
            // Stable: events with one timestamp keep their log order.
            let ordered = (byUser[user] ?? []).enumerated()
                .sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }.map(\.element)
            var current: [AnalyticsEvent] = []
            for event in ordered {
                if let last = current.last, event.timestamp.seconds - last.timestamp.seconds > sessionGap {
                    sessions.append(current)
                    current = []
                }
                current.append(event)
            }
            if !current.isEmpty { sessions.append(current) }
            var transitioned = false
            for event in ordered {
                switch event.kind {
                case .featureTransition(let from, let to, _):
                    if from != to { transitioned = true }
                case .insightAction(let insightId, let action):
                    let key = "\(user.utf8.count):\(user)\(insightId)"
                    insights.insert(key)
                    if action == .createdGoal { insightsWithGoals.insert(key) }
                case .consultationStarted(_, let contextType, _):
                    consultations += 1
                    if contextType != .general { consultationsWithContext += 1 }
                case .goalAIUsage:
                    break
                }
            }
            if transitioned { transitioningUsers += 1 }
        }
        sessionCount = sessions.count
        featureTransitionRate = Ratio(numerator: transitioningUsers, denominator: userCount)
        goalCreationFromInsights = Ratio(numerator: insightsWithGoals.count, denominator: insights.count)
        consultationContextUsage = Ratio(numerator: consultationsWithContext, denominator: consultations)

        var tips = 0
        var adopted = 0
        var features = 0
        for session in sessions {
            features += Set(session.flatMap(\.features)).count
            for (index, event) in session.enumerated() {
                guard case .goalAIUsage(let goalId, .tips) = event.kind else { continue }
                tips += 1
                let followed = session[(index + 1)...].contains { later in
                    switch later.kind {
                    case .goalAIUsage(let laterGoal, let feature): return laterGoal == goalId && feature != .tips
                    case .consultationStarted(_, .goal, let contextId): return contextId == goalId
                    default: return false
                    }
                }
                if followed { adopted += 1 }
            }
        }
        tipAdoptionRate = Ratio(numerator: adopted, denominator: tips)
        featuresPerSession = Ratio(numerator: features, denominator: sessionCount)
    }
}

extension AnalyticsMetrics.Ratio: JSONEncodable {
    public var json: JSONValue {
        .object(
            JSONObject([
                ("value", value.map(JSONValue.double) ?? .null), ("numerator", .int(numerator)),
                ("denominator", .int(denominator)),
            ]))
    }
}

extension AnalyticsMetrics: JSONEncodable {
    public var json: JSONValue {
        .object(
            JSONObject([
                ("event_count", .int(eventCount)),
                ("user_count", .int(userCount)),
                ("session_count", .int(sessionCount)),
                ("session_gap_minutes", .int(Int(sessionGapSeconds / 60))),
                ("feature_transition_rate", featureTransitionRate.json),
                ("goal_creation_from_insights", goalCreationFromInsights.json),
                ("consultation_context_usage", consultationContextUsage.json),
                ("tip_adoption_rate", tipAdoptionRate.json),
                ("features_per_session", featuresPerSession.json),
            ]))
    }
}

extension AnalyticsMetrics {
    /// `wellness_analytics_metrics`: options `{"session_gap_minutes"?: 1-1440}` and a log.
    /// - Throws: as ``AnalyticsLog/events(_:)``, or a validation error in the options.
    public static func compute(options: JSONValue, log: UnsafeRawBufferPointer) throws -> JSONValue {
        let reader = try ObjectReader(options, at: .root)
        try reader.rejectUnknownKeys(["session_gap_minutes"])
        let minutes = try reader.optionalInt("session_gap_minutes", in: 1...1440) ?? 30
        return AnalyticsMetrics(events: try AnalyticsLog.events(log), sessionGap: Int64(minutes) * 60).json
    }
}
