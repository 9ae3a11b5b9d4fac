import WellnessKitCore

/// A provider whose answers are counted in ``ServerMetrics`` by task and
/// source, and fallbacks by reason: one place that sees every answer,
/// whichever provider wrote it.
struct MeteredProvider: GenerationProvider {
    let base: any GenerationProvider
    let metrics: ServerMetrics

    func insights(_ drafts: [Store.NewInsight], fresh: Set<String>, checkIns: [CheckIn], userId: String) async
        -> [Generated<Store.NewInsight>]
    {
        let written = await base.insights(drafts, fresh: fresh, checkIns: checkIns, userId: userId)
        // Only fresh drafts are stored; the others were written before.
        for insight in written where fresh.contains(insight.value.dedupeKey) {
            metrics.aiAnswered(.insight, insight.provenance)
        }
        return written
    }

    func goalSuggestions(_ request: SuggestionsRequest) async -> Generated<[GoalSuggestion]> {
        counted(.goalSuggestions, await base.goalSuggestions(request))
    }

    func goalTips(for goal: Goal, checkIns: [CheckIn], userId: String) async -> Generated<[GoalTip]> {
        counted(.goalTips, await base.goalTips(for: goal, checkIns: checkIns, userId: userId))
    }

    func coachReply(_ request: CoachRequest) async -> Generated<Coach.Reply> {
        counted(.coachReply, await base.coachReply(request))
    }

    func coachReplyStream(_ request: CoachRequest, emit: @escaping @Sendable (ReplyEvent) -> Void) async
        -> Generated<Coach.Reply>
    {
        counted(.coachReply, await base.coachReplyStream(request, emit: emit))
    }

    func refreshMetrics() async {
        await base.refreshMetrics()
    }

    private func counted<Value>(_ task: GenerationTask, _ answer: Generated<Value>) -> Generated<Value> {
        metrics.aiAnswered(task, answer.provenance)
        return answer
    }
}
