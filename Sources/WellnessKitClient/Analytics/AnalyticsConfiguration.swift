import WellnessKitCore

/// The configuration document of `wellness_analytics_new`:
/// `{"capacity"?: 1-1000000 (default 1024), "jsonl_path"?: "/path/events.jsonl"}`.
public struct AnalyticsConfiguration: Sendable, Equatable {
    public static let defaultCapacity = 1024

    public let capacity: Int
    /// The JSON Lines file events are appended to, if any.
    public let jsonlPath: String?

    public init(capacity: Int = defaultCapacity, jsonlPath: String? = nil) {
        self.capacity = capacity
        self.jsonlPath = jsonlPath
    }
}

extension AnalyticsConfiguration: JSONDecodable {
    /// - Throws: a validation error naming the field (unknown keys refused).
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(["capacity", "jsonl_path"])
        capacity = try reader.optionalInt("capacity", in: 1...AnalyticsPipeline.maximumCapacity) ?? Self.defaultCapacity
        let path: String? = try reader.optional("jsonl_path")
        if path == "" { throw WellnessError.validation("must not be empty", at: reader.path(of: "jsonl_path")) }
        if path?.utf8.contains(0) == true {
            throw WellnessError.validation("must not contain a NUL character", at: reader.path(of: "jsonl_path"))
        }
        jsonlPath = path
    }
}
