/// What a suggestion card shows (seed 003).
public struct GoalSuggestionView: Sendable, Equatable, JSONEncodable {
    public let suggestion: GoalSuggestion

    public init(_ suggestion: GoalSuggestion) {
        self.suggestion = suggestion
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("title", suggestion.title.json),
                ("difficulty", suggestion.difficulty.json),
                ("difficulty_label", suggestion.difficultyLabel.json),
                ("difficulty_color", suggestion.difficultyColor.json),
                ("duration_text", suggestion.durationText.json),
                ("goal_type_icon", suggestion.goalTypeIcon.json),
                ("target_text", JSONValue(suggestion.targetText)),
            ]))
    }
}
