/// One button of seed 004's contextual actions (`ContextualAction`: title,
/// icon, colour), with the intent it runs and where that leads.
public struct ContextualAction: Sendable, Equatable {
    public let intent: IntegrationIntent
    public let title: String
    /// An SF Symbol name.
    public let icon: String
    public let color: DisplayColor
    /// The detail views' `.borderedProminent` button (the first one).
    public let prominent: Bool
    /// The notification action running the same intent (`"CREATE_GOAL"`), if any.
    public let notificationAction: String?
    public let destination: AIDestination?

    public init(
        intent: IntegrationIntent, title: String, icon: String, color: DisplayColor, prominent: Bool,
        notificationAction: String?, destination: AIDestination?
    ) {
        self.intent = intent
        self.title = title
        self.icon = icon
        self.color = color
        self.prominent = prominent
        self.notificationAction = notificationAction
        self.destination = destination
    }
}

extension ContextualAction: JSONEncodable {
    public var json: JSONValue {
        .object(
            JSONObject([
                ("intent", intent.json),
                ("title", .string(title)),
                ("icon", .string(icon)),
                ("color", color.json),
                ("prominent", .bool(prominent)),
                ("notification_action", JSONValue(notificationAction)),
                ("destination", JSONValue(destination)),
            ]))
    }
}
