/// The activity figures an insight was computed from (seed 000).
public struct MetricsSummary: Sendable, Equatable {
    public var workouts: Int?
    public var calories: Double?
    public var steps: Int?
    public var sleepHours: Double?
    public var moodScore: Double?

    public init(
        workouts: Int? = nil, calories: Double? = nil, steps: Int? = nil,
        sleepHours: Double? = nil, moodScore: Double? = nil
    ) {
        self.workouts = workouts
        self.calories = calories
        self.steps = steps
        self.sleepHours = sleepHours
        self.moodScore = moodScore
    }
}

extension MetricsSummary: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        workouts = try reader.optionalInt("workouts", in: 0...Int.max)
        calories = try reader.optionalDouble("calories", in: 0...Double.greatestFiniteMagnitude)
        steps = try reader.optionalInt("steps", in: 0...Int.max)
        sleepHours = try reader.optionalDouble("sleep_hours", in: 0...24)
        moodScore = try reader.optional("mood_score")
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("workouts", JSONValue(workouts)),
                ("calories", JSONValue(calories)),
                ("steps", JSONValue(steps)),
                ("sleep_hours", JSONValue(sleepHours)),
                ("mood_score", JSONValue(moodScore)),
            ]))
    }
}
