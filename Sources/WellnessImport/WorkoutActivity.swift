/// HealthKit's workout activity types as the question reader's activity words
/// (docs/QUERY.md, `activity`): "HKWorkoutActivityTypeRunning" is "Run".
enum WorkoutActivity {
    private static let names: [String: String] = [
        "Running": "Run", "Walking": "Walk", "Hiking": "Hike", "Cycling": "Cycling", "HandCycling": "Hand Cycling",
        "Swimming": "Swim", "Yoga": "Yoga", "TraditionalStrengthTraining": "Strength Training",
        "FunctionalStrengthTraining": "Functional Strength Training", "Rowing": "Rowing", "Elliptical": "Elliptical",
        "HighIntensityIntervalTraining": "HIIT", "Dance": "Dance", "SocialDance": "Dance", "CardioDance": "Dance",
        "DanceInspiredTraining": "Dance", "Pilates": "Pilates", "MixedCardio": "Aerobic Workout",
        "MixedMetabolicCardioTraining": "Aerobic Workout", "StairClimbing": "Stair Climbing", "Stairs": "Stairs",
        "CoreTraining": "Core Training", "Cooldown": "Cooldown", "PreparationAndRecovery": "Recovery",
        "MindAndBody": "Mind and Body", "Flexibility": "Flexibility", "CrossTraining": "Cross Training",
        "Other": "Workout",
    ]

    /// The activity's words; types not in the table have their name split into words
    /// ("HKWorkoutActivityTypeTableTennis" is "Table Tennis").
    static func name(of type: String) -> String {
        let prefix = "HKWorkoutActivityType"
        let bare = type.hasPrefix(prefix) ? String(type.dropFirst(prefix.count)) : type
        if let name = names[bare] { return name }
        var words = ""
        for character in bare {
            if character.isUppercase, !words.isEmpty { words.append(" ") }
            words.append(character)
        }
        return words.isEmpty ? "Workout" : words
    }
}
