/// `{"consultations": [...], "pagination": {...}}`.
public struct ConsultationsPage: JSONCodable, Sendable, Equatable {
    public var consultations: [Consultation]
    public var pagination: Pagination

    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        consultations = try reader.required("consultations")
        pagination = try reader.required("pagination")
    }

    public var json: JSONValue {
        .object(JSONObject([("consultations", consultations.json), ("pagination", pagination.json)]))
    }
}
