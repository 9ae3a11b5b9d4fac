import WellnessKitCore

extension WellnessClient {
    /// Seed 004's Smart Suggestions from the user's state: unread insights →
    /// view insights; active goals whose tips this store never saw fetched →
    /// get tips; no consultation started for `consultationGapDays` days →
    /// start one. The state comes from the dashboard (reused within its max
    /// age) and from the local store, which remembers tip fetches and
    /// consultation starts across restarts.
    /// - Parameters:
    ///   - now: the present (tests fix it).
    ///   - consultationGapDays: days without a consultation before one is suggested.
    ///   - refresh: load the dashboard again.
    /// - Returns: the actions in the seed's order, and whether every part of the state could be read
    ///   (a suggestion whose state is unknown is left out).
    public func suggestedActions(
        now: Timestamp = .now(), consultationGapDays: Int = 7,
        refresh: Bool = false
    ) -> (actions: [SuggestedAction], complete: Bool) {
        let dashboard = dashboard(refresh: refresh).dashboard
        let store = try? localStore()
        let scheme = configuration.linkScheme
        var complete = dashboard.isComplete && store != nil
        var actions: [SuggestedAction] = []
        if let unread = dashboard.unreadInsights, unread > 0 {
            actions.append(
                SuggestedAction(
                    kind: .viewInsights, title: "View Insights", icon: "lightbulb.fill",
                    color: "orange", goals: [], link: DeepLink.insightsList.url(scheme: scheme)))
        }
        if let goals = try? dashboard.goals.get().goals {
            let fetched = (try? store?.goalsWithTipsFetched(among: goals.map(\.id))) ?? nil
            if fetched == nil { complete = false }
            let withoutTips = goals.filter { !(fetched?.contains($0.id) ?? false) }
            if let first = withoutTips.first {
                actions.append(
                    SuggestedAction(
                        kind: .getGoalTips, title: "Get Goal Tips", icon: "lightbulb.max",
                        color: "blue", goals: withoutTips.map { ($0.id, $0.title) },
                        link: DeepLink.goalTips(goalId: first.id).url(scheme: scheme)))
            }
        }
        switch lastConsultation(dashboard, store) {
        case .known(let last) where now.seconds - last.seconds <= Int64(max(0, consultationGapDays)) * 86_400:
            break
        case .known, .never:
            actions.append(
                SuggestedAction(
                    kind: .startConsultation, title: "Start Consultation",
                    icon: "bubble.left.and.bubble.right", color: "purple", goals: [],
                    link: DeepLink.newConsultation(persona: nil, contextType: nil, contextId: nil)
                        .url(scheme: scheme)))
        case .unknown:
            complete = false
        }
        return (actions, complete)
    }

    private enum LastConsultation {
        case known(Timestamp)
        case never
        case unknown
    }

    /// The latest consultation start or message the dashboard shows or the store remembers.
    private func lastConsultation(_ dashboard: Dashboard, _ store: LocalStore?) -> LastConsultation {
        let userId =
            (try? dashboard.consultations.get().consultations.first?.userId)
            ?? (try? dashboard.goals.get().goals.first?.userId)
            ?? (try? dashboard.insights.get().insights.first?.userId)
        let remembered = userId.flatMap { try? store?.lastConsultationStarted(userId: $0) }
        guard let consultations = try? dashboard.consultations.get().consultations else {
            return remembered.map(LastConsultation.known) ?? .unknown
        }
        let seen =
            consultations.flatMap { [$0.createdAt, $0.lastMessageAt].compactMap { $0 } }
            + [remembered].compactMap { $0 }
        return seen.max().map(LastConsultation.known) ?? .never
    }

    /// Remembers a tip fetch for the suggestions; a client without a store remembers nothing.
    func rememberTipsFetched(goalId: String) {
        try? localStore().recordTipsFetched(goalId: goalId, at: .now())
    }

    /// Remembers a consultation start for the suggestions.
    func rememberConsultationStarted(_ consultation: Consultation) {
        try? localStore().recordConsultationStarted(userId: consultation.userId, at: consultation.createdAt)
    }
}
