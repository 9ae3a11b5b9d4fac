import WellnessKitCore

extension WellnessClient {
    /// A server document as a model; a mismatch is a `decoding` error naming the field.
    func decodeResponse<Model: JSONDecodable>(_ type: Model.Type, from document: JSONValue) throws -> Model {
        do {
            return try Model(json: document)
        } catch let error as WellnessError where error.kind == .validation {
            throw WellnessError(
                kind: .decoding, message: "the server's response does not fit: \(error.message)",
                path: error.path)
        }
    }

    /// Percent-encodes an id for a path segment.
    func segment(_ id: String) throws -> String {
        guard !id.isEmpty else {
            throw WellnessError.validation("must be a non-empty id", at: FieldPath.root.appending("id"))
        }
        return id.percentEncodedUnreserved
    }
}
