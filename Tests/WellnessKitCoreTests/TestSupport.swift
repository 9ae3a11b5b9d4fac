@testable import WellnessKitCore

/// The WellnessError `body` throws, or nil when it succeeds or throws something else.
func wellnessError(_ body: () throws -> Any) -> WellnessError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? WellnessError
    }
}

/// Decodes a model from JSON text.
func decode<Model: JSONDecodable>(_ type: Model.Type, _ text: String) throws -> Model {
    try Model(json: JSONParser.parse(text))
}

/// A model's canonical JSON as text.
func canonical<Model: JSONEncodable>(_ model: Model) -> String {
    JSONWriter.string(model.json)
}
