/// The user's answer to a notification (`UNNotificationResponse`): the action
/// tapped and the notification's user info; routed as seed 004's
/// `userNotificationCenter(_:didReceive:)` does.
public struct NotificationResponse: Sendable, Equatable {
    /// What iOS reports for a tap on the notification itself; `"open"` is accepted too.
    public static let defaultAction = "com.apple.UNNotificationDefaultActionIdentifier"

    public let action: String
    public let userInfo: JSONObject

    public init(action: String, userInfo: JSONObject) {
        self.action = action
        self.userInfo = userInfo
    }

    /// The link and destination of the response, or nil when the seed does
    /// nothing: an unknown action (dismissal included), or user info without
    /// the id the action needs as a non-empty string (the seed's `as? String`).
    ///
    /// CREATE_GOAL opens goal creation for the insight, and links to the
    /// insight (no link form creates a goal; the insight's detail offers
    /// "Create Goal"). DISCUSS_INSIGHT starts a consultation with the
    /// wellness specialist about the insight (the coordinator's persona),
    /// GET_TIPS opens the goal's tips, CHAT_GOAL a consultation about the
    /// goal; a plain open shows the insight or goal the notification is about.
    public var route: (link: DeepLink, destination: AIDestination)? {
        func id(_ key: String) -> String? {
            guard case .string(let text)? = userInfo[key], !text.isEmpty else { return nil }
            return text
        }
        switch action {
        case NotificationCategory.createGoal:
            return id("insightId").map { (.insight(id: $0), .goalCreation(suggestion: nil, insightId: $0)) }
        case NotificationCategory.discussInsight:
            return id("insightId").map {
                linked(
                    .newConsultation(
                        persona: .wellnessSpecialist, contextType: .insight,
                        contextId: $0))
            }
        case NotificationCategory.getTips:
            return id("goalId").map { linked(.goalTips(goalId: $0)) }
        case NotificationCategory.chatGoal:
            return id("goalId").map { linked(.goalConsultation(goalId: $0)) }
        case Self.defaultAction, "open":
            switch userInfo["type"] {
            case .string("insight")?: return id("insightId").map { linked(.insight(id: $0)) }
            case .string("goal")?: return id("goalId").map { linked(.goal(id: $0)) }
            default: return nil
            }
        default:
            return nil
        }
    }

    private func linked(_ link: DeepLink) -> (link: DeepLink, destination: AIDestination) {
        (link, link.destination)
    }
}

extension NotificationResponse: JSONDecodable {
    /// `{"action": "GET_TIPS", "user_info": {...}}`; the user info is the
    /// notification's, so its unknown keys are ignored.
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(["action", "user_info", "scheme"])
        action = try reader.required("action")
        guard case .object(let info)? = reader.object["user_info"] else {
            let found = reader.object["user_info"]
            throw WellnessError.validation(
                found == nil || found == .null
                    ? "is required"
                    : "expected an object, found \(found?.kindDescription ?? "null")",
                at: reader.path(of: "user_info"))
        }
        userInfo = info
    }
}
