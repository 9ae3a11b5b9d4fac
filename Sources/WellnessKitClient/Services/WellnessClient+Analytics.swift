import WellnessKitCore

extension WellnessClient {
    /// Attaches an analytics pipeline (nil detaches it): from then on the
    /// client emits seed 004's events when its operations succeed. The client
    /// keeps the pipeline alive while attached; events emitted after the
    /// pipeline was shut down are ignored.
    ///
    /// | operation succeeding | event |
    /// | --- | --- |
    /// | `insight(id:)` | `insight_action` viewed |
    /// | `updateInsight` with is_favorite true / is_archived true | `insight_action` favorited / archived |
    /// | `createConsultation` | `consultation_started`; with an insight context also `insight_action` discussedWithAI, with a goal context `goal_ai_usage` consultation |
    /// | `goalTips(goalId:)` | `goal_ai_usage` tips |
    public func setAnalytics(_ pipeline: AnalyticsPipeline?) {
        session.setAnalytics(pipeline)
    }

    /// Emits `kinds` now, in order, if a pipeline is attached. Never fails
    /// the operation: analytics must not turn a success into an error.
    func track(_ kinds: AnalyticsEvent.Kind...) {
        guard let pipeline = session.analyticsPipeline() else { return }
        let now = Timestamp.now()
        for kind in kinds {
            guard let line = try? JSONWriter.bytes(AnalyticsEvent(kind: kind, timestamp: now).json) else { continue }
            _ = try? pipeline.emit(line)
        }
    }
}
