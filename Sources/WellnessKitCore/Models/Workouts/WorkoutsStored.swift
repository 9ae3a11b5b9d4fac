/// `{"stored": n}`: the answer to `POST /api/v1/workouts`, how many workouts the request held.
public struct WorkoutsStored: JSONCodable, Sendable, Equatable {
    public var stored: Int

    public init(stored: Int) {
        self.stored = stored
    }

    public init(json: JSONValue, at path: FieldPath) throws {
        stored = try ObjectReader(json, at: path).required("stored")
    }

    public var json: JSONValue { .object(JSONObject([("stored", .int(stored))])) }
}
