/// Fitbit's activity names as the question reader's words.
enum FitbitActivity {
    static func name(_ raw: String) -> String {
        switch raw {
        case "Bike", "Outdoor Bike", "Spinning": return "Cycling"
        case "Weights": return "Strength Training"
        case "Interval Workout": return "HIIT"
        case "Aerobic Workout": return "Aerobic Workout"
        case "Sport": return "Workout"
        default: return raw.isEmpty ? "Workout" : raw
        }
    }
}
