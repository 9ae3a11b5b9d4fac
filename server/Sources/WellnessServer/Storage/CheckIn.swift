import WellnessKitCore

/// One day's tracking data for a user: what insights, suggestions, tips and
/// trends are computed from.
public struct CheckIn: Sendable, Equatable {
    public var date: CalendarDate
    public var biologicalAge: Double?
    public var steps: Double?
    public var workouts: Double?
    public var calories: Double?
    public var sleepHours: Double?
    /// 1 (low) … 10 (high).
    public var mood: Double?

    public init(
        date: CalendarDate, biologicalAge: Double? = nil, steps: Double? = nil, workouts: Double? = nil,
        calories: Double? = nil, sleepHours: Double? = nil, mood: Double? = nil
    ) {
        self.date = date
        self.biologicalAge = biologicalAge
        self.steps = steps
        self.workouts = workouts
        self.calories = calories
        self.sleepHours = sleepHours
        self.mood = mood
    }
}

extension CheckIn: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        date = try reader.required("date")
        biologicalAge = try reader.optionalDouble("biological_age", in: 0...200)
        steps = try reader.optionalDouble("steps", in: 0...500_000)
        workouts = try reader.optionalDouble("workouts", in: 0...50)
        calories = try reader.optionalDouble("calories", in: 0...50_000)
        sleepHours = try reader.optionalDouble("sleep_hours", in: 0...24)
        mood = try reader.optionalDouble("mood", in: 1...10)
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("date", date.json), ("biological_age", JSONValue(biologicalAge)), ("steps", JSONValue(steps)),
                ("workouts", JSONValue(workouts)), ("calories", JSONValue(calories)),
                ("sleep_hours", JSONValue(sleepHours)), ("mood", JSONValue(mood)),
            ]))
    }
}
