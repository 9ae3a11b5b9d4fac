extension GoalTip {
    /// 3 high, 2 medium, 1 low; 2 for anything else (seed 003).
    public var priorityLevel: Int {
        switch priority?.lowercased() {
        case "high": return 3
        case "low": return 1
        default: return 2
        }
    }

    public var priorityColor: DisplayColor {
        switch priorityLevel {
        case 3: return .red
        case 1: return .green
        default: return .orange
        }
    }

    /// SF Symbol for the category; a light bulb when unknown or absent.
    public var categoryIcon: String {
        switch category?.lowercased() {
        case "nutrition": return "fork.knife"
        case "exercise": return "figure.run"
        case "sleep": return "bed.double.fill"
        case "mindset": return "brain.head.profile"
        case "habit": return "repeat"
        default: return "lightbulb.fill"
        }
    }

    /// The priority as the tip card prints it ("High").
    public var priorityLabel: String? { priority?.capitalizedWords }

    /// The category as the tip card prints it ("Nutrition").
    public var categoryLabel: String? { category?.capitalizedWords }
}
