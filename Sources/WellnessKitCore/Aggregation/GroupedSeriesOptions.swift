/// The options of a grouped aggregation: the series options every group
/// shares, each group's own time zone and first weekday, how many threads
/// may work, and what a group's bad row does to the call.
public struct GroupedSeriesOptions: Sendable {
    /// What one group's invalid row does.
    public enum OnError: String, JSONStringEnum, Sendable {
        /// The call fails with the group and row named (the default).
        case fail
        /// The group is left out and reported; the others' buckets are returned.
        case skip
    }

    /// The options of a group the document does not list.
    public var base: SeriesOptions
    /// The options of the groups listed in `"groups"`, by key.
    public var perGroup: [Int64: SeriesOptions] = [:]
    /// Threads that may aggregate groups at once, the calling thread included.
    public var threads = 1
    public var onError: OnError = .fail

    /// Most threads a call may ask for.
    public static let maximumThreads = 256

    /// The options of the group `key`.
    public func options(of key: Int64) -> SeriesOptions {
        perGroup[key] ?? base
    }
}

extension GroupedSeriesOptions: JSONDecodable {
    /// The keys a grouped options document has besides ``SeriesOptions/keys``.
    public static let groupKeys = ["groups", "threads", "on_error"]

    /// `"groups"`: `[{"group": <int64>, "time_zone": "<IANA>", "first_weekday": ...}]`,
    /// each group at most once; `"threads"`: 1 to 256; `"on_error"`: "fail" or "skip".
    public init(json: JSONValue, at path: FieldPath) throws {
        base = try SeriesOptions(json: json, at: path, sharedWith: Self.groupKeys)
        let reader = try ObjectReader(json, at: path)
        threads = try reader.optionalInt("threads", in: 1...Self.maximumThreads) ?? 1
        onError = try reader.optional("on_error") ?? .fail
        guard let groups = reader.object["groups"], groups != .null else { return }
        guard case .array(let entries) = groups else {
            throw WellnessError.validation(
                "must be an array of {\"group\", \"time_zone\", \"first_weekday\"}",
                at: reader.path(of: "groups"))
        }
        for (index, entry) in entries.enumerated() {
            let entryPath = reader.path(of: "groups").appending(index: index)
            let (key, options) = try Self.group(entry, at: entryPath, base: base)
            guard perGroup.updateValue(options, forKey: key) == nil else {
                throw WellnessError.validation("group \(key) is listed twice", at: entryPath.appending("group"))
            }
        }
    }

    private static func group(_ entry: JSONValue, at path: FieldPath, base: SeriesOptions) throws
        -> (Int64, SeriesOptions)
    {
        let reader = try ObjectReader(entry, at: path)
        try reader.rejectUnknownKeys(["group", "time_zone", "first_weekday"])
        let key = Int64(try reader.required("group", as: Int.self))
        var options = base
        if reader.object["time_zone"] != nil {
            options.timeZone = try TimeZoneRules.named(by: "time_zone", in: reader)
        }
        if reader.object["first_weekday"] != nil {
            options.firstWeekday = try SeriesOptions.weekday(reader)
        }
        return (key, options)
    }
}
