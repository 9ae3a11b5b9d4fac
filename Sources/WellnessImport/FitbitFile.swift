/// The Fitbit export files the importer reads, by their name.
enum FitbitFile: Sendable {
    case steps, heartRate, restingHeartRate, sleep, exercise, activeZoneMinutes, heartRateVariability

    /// The kind of the file named `name` (its last path component), or nil.
    static func kind(of name: String) -> FitbitFile? {
        if name.hasSuffix(".json") {
            if name.hasPrefix("steps-") { return .steps }
            if name.hasPrefix("heart_rate-") { return .heartRate }
            if name.hasPrefix("resting_heart_rate-") { return .restingHeartRate }
            if name.hasPrefix("sleep-") { return .sleep }
            if name.hasPrefix("exercise-") { return .exercise }
        } else if name.hasSuffix(".csv") {
            if name.hasPrefix("Active Zone Minutes - ") { return .activeZoneMinutes }
            if name.hasPrefix("Daily Heart Rate Variability Summary - ") { return .heartRateVariability }
        }
        return nil
    }
}
