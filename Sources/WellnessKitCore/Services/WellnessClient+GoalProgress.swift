extension WellnessClient {
    /// Records progress on a goal or changes its status (`PATCH /api/v1/goals/{id}`).
    /// - Returns: the goal as it was and as it is now, the progress milestones
    ///   (25/50/75/100 %) crossed, and seed 004's progress notification for
    ///   the highest one (nil when none was crossed or the goal has no target).
    /// - Throws: ``WellnessError`` as ``send(_:_:query:body:operation:)``.
    public func updateGoal(id: String, _ change: UpdateGoalRequest) throws -> GoalUpdate {
        let before = try goal(id: id)
        let after = try decodeResponse(Envelope<Goal>.self,
                                       from: send("PATCH", "/api/v1/goals/\(segment(id))", body: change.json)).data
        return GoalUpdate(previous: before, goal: after)
    }
}

/// A goal before and after an update, and the progress notification it earns.
public struct GoalUpdate: Sendable {
    public var previous: Goal
    public var goal: Goal

    /// The fraction of the target reached (nil without a positive target or a current value).
    public static func progress(of goal: Goal) -> Double? {
        guard let target = goal.targetValue, target > 0, let current = goal.currentValue else { return nil }
        return min(current / target, GoalProgress.maximum)
    }

    public var milestones: [Int] {
        guard let after = Self.progress(of: goal) else { return [] }
        return GoalProgress.crossed(from: Self.progress(of: previous) ?? 0, to: after)
    }

    /// The progress notification when a milestone was crossed; like
    /// `wellness_notification_progress_milestone`, it shows the actual percentage.
    public var notification: NotificationRequest? {
        guard !milestones.isEmpty, let progress = Self.progress(of: goal) else { return nil }
        return NotificationRequest.goalProgress(goal, percent: GoalProgress.percent(of: progress))
    }

    public var json: JSONValue {
        .object(JSONObject([
            ("goal", goal.json),
            ("previous_progress", Self.progress(of: previous).map(JSONValue.double) ?? .null),
            ("progress", Self.progress(of: goal).map(JSONValue.double) ?? .null),
            ("milestones", .array(milestones.map(JSONValue.int))),
            ("notification", notification?.json ?? .null),
        ]))
    }
}

extension WellnessClient {
    /// Accepts a coach's proposal through the goals API: creates the goal, or updates it.
    /// - Returns: the goal's update (for a created goal, `previous` is the new goal itself).
    /// - Throws: ``WellnessError`` as ``createGoal(_:)`` and ``updateGoal(id:_:)``.
    public func accept(_ proposal: CoachProposal) throws -> (update: GoalUpdate, created: Bool) {
        switch proposal.action {
        case .createGoal(let request):
            let goal = try createGoal(request)
            return (GoalUpdate(previous: goal, goal: goal), true)
        case .updateGoal(let goalId, let change):
            return (try updateGoal(id: goalId, change), false)
        }
    }
}
