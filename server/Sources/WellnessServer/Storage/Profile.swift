import WellnessKitCore

/// A user's physical profile (seed 003's AI context: age, height, weight, BMI).
public struct Profile: Sendable, Equatable {
    public var age: Int?
    public var heightCm: Double?
    public var weightKg: Double?

    public init(age: Int? = nil, heightCm: Double? = nil, weightKg: Double? = nil) {
        self.age = age
        self.heightCm = heightCm
        self.weightKg = weightKg
    }

    /// Body-mass index, when height and weight are known.
    public var bmi: Double? {
        guard let heightCm, let weightKg, heightCm > 0 else { return nil }
        return weightKg / ((heightCm / 100) * (heightCm / 100))
    }
}

extension Profile: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        age = try reader.optionalInt("age", in: 1...130)
        heightCm = try reader.optionalDouble("height_cm", in: 50...260)
        weightKg = try reader.optionalDouble("weight_kg", in: 20...400)
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("age", JSONValue(age)), ("height_cm", JSONValue(heightCm)), ("weight_kg", JSONValue(weightKg)),
                ("bmi", JSONValue(bmi.map { ($0 * 10).rounded() / 10 })),
            ]))
    }
}
