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
    /// What a group listed in `"groups"` sets for itself: plain numbers, so
    /// that ten thousand of them cost little to store, copy and free.
    public struct GroupSettings: Sendable {
        /// Its time zone, an index into ``zones``; nil for the shared one.
        public var zone: Int?
        /// Its first weekday (1 is Sunday); nil for the shared one.
        public var firstWeekday: Int?
    }

    /// The settings of the groups listed in `"groups"`, by key, as a
    /// dictionary made on each reading (``settings(of:)`` looks one up).
    public var perGroup: [Int64: GroupSettings] {
        get { groupTable.dictionary }
        set { groupTable = GroupSettingsTable(newValue) }
    }
    /// The settings of the groups listed in `"groups"`.
    package var groupTable = GroupSettingsTable()
    /// The distinct time zones of `"groups"`, each once.
    public var zones: [TimeZoneRules] = []
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
    /// also has ``SeriesOptions/maximumBuckets``). Packed as they are made
    /// (``PackedBuckets``), a row costs about its size in the result; kept as
    /// ``SeriesBucket``s (``GroupedAggregation/groups``), about 420 bytes.
    public static let maximumTotalBuckets = 2_000_000

    /// The settings `"groups"` lists for group `key`; nil when it is not listed (or its entry is invalid).
    public func settings(of key: Int64) -> GroupSettings? {
        groupTable.settings(of: key)
    }

    /// The options of the group `key`.
    /// - Throws: the error of its entry in `"groups"` when it was invalid (``invalidGroups``).
    public func options(of key: Int64) throws -> SeriesOptions {
        if let error = invalidGroups[key] { throw error }
        guard let settings = settings(of: key) else { return base }
        var options = base
        if let zone = settings.zone, zones.indices.contains(zone) { options.timeZone = zones[zone] }
        if let weekday = settings.firstWeekday { options.firstWeekday = weekday }
        return options
    }
}

extension GroupedSeriesOptions: JSONDecodable {
    /// The keys a grouped options document has besides ``SeriesOptions/keys``.
    public static let groupKeys = ["groups", "threads", "on_error"]

    /// `"groups"`: `[{"group": <int64>, "time_zone": "<IANA>", "first_weekday": ...}]`,
    /// each group at most once, or the same as columns (``ListedEntries``);
    /// `"threads"`: 1 to 256; `"on_error"`: "fail" or "skip".
    public init(json: JSONValue, at path: FieldPath) throws {
        base = try SeriesOptions(json: json, at: path, sharedWith: Self.groupKeys)
        let reader = try ObjectReader(json, at: path)
        threads = try reader.optionalInt("threads", in: 1...Self.maximumThreads) ?? 1
        onError = try reader.optional("on_error") ?? .fail
        guard let groups = reader.object["groups"], groups != .null else { return }
        let groupsPath = reader.path(of: "groups")
        let listed = try ListedEntries(groups, at: groupsPath)
        groupTable = GroupSettingsTable(capacity: listed.entries.count)
        // Read by the call's threads (ten thousand entries took a tenth of a small call), merged in order.
        let slices = ParallelSlices(count: listed.entries.count, threads: threads, minimumSlice: 1024)
        let entries = listed.entries
        let layout = listed.layout
        for slice in slices.run({ _, range in
            EntrySlice(entries[range], first: range.lowerBound, layout: layout, at: groupsPath)
        }) {
            try merge(slice, at: groupsPath, layout: layout)
        }
    }

    /// The options of a document whose `"groups"` are of the usual form
    /// (``GroupEntriesScanner``): the rest read as the document would be,
    /// the entries as the scanner read them, on up to two of the call's
    /// `"threads"`. Nil, having read nothing, for any other document:
    /// ``init(json:at:)`` then reads it.
    /// - Throws: what ``init(json:at:)`` throws for the same document.
    package init?(scanning document: UnsafeRawBufferPointer) throws {
        guard let located = GroupEntriesScanner.locate(document),
            let rest = located.rest.withUnsafeBytes({ try? JSONParser.parse($0, expecting: .object) })
        else { return nil }
        // The rest's errors only once the entries are known to be usual: the general reader's otherwise.
        let restRead = Result { try GroupedSeriesOptions(json: rest, at: .root) }
        let threads = (try? restRead.get())?.threads ?? 1
        guard let scanned = GroupEntriesScanner.read(document, located, threads: threads) else {
            return nil
        }
        self = try restRead.get()
        zones = scanned.zones
        switch GroupSettingsTable.listing(scanned.entries, threads: threads) {
        case .success(let table):
            groupTable = table
        case .failure(let listedTwice):
            throw WellnessError.validation(
                "group \(scanned.entries[listedTwice.index].key) is listed twice",
                at: located.layout.path(of: "group", at: listedTwice.index, in: FieldPath.root.appending("groups")))
        }
    }

    /// One thread's entries, in order: a key listed twice, or an entry's
    /// error under `"on_error": "fail"`, fails the call.
    private mutating func merge(_ slice: EntrySlice, at groupsPath: FieldPath, layout: ListedEntries.Layout) throws {
        // The slice's zone numbers, as numbers of the call's zones.
        var numbers: [Int] = []
        for zone in slice.zones {
            if let known = zones.firstIndex(where: { $0.identifier == zone.identifier }) {
                numbers.append(known)
            } else {
                numbers.append(zones.count)
                zones.append(zone)
            }
        }
        for entry in slice.entries {
            let (key, index, settings) = try entry.get()
            var listedTwice: WellnessError {
                .validation("group \(key) is listed twice", at: layout.path(of: "group", at: index, in: groupsPath))
            }
            switch settings {
            case .success(var settings):
                settings.zone = settings.zone.map { numbers[$0] }
                // One lookup for the check and the insertion: ten thousand entries are read one by one here.
                guard invalidGroups[key] == nil, groupTable.insert(settings, for: key) else {
                    throw listedTwice
                }
            case .failure(let error) where onError == .skip:
                guard groupTable.settings(of: key) == nil, invalidGroups.updateValue(error, forKey: key) == nil else {
                    throw listedTwice
                }
            case .failure(let error):
                guard groupTable.settings(of: key) == nil, invalidGroups[key] == nil else { throw listedTwice }
                throw error
            }
        }
    }
}

/// Entries of `"groups"` read by one thread: each entry's key, path and
/// settings (or the error of its settings), its zones numbered in the order
/// first seen; or the error of an entry without a usable key, which fails
/// the call (without a key there is no group to skip).
private struct EntrySlice: Sendable {
    /// The key, the entry's index in `"groups"` (its path is made only for an error) and its settings.
    typealias Entry = Result<
        (Int64, Int, Result<GroupedSeriesOptions.GroupSettings, WellnessError>), WellnessError
    >

    private(set) var entries: [Entry] = []
    private(set) var zones: [TimeZoneRules] = []
    private var numbers: [String: Int] = [:]

    init(_ slice: ArraySlice<JSONValue>, first: Int, layout: ListedEntries.Layout, at groupsPath: FieldPath) {
        entries.reserveCapacity(slice.count)
        for (offset, entry) in slice.enumerated() {
            let index = first + offset
            if let plain = plainEntry(entry) {
                entries.append(.success((plain.key, index, .success(plain.settings))))
                continue
            }
            do {
                let reader = try ObjectReader(entry, at: layout.readerPath(at: index, in: groupsPath))
                try reader.rejectUnknownKeys(ListedEntries.settingNames)
                let key = Int64(try layout.placing(index) { try reader.required("group", as: Int.self) })
                do {
                    entries.append(.success((key, index, .success(try layout.placing(index) { try settings(reader) }))))
                } catch let error as WellnessError {
                    entries.append(.success((key, index, .failure(error))))
                }
            } catch let error as WellnessError {
                entries.append(.failure(error))
            } catch {
                entries.append(.failure(.internal("\(error)")))
            }
        }
    }

    /// The key and settings of an entry in the usual form, read without a
    /// reader or a path: `{"group": <integer>}` with, at most, a `"time_zone"`
    /// this slice has already found valid. Nil for any other entry, which
    /// the reader then reads (and names what is wrong with it).
    private func plainEntry(_ entry: JSONValue) -> (key: Int64, settings: GroupedSeriesOptions.GroupSettings)? {
        guard case .object(let object) = entry, (1...2).contains(object.members.count) else { return nil }
        var key: Int64?
        var settings = GroupedSeriesOptions.GroupSettings()
        for member in object.members {
            switch (member.key, member.value) {
            case ("group", .number(let text)) where key == nil:
                // Plain digits only (Int's own reading); 3.0 or 3e0 go through the reader.
                guard let number = Int64(text) else { return nil }
                key = number
            case ("time_zone", .string(let name)) where settings.zone == nil:
                guard let known = numbers[name] else { return nil }
                settings.zone = known
            default:
                return nil
            }
        }
        return key.map { ($0, settings) }
    }

    /// The time zone and first weekday of one entry (nil where it sets none), its key already read.
    private mutating func settings(_ reader: ObjectReader) throws -> GroupedSeriesOptions.GroupSettings {
        var settings = GroupedSeriesOptions.GroupSettings()
        if reader.object["time_zone"] != nil {
            let zone = try TimeZoneRules.named(by: "time_zone", in: reader)
            if let known = numbers[zone.identifier] {
                settings.zone = known
            } else {
                settings.zone = zones.count
                numbers[zone.identifier] = zones.count
                zones.append(zone)
            }
        }
        if reader.object["first_weekday"] != nil {
            settings.firstWeekday = try SeriesOptions.weekday(reader)
        }
        return settings
    }
}
