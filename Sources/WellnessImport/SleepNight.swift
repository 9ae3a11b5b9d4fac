/// The minutes one source recorded in each sleep analysis stage over one night.
struct SleepNight {
    var inBed = 0.0
    var asleepUnspecified = 0.0
    var core = 0.0
    var deep = 0.0
    var rem = 0.0
    var awake = 0.0

    /// Whether the source recorded any sleep (not only time in bed).
    var hasSleep: Bool { asleepUnspecified + core + deep + rem > 0 }
    /// Whether the source recorded stages (watchOS 9 and later, or apps that write them).
    var hasStages: Bool { core + deep + rem > 0 }

    /// A night's date: the local date on which it ends, where a sleep day runs
    /// from 18:00 to 18:00 (a sample ending at 23:30 belongs to the next
    /// date's night; a nap ending at 15:00 to the same date's).
    static func nightDay(localEndSeconds: Int64) -> Int64 {
        floorDivide(localEndSeconds + 6 * 3600, 86_400)
    }

    /// The sleep analysis category value's stage, by its identifier.
    enum Stage: Int {
        case inBed, asleepUnspecified, core, deep, rem, awake

        static let byValue: [String: Stage] = [
            "HKCategoryValueSleepAnalysisInBed": .inBed,
            "HKCategoryValueSleepAnalysisAsleep": .asleepUnspecified,
            "HKCategoryValueSleepAnalysisAsleepUnspecified": .asleepUnspecified,
            "HKCategoryValueSleepAnalysisAsleepCore": .core,
            "HKCategoryValueSleepAnalysisAsleepDeep": .deep,
            "HKCategoryValueSleepAnalysisAsleepREM": .rem,
            "HKCategoryValueSleepAnalysisAwake": .awake,
        ]
    }

    mutating func add(_ stage: Stage, minutes: Double) {
        switch stage {
        case .inBed: inBed += minutes
        case .asleepUnspecified: asleepUnspecified += minutes
        case .core: core += minutes
        case .deep: deep += minutes
        case .rem: rem += minutes
        case .awake: awake += minutes
        }
    }
}

/// `value / divisor` rounded toward negative infinity.
func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
}
