/// The chart keys of a series options document: `"width"` and `"height"` in pixels.
public struct ChartOptions: Sendable, JSONDecodable {
    public let width: Int
    public let height: Int

    /// Every chart key of an options document.
    public static let keys = ["width", "height"]

    public init(json: JSONValue, at path: FieldPath) throws {
        try self.init(json: json, at: path, sharedWith: [])
    }

    /// Chart options from a document that also holds `otherKeys` (the
    /// series options); any other key is a validation error.
    public init(json: JSONValue, at path: FieldPath, sharedWith otherKeys: [String]) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(Self.keys + otherKeys)
        width = try reader.optionalInt("width", in: 160...4096) ?? 640
        height = try reader.optionalInt("height", in: 120...4096) ?? ChartSpec.height
    }
}
