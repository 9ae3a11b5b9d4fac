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
    /// With `"on_error": "skip"`, the groups whose entry in `"groups"` is
    /// invalid (an unknown time zone, a bad first weekday), by key: those
    /// groups are skipped and reported, the others aggregated.
    public var invalidGroups: [Int64: WellnessError] = [:]
    /// Threads that may aggregate groups at once, the calling thread included.
    public var threads = 1
    public var onError: OnError = .fail

    /// Most threads a call may ask for.
    public static let maximumThreads = 256

    /// Most bucket rows one call returns over all its groups (each group
    /// also has ``SeriesOptions/maximumBuckets``): about 850 MB at the peak
    /// (a bucket row costs about 420 bytes until it is exported).
    public static let maximumTotalBuckets = 2_000_000

    /// The options of the group `key`.
    /// - Throws: the error of its entry in `"groups"` when it was invalid (``invalidGroups``).
    public func options(of key: Int64) throws -> SeriesOptions {
        if let error = invalidGroups[key] { throw error }
        return perGroup[key] ?? base
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
            // The entry's shape and key fail the call: without a key there is no group to skip.
            let entryReader = try ObjectReader(entry, at: entryPath)
            try entryReader.rejectUnknownKeys(["group", "time_zone", "first_weekday"])
            let key = Int64(try entryReader.required("group", as: Int.self))
            guard perGroup[key] == nil, invalidGroups[key] == nil else {
                throw WellnessError.validation("group \(key) is listed twice", at: entryPath.appending("group"))
            }
            do {
                perGroup[key] = try Self.group(entryReader, base: base)
            } catch let error as WellnessError where onError == .skip {
                invalidGroups[key] = error
            }
        }
    }

    /// The options of one entry of `"groups"`, its key already read.
    private static func group(_ reader: ObjectReader, base: SeriesOptions) throws -> SeriesOptions {
        var options = base
        if reader.object["time_zone"] != nil {
            options.timeZone = try TimeZoneRules.named(by: "time_zone", in: reader)
        }
        if reader.object["first_weekday"] != nil {
            options.firstWeekday = try SeriesOptions.weekday(reader)
        }
        return options
    }
}
