/// One of seed 004's Smart Suggestions (Best Practice 2, `getSuggestedActions`):
/// view insights, get goal tips, start a consultation.
public struct SuggestedAction: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case viewInsights = "view_insights"
        case getGoalTips = "get_goal_tips"
        case startConsultation = "start_consultation"
    }

    public var kind: Kind
    public var title: String
    public var icon: String
    public var color: String
    /// The goals without tips, for `get_goal_tips`.
    public var goals: [(id: String, title: String)]
    public var link: String

    package init(
        kind: Kind, title: String, icon: String, color: String, goals: [(id: String, title: String)],
        link: String
    ) {
        self.kind = kind
        self.title = title
        self.icon = icon
        self.color = color
        self.goals = goals
        self.link = link
    }

    public static func == (lhs: SuggestedAction, rhs: SuggestedAction) -> Bool {
        lhs.kind == rhs.kind && lhs.title == rhs.title && lhs.link == rhs.link
            && lhs.goals.map(\.id) == rhs.goals.map(\.id)
    }

    public var json: JSONValue {
        var object = JSONObject([
            ("id", .string(kind.rawValue)), ("title", .string(title)), ("icon", .string(icon)),
            ("color", .string(color)), ("link", .string(link)),
        ])
        if kind == .getGoalTips {
            object.append(
                "goals",
                .array(goals.map { .object(JSONObject([("id", .string($0.id)), ("title", .string($0.title))])) }))
        }
        return .object(object)
    }
}
