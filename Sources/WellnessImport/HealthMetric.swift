/// How a quantity type's samples become one number per local day.
enum DailyFolding: Sendable {
    /// Cumulative types: samples summed, overlaps between sources removed by source priority.
    case sum
    /// Discrete types: the mean of the day's samples of the highest-priority source.
    case mean
    /// Discrete types measured now and then (weight, VO2 max): that source's latest sample of the day.
    case latest
}

/// One daily metric an Apple Health quantity type folds into.
struct HealthMetric: Sendable {
    /// The daily table's column (docs/QUERY.md's names where it has one).
    let column: String
    /// The column's unit.
    let unit: String
    let folding: DailyFolding
    /// Factors from the export's unit strings to `unit`.
    let units: [String: Double]

    /// The metrics, in the daily table's column order.
    static let all: [HealthMetric] = table.map(\.1)

    /// Index in `all` of each HealthKit quantity type read, by identifier.
    static let indexByType: [String: Int] = Dictionary(
        uniqueKeysWithValues: table.enumerated().map { ("HKQuantityTypeIdentifier" + $0.element.0, $0.offset) })

    /// The HealthKit quantity types read (identifier without its prefix); docs/IMPORT.md lists them.
    private static let table: [(String, HealthMetric)] = {
        let count = ["count": 1.0]
        let distance = ["km": 1.0, "m": 0.001, "mi": 1.609_344, "ft": 0.000_304_8, "yd": 0.000_914_4, "cm": 0.000_01]
        let energy = ["kcal": 1.0, "Cal": 1.0, "kJ": 1.0 / 4.184, "cal": 0.001]
        let minutes = ["min": 1.0, "s": 1.0 / 60, "hr": 60.0]
        let bpm = ["count/min": 1.0]
        let percent = ["%": 100.0]
        return [
            ("StepCount", HealthMetric(column: "steps", unit: "steps", folding: .sum, units: count)),
            ("DistanceWalkingRunning", HealthMetric(column: "distance", unit: "km", folding: .sum, units: distance)),
            ("DistanceCycling", HealthMetric(column: "cycling_distance", unit: "km", folding: .sum, units: distance)),
            ("DistanceSwimming", HealthMetric(column: "swimming_distance", unit: "km", folding: .sum, units: distance)),
            ("ActiveEnergyBurned", HealthMetric(column: "active_calories", unit: "kcal", folding: .sum, units: energy)),
            ("BasalEnergyBurned", HealthMetric(column: "basal_calories", unit: "kcal", folding: .sum, units: energy)),
            ("FlightsClimbed", HealthMetric(column: "flights_climbed", unit: "floors", folding: .sum, units: count)),
            ("AppleExerciseTime", HealthMetric(column: "exercise_minutes", unit: "min", folding: .sum, units: minutes)),
            ("AppleStandTime", HealthMetric(column: "stand_minutes", unit: "min", folding: .sum, units: minutes)),
            ("HeartRate", HealthMetric(column: "heart_rate", unit: "bpm", folding: .mean, units: bpm)),
            ("RestingHeartRate", HealthMetric(column: "resting_heart_rate", unit: "bpm", folding: .mean, units: bpm)),
            (
                "WalkingHeartRateAverage",
                HealthMetric(column: "walking_heart_rate", unit: "bpm", folding: .mean, units: bpm)
            ),
            (
                "HeartRateVariabilitySDNN",
                HealthMetric(column: "heart_rate_variability", unit: "ms", folding: .mean, units: ["ms": 1.0])
            ),
            ("OxygenSaturation", HealthMetric(column: "spo2", unit: "%", folding: .mean, units: percent)),
            (
                "RespiratoryRate",
                HealthMetric(column: "respiratory_rate", unit: "breaths/min", folding: .mean, units: bpm)
            ),
            (
                "BodyMass",
                HealthMetric(
                    column: "weight_kg", unit: "kg", folding: .latest,
                    units: ["kg": 1.0, "lb": 0.453_592_37, "g": 0.001, "st": 6.350_293_18])
            ),
            (
                "BodyFatPercentage",
                HealthMetric(column: "body_fat_percent", unit: "%", folding: .latest, units: percent)
            ),
            (
                "VO2Max",
                HealthMetric(column: "vo2_max", unit: "mL/kg/min", folding: .latest, units: ["mL/min·kg": 1.0])
            ),
        ]
    }()
}
