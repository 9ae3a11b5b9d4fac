/// The `{"success": …, "data": …}` wrapper of every API response (seeds 000, 003).
public struct Envelope<Payload: JSONCodable & Sendable & Equatable>: Sendable, Equatable {
    public var success: Bool
    public var data: Payload

    public init(success: Bool = true, data: Payload) {
        self.success = success
        self.data = data
    }
}

extension Envelope: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        success = try reader.required("success")
        data = try reader.required("data")
    }

    public var json: JSONValue {
        .object(JSONObject([("success", success.json), ("data", data.json)]))
    }
}
