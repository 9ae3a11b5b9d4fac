/// A goal before and after an update, and the progress notification it earns.
public struct GoalUpdate: Sendable {
    public var previous: Goal
    public var goal: Goal

    public init(previous: Goal, goal: Goal) {
        self.previous = previous
        self.goal = goal
    }

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
        .object(
            JSONObject([
                ("goal", goal.json),
                ("previous_progress", Self.progress(of: previous).map(JSONValue.double) ?? .null),
                ("progress", Self.progress(of: goal).map(JSONValue.double) ?? .null),
                ("milestones", .array(milestones.map(JSONValue.int))),
                ("notification", notification?.json ?? .null),
            ]))
    }
}
