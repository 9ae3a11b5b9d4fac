/// Conditions in words, for answers that say what they covered ("more than
/// 5,000 steps", "sleep less than 5 hours", "a run").
enum ConditionWords {
    /// Names of metrics in a sentence.
    static let labels: [String: String] = [
        "steps": "steps", "sleep_minutes": "sleep", "deep_sleep_minutes": "deep sleep",
        "rem_sleep_minutes": "REM sleep", "resting_heart_rate": "resting heart rate",
        "heart_rate_variability": "HRV", "active_zone_minutes": "active zone minutes",
        "average_heart_rate": "average heart rate", "distance": "distance", "duration": "time", "calories": "calories",
        "elevation_gain": "elevation gain", "speed": "speed", "light_sleep_minutes": "light sleep",
        "awake_minutes": "time awake", "time_in_bed_minutes": "time in bed", "deep_sleep_percent": "deep sleep share",
        "rem_sleep_percent": "REM sleep share", "light_sleep_percent": "light sleep share",
        "awake_percent": "share of time awake", "sleep_score": "sleep score", "stress_score": "stress score",
        "vo2_max": "VO2 max", "spo2": "SpO2", "bed_time": "bed time", "wake_time": "wake time", "weight": "weight",
    ]

    /// A metric's unit when the tables declare none.
    static let defaultUnits: [String: String] = [
        "resting_heart_rate": "bpm", "average_heart_rate": "bpm", "heart_rate_variability": "ms",
        "active_zone_minutes": "minutes", "calories": "kcal", "elevation_gain": "m", "steps": "steps",
        "deep_sleep_percent": "%", "rem_sleep_percent": "%", "light_sleep_percent": "%", "awake_percent": "%",
        "spo2": "%", "vo2_max": "ml/kg/min",
    ]

    /// Singular nouns of the reader's activities.
    static let nouns: [String: String] = [
        "run": "run", "bike": "ride", "swim": "swim", "yoga": "yoga session", "weights": "weights session",
        "walk": "walk", "hike": "hike", "elliptical": "elliptical session", "aerobic": "aerobic workout",
        "hiit": "interval workout",
        "treadmill": "treadmill run", "spinning": "spinning session", "outdoor bike": "outdoor ride",
        "indoor bike": "indoor ride", "outdoor run": "outdoor run", "indoor run": "indoor run",
        "outdoor walk": "outdoor walk", "indoor walk": "indoor walk", "pool swim": "pool swim",
        "open water swim": "open water swim",
    ]

    static func label(_ metric: String) -> String {
        labels[metric] ?? String(metric.map { $0 == "_" ? " " : $0 })
    }

    /// All of `conditions`, joined by "and"; nil when there are none.
    static func phrase(_ conditions: [QueryCondition], units: [String: String]) -> String? {
        guard !conditions.isEmpty else { return nil }
        return conditions.map { phrase($0, units: units) }.joined(separator: " and ")
    }

    /// One condition: "more than 5,000 steps", "deep sleep more than 2 hours", "a run", "a workout".
    static func phrase(_ condition: QueryCondition, units: [String: String]) -> String {
        switch condition.value {
        case .activity(let name):
            let noun = nouns[name] ?? name
            return condition.op == .notEqual ? "a session other than a \(noun)" : "a \(noun)"
        case .number(let value):
            // Any workout: a session's duration is at least 0.
            if condition.metric == "duration", condition.op == .greaterOrEqual, value == 0 { return "a workout" }
            let amount = self.amount(value, of: condition.metric, units: units)
            if condition.metric == "steps" { return "\(comparison(condition.op)) \(amount)" }
            return "\(label(condition.metric)) \(comparison(condition.op)) \(amount)"
        }
    }

    private static func comparison(_ op: QueryCondition.Operator) -> String {
        switch op {
        case .less: return "less than"
        case .lessOrEqual: return "at most"
        case .greater: return "more than"
        case .greaterOrEqual: return "at least"
        case .equal: return "exactly"
        case .notEqual: return "other than"
        }
    }

    /// A condition's value with its unit: times kept in minutes in whole hours when they are.
    private static func amount(_ value: Double, of metric: String, units: [String: String]) -> String {
        if QuestionClauses.minuteMetrics.contains(metric) && units[metric] == nil || units[metric] == "min" {
            let hours = value / 60
            if hours == hours.rounded(), hours != 0 { return count(hours, "hour") }
            return count(value, "minute")
        }
        let unit = units[metric] ?? defaultUnits[metric]
        return format(value) + (unit.map { $0 == "%" ? $0 : " \($0)" } ?? "")
    }

    static func count(_ value: Double, _ noun: String) -> String {
        "\(format(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    /// 12500 as "12,500", 6.25 as "6.3".
    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            return grouped(Int64(rounded))
        }
        return DisplayNumber.fixed(rounded, digits: 1)
    }

    private static func grouped(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }
}
