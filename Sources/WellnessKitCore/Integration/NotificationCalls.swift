/// The documents of the notification calls (`wellness_notification_*`).
public enum NotificationCalls {
    /// `{"insight": {...}}` in; the new-insight notification out.
    /// - Throws: a validation error naming the field.
    public static func newInsight(_ json: JSONValue) throws -> JSONValue {
        let reader = try ObjectReader(json, at: .root)
        try reader.rejectUnknownKeys(["insight"])
        return NotificationRequest.newInsight(try reader.required("insight")).json
    }

    /// `{"goal": {...}, "progress": 0.5}` in; the progress notification out.
    /// - Throws: a validation error naming the field.
    public static func goalProgress(_ json: JSONValue) throws -> JSONValue {
        let reader = try ObjectReader(json, at: .root)
        try reader.rejectUnknownKeys(["goal", "progress"])
        let goal: Goal = try reader.required("goal")
        let progress = try GoalProgress.read("progress", from: reader)
        return NotificationRequest.goalProgress(goal, percent: GoalProgress.percent(of: progress)).json
    }

    /// `{"goal", "previous_progress", "progress"}` in; `{"crossed": [25, 50],
    /// "milestone": 50 | null, "percent": N, "notification": {...} | null}`
    /// out. Crossing several milestones at once gives one notification (the
    /// highest milestone), which shows the actual progress as the seed does.
    /// - Throws: a validation error naming the field.
    public static func progressMilestone(_ json: JSONValue) throws -> JSONValue {
        let reader = try ObjectReader(json, at: .root)
        try reader.rejectUnknownKeys(["goal", "previous_progress", "progress"])
        let goal: Goal = try reader.required("goal")
        let previous = try GoalProgress.read("previous_progress", from: reader)
        let current = try GoalProgress.read("progress", from: reader)
        let crossed = GoalProgress.crossed(from: previous, to: current)
        let percent = GoalProgress.percent(of: current)
        return .object(
            JSONObject([
                ("crossed", crossed.json),
                ("milestone", JSONValue(crossed.last)),
                ("percent", .int(percent)),
                (
                    "notification",
                    crossed.isEmpty ? .null : NotificationRequest.goalProgress(goal, percent: percent).json
                ),
            ]))
    }

    /// `{}` in; `{"categories": [...]}` out.
    /// - Throws: a validation error for any key.
    public static func categories(_ json: JSONValue) throws -> JSONValue {
        let reader = try ObjectReader(json, at: .root)
        try reader.rejectUnknownKeys([])
        return .object(JSONObject([("categories", NotificationCategory.all.json)]))
    }

    /// `{"action", "user_info", "scheme"?}` in; `{"action", "link", "url", "destination"}` out (nulls when the seed does nothing).
    /// - Throws: a validation error naming the field.
    public static func response(_ json: JSONValue) throws -> JSONValue {
        let response = try NotificationResponse(json: json)
        let scheme = try DeepLinkRequest.scheme(from: try ObjectReader(json, at: .root))
        let route = response.route
        return .object(
            JSONObject([
                ("action", .string(response.action)),
                ("link", JSONValue(route?.link)),
                ("url", route.map { .string($0.link.url(scheme: scheme)) } ?? .null),
                ("destination", JSONValue(route?.destination)),
            ]))
    }
}
