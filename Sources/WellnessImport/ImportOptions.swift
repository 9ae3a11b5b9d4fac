import WellnessKitCore

/// What the importers take besides the file.
public struct ImportOptions: Sendable {
    /// The zone local days are cut in; nil: each record's own written offset
    /// (Apple Health writes one per record: the zone the device was in).
    public var timeZone: TimeZoneRules?
    /// Source names in order of priority, before the default order.
    public var sourcePriority: [String]

    public init(timeZone: TimeZoneRules? = nil, sourcePriority: [String] = []) {
        self.timeZone = timeZone
        self.sourcePriority = sourcePriority
    }

    /// Reads `{"time_zone": "Europe/Berlin" | null, "source_priority": ["Ann's Apple Watch", ...]}`;
    /// `extraKeys` are the caller's own members, accepted and ignored here.
    public init(json: JSONValue, at path: FieldPath = .root, extraKeys: [String] = []) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(["time_zone", "source_priority"] + extraKeys)
        if let name: String = try reader.optional("time_zone") {
            timeZone = try TimeZoneRules.named(name, at: reader.path(of: "time_zone"))
        } else {
            timeZone = nil
        }
        sourcePriority = try reader.optional("source_priority", as: [String].self) ?? []
    }

    /// The UTC offset in seconds that cuts local days at `instant`, for a record written with `offset`.
    func offset(at instant: Int64, written offset: Int32) -> Int64 {
        guard let timeZone else { return Int64(offset) }
        return timeZone.offset(at: instant)
    }
}
