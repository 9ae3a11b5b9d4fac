/// The AI coach a consultation talks to (seed 004).
public enum Persona: String, JSONCodable, CaseIterable, Sendable {
    case generalWellness = "general_wellness"
    case wellnessSpecialist = "wellness_specialist"
    case nutritionist
    case fitnessCoach = "fitness_coach"
    case sleepCoach = "sleep_coach"

    /// The Swift case name, as seed 004's deep links spell personas.
    public var camelCaseName: String {
        let words = rawValue.split(separator: "_")
        return words.enumerated().map { index, word in index == 0 ? String(word) : String(word).capitalizedWords }
            .joined()
    }

    /// Accepts the snake_case raw value or the camelCase case name.
    public init(json: JSONValue, at path: FieldPath) throws {
        let text = try String(json: json, at: path)
        guard let persona = Persona(rawValue: text) ?? Persona.allCases.first(where: { $0.camelCaseName == text })
        else {
            let allowed = Persona.allCases.map(\.rawValue).joined(separator: ", ")
            throw WellnessError.validation("\"\(text.echo)\" is not one of: \(allowed)", at: path)
        }
        self = persona
    }

    public var json: JSONValue { .string(rawValue) }
}
