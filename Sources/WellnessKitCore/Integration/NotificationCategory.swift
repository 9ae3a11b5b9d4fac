/// A notification category of seed 004 with its actions
/// (`UNNotificationCategory`), and the action identifiers.
public struct NotificationCategory: Sendable, Equatable {
    /// One button of a notification (`UNNotificationAction`).
    public struct Action: Sendable, Equatable {
        public let identifier: String
        public let title: String
        /// `UNNotificationActionOptions`: the seed opens the app for every action.
        public let options: [String]
    }

    public static let insightCategory = "INSIGHT_CATEGORY"
    public static let goalProgressCategory = "GOAL_PROGRESS_CATEGORY"
    public static let createGoal = "CREATE_GOAL"
    public static let discussInsight = "DISCUSS_INSIGHT"
    public static let getTips = "GET_TIPS"
    public static let chatGoal = "CHAT_GOAL"

    public let identifier: String
    public let actions: [Action]

    /// The two categories of `setupNotificationCategories()`, in its order.
    /// Categories are registered once, so both insight actions are always
    /// listed; ``IntegrationContext/actions(on:)`` says which apply to one insight.
    public static let all = [
        NotificationCategory(
            identifier: insightCategory,
            actions: [
                Action(identifier: createGoal, title: "Create Goal", options: ["foreground"]),
                Action(identifier: discussInsight, title: "Discuss with AI", options: ["foreground"]),
            ]),
        NotificationCategory(
            identifier: goalProgressCategory,
            actions: [
                Action(identifier: getTips, title: "Get Tips", options: ["foreground"]),
                Action(identifier: chatGoal, title: "Chat with Coach", options: ["foreground"]),
            ]),
    ]
}

extension NotificationCategory: JSONEncodable {
    /// `{"identifier", "actions": [{"identifier", "title", "options"}], "intent_identifiers": []}`.
    public var json: JSONValue {
        .object(
            JSONObject([
                ("identifier", .string(identifier)),
                (
                    "actions",
                    .array(
                        actions.map {
                            .object(
                                JSONObject([
                                    ("identifier", .string($0.identifier)), ("title", .string($0.title)),
                                    ("options", $0.options.json),
                                ]))
                        })
                ),
                ("intent_identifiers", .array([])),
            ]))
    }
}
