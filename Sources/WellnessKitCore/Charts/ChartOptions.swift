/// The chart keys of a series options document: `"width"` and `"height"` in pixels.
public struct ChartOptions: Sendable, JSONDecodable {
    public let width: Int
    public let height: Int

    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        width = try reader.optionalInt("width", in: 160...4096) ?? 640
        height = try reader.optionalInt("height", in: 120...4096) ?? ChartSpec.height
    }
}
