/// The daily metrics the server knows by name: each one's unit, the values
/// it accepts, and the units it converts from. Names are those of the query
/// engine's daily table (docs/QUERY.md), so that the coach's table reads
/// them; other metric names are stored as sent, without a unit or a range.
public enum DailyMetricVocabulary {
    /// A known metric: its unit, the range of its values (in that unit), and
    /// the units a client may send it in, each with its factor to the metric's unit.
    public struct Metric: Sendable {
        public let unit: String
        public let range: ClosedRange<Double>
        public let conversions: [String: Double]
    }

    private static let minutes = ["min": 1.0, "minutes": 1, "h": 60, "hours": 60, "s": 1.0 / 60, "seconds": 1.0 / 60]
    private static func minutesMetric(_ most: Double = 1440) -> Metric {
        Metric(unit: "min", range: 0...most, conversions: minutes)
    }
    private static func percent() -> Metric {
        Metric(unit: "percent", range: 0...100, conversions: ["percent": 1, "%": 1, "fraction": 100])
    }
    private static func score() -> Metric { Metric(unit: "score", range: 0...100, conversions: ["score": 1]) }

    /// The known metrics by name.
    public static let metrics: [String: Metric] = [
        "steps": Metric(unit: "steps", range: 0...500_000, conversions: ["steps": 1]),
        "resting_heart_rate": Metric(unit: "bpm", range: 20...250, conversions: ["bpm": 1]),
        "heart_rate_variability": Metric(unit: "ms", range: 0...1000, conversions: ["ms": 1, "s": 1000]),
        "sleep_minutes": minutesMetric(), "deep_sleep_minutes": minutesMetric(),
        "light_sleep_minutes": minutesMetric(), "rem_sleep_minutes": minutesMetric(), "awake_minutes": minutesMetric(),
        "time_in_bed_minutes": minutesMetric(), "active_zone_minutes": minutesMetric(),
        "deep_sleep_percent": percent(), "rem_sleep_percent": percent(), "light_sleep_percent": percent(),
        "awake_percent": percent(), "sleep_score": score(), "stress_score": score(),
        "spo2": Metric(unit: "percent", range: 50...100, conversions: ["percent": 1, "%": 1, "fraction": 100]),
        "vo2_max": Metric(unit: "ml/kg/min", range: 5...100, conversions: ["ml/kg/min": 1]),
        "weight_kg": Metric(
            unit: "kg", range: 20...400, conversions: ["kg": 1, "lb": 0.453_592_37, "st": 6.350_293_18, "g": 0.001]),
        "calories": Metric(unit: "kcal", range: 0...50_000, conversions: ["kcal": 1, "kJ": 1 / 4.184]),
        "distance_km": Metric(
            unit: "km", range: 0...1000, conversions: ["km": 1, "m": 0.001, "mi": 1.609_344]),
        "floors": Metric(unit: "floors", range: 0...1000, conversions: ["floors": 1]),
    ]

    /// Names taken for a known metric's: the same metric under its query name.
    public static let aliases = ["spo2_percent": "spo2", "hrv": "heart_rate_variability"]

    /// The largest magnitude a metric outside the vocabulary may have.
    public static let customLimit = 1e12

    /// A metric's name as stored: a known alias's metric, else `name` once it is an identifier.
    /// - Throws: a validation error at `path` for a name that is not a lowercase identifier, or is `date`.
    public static func canonicalName(_ name: String, at path: FieldPath) throws -> String {
        let bytes = Array(name.utf8)
        let isIdentifier =
            (1...64).contains(bytes.count)
            && bytes.enumerated().allSatisfy { index, byte in
                byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (index > 0 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte))
            }
        guard isIdentifier, name != "date" else {
            throw WellnessError.validation(
                "\"\(name.echo)\" is not a metric name (lowercase letters, digits and _, not starting with a "
                    + "digit, at most 64; not \"date\")", at: path)
        }
        return aliases[name] ?? name
    }

    /// `value` sent in `unit` (nil: the metric's own unit), in the metric's unit and checked against its range.
    /// - Throws: a validation error at `path` for a value that is not finite or out of range.
    public static func value(_ value: Double, of name: String, in unit: String?, at path: FieldPath) throws -> Double {
        guard value.isFinite else { throw WellnessError.validation("must be a finite number", at: path) }
        guard let metric = metrics[name] else {
            guard abs(value) <= customLimit else {
                throw WellnessError.validation("must be between -1e12 and 1e12", at: path)
            }
            return value
        }
        let converted = value * (unit.flatMap { metric.conversions[$0] } ?? 1)
        guard metric.range.contains(converted) else {
            let shown = unit.map { " (\(Self.format(converted)) \(metric.unit) from \($0))" } ?? ""
            throw WellnessError.validation(
                "must be between \(Self.format(metric.range.lowerBound)) and \(Self.format(metric.range.upperBound)) "
                    + "\(metric.unit)\(shown)", at: path)
        }
        return converted
    }

    /// The `units` object of a request: the unit each known metric is sent in.
    /// - Throws: a validation error naming the metric for a metric outside the
    ///   vocabulary, or a unit the metric does not convert from (listing those it does).
    public static func units(_ json: JSONValue?, at path: FieldPath) throws -> [String: String] {
        guard let json, json != .null else { return [:] }
        let reader = try ObjectReader(json, at: path)
        var units: [String: String] = [:]
        for member in reader.object.members {
            let memberPath = reader.path(of: member.key.echo)
            let name = try canonicalName(member.key, at: memberPath)
            let unit = try String(json: member.value, at: memberPath)
            guard let metric = metrics[name] else {
                throw WellnessError.validation(
                    "units convert only the documented metrics; send \"\(member.key.echo)\" in its own unit",
                    at: memberPath)
            }
            guard metric.conversions[unit] != nil else {
                throw WellnessError.validation(
                    "\"\(unit.echo)\" is not a unit of \(name) (one of "
                        + metric.conversions.keys.sorted().joined(separator: ", ") + ")", at: memberPath)
            }
            units[name] = unit
        }
        return units
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
