/// What a tip card shows (seed 003).
public struct GoalTipView: Sendable, Equatable, JSONEncodable {
    public let tip: GoalTip

    public init(_ tip: GoalTip) {
        self.tip = tip
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("tip", tip.tip.json),
                ("priority_level", tip.priorityLevel.json),
                ("priority_label", JSONValue(tip.priorityLabel)),
                ("priority_color", tip.priorityColor.json),
                ("category_label", JSONValue(tip.categoryLabel)),
                ("category_icon", tip.categoryIcon.json),
            ]))
    }
}
