extension GoalSuggestion {
    /// "Very Easy" … "Very Challenging" (seed 003).
    public var difficultyLabel: String {
        switch difficulty {
        case 1: return "Very Easy"
        case 2: return "Easy"
        case 4: return "Challenging"
        case 5: return "Very Challenging"
        default: return "Moderate"
        }
    }

    public var difficultyColor: DisplayColor {
        switch difficulty {
        case 1, 2: return .green
        case 4, 5: return .red
        default: return .orange
        }
    }

    /// "Ongoing", "5 days", "2 weeks", "3 months" (seed 003, with "1 day"
    /// where the seed writes "1 days").
    public var durationText: String {
        guard let duration = estimatedDuration else { return "Ongoing" }
        if duration < 7 {
            return Self.count(duration, "day")
        } else if duration < 30 {
            return Self.count(duration / 7, "week")
        } else {
            return Self.count(duration / 30, "month")
        }
    }

    /// SF Symbol for the goal type (seed 003's `SuggestionCard`).
    public var goalTypeIcon: String {
        switch goalType.lowercased() {
        case "activity": return "figure.run"
        case "nutrition": return "fork.knife"
        case "wellness": return "heart.fill"
        case "body_composition": return "scalemass"
        default: return "target"
        }
    }

    /// "10000 steps" when both target value and unit are known.
    public var targetText: String? {
        guard let targetValue, let targetUnit else { return nil }
        return "\(DisplayNumber.truncated(targetValue)) \(targetUnit)"
    }

    private static func count(_ number: Int, _ unit: String) -> String {
        "\(number) \(unit)\(number == 1 ? "" : "s")"
    }
}
