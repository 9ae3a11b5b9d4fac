/// A local notification as seed 004's `AINotificationManager` schedules it
/// (`UNNotificationRequest` with its content and a 1-second trigger).
public struct NotificationRequest: Sendable, Equatable {
    public let identifier: String
    public let title: String
    public let body: String
    public let category: String
    /// The seed's `userInfo`, with its keys (`type`, `insightId`, ...).
    public let userInfo: JSONObject
    /// `.default`.
    public let sound = "default"
    /// `UNTimeIntervalNotificationTrigger(timeInterval: 1, repeats: false)`.
    public let triggerSeconds = 1

    public init(identifier: String, title: String, body: String, category: String, userInfo: JSONObject) {
        self.identifier = identifier
        self.title = title
        self.body = body
        self.category = category
        self.userInfo = userInfo
    }

    /// `notifyNewInsight`: "New AI Insight", the insight's title as body.
    /// - Parameter insight: the new insight.
    /// - Returns: the request `insight_<id>`, whose user info says whether the
    ///   insight has suggestions (`hasGoalSuggestion`).
    public static func newInsight(_ insight: Insight) -> NotificationRequest {
        NotificationRequest(
            identifier: "insight_\(insight.id)", title: "New AI Insight", body: insight.title,
            category: NotificationCategory.insightCategory,
            userInfo: JSONObject([
                ("type", .string("insight")), ("insightId", .string(insight.id)),
                ("hasGoalSuggestion", .bool(!(insight.suggestions ?? []).isEmpty)),
            ]))
    }

    /// `notifyGoalProgress`: "<title> is N% complete! Need tips?".
    /// - Parameters:
    ///   - goal: the goal.
    ///   - percent: N, the seed's `Int(progress * 100)` (``GoalProgress/percent(of:)``).
    /// - Returns: the request `goal_progress_<id>` (one per goal: a newer one replaces it).
    public static func goalProgress(_ goal: Goal, percent: Int) -> NotificationRequest {
        NotificationRequest(
            identifier: "goal_progress_\(goal.id)", title: "Goal Progress Update",
            body: "\(goal.title) is \(percent)% complete! Need tips?",
            category: NotificationCategory.goalProgressCategory,
            userInfo: JSONObject([("type", .string("goal")), ("goalId", .string(goal.id))]))
    }
}

extension NotificationRequest: JSONEncodable {
    /// `{"identifier", "title", "body", "category", "sound", "user_info", "trigger_seconds"}`.
    public var json: JSONValue {
        .object(
            JSONObject([
                ("identifier", .string(identifier)),
                ("title", .string(title)),
                ("body", .string(body)),
                ("category", .string(category)),
                ("sound", .string(sound)),
                ("user_info", .object(userInfo)),
                ("trigger_seconds", .int(triggerSeconds)),
            ]))
    }
}
