/// The settings of the groups a grouped call's options list, by key
/// (numbered by ``KeyTable``s: filling a `Dictionary` with ten thousand of
/// them took about a quarter of a millisecond, all on the calling thread
/// while the call's other threads waited).
///
/// The keys are split into parts by a bit of their hash, so that the call's
/// threads can each number one part's keys at once (``listing(_:threads:)``);
/// a key listed twice lands in one part, which finds it.
package struct GroupSettingsTable: Sendable {
    /// One part's keys, numbered, and their settings by number.
    private struct Part: Sendable {
        var table: KeyTable
        var settings: [GroupedSeriesOptions.GroupSettings] = []

        init(capacity: Int) {
            table = KeyTable(capacity: capacity)
            settings.reserveCapacity(capacity)
        }

        func settings(of key: Int64) -> GroupedSeriesOptions.GroupSettings? {
            table.number(of: key).map { settings[$0] }
        }

        mutating func insert(_ value: GroupedSeriesOptions.GroupSettings, for key: Int64) -> Bool {
            guard table.number(key) == settings.count else { return false }
            settings.append(value)
            return true
        }
    }

    /// A power of two of them; mostly one.
    private var parts: [Part]

    package init(capacity: Int = 0) {
        parts = [Part(capacity: capacity)]
    }

    /// The groups in `dictionary`, in ascending key order.
    package init(_ dictionary: [Int64: GroupedSeriesOptions.GroupSettings]) {
        self.init(capacity: dictionary.count)
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) { _ = insert(value, for: key) }
    }

    private init(parts: [Part]) {
        self.parts = parts
    }

    /// Entries this many and more are numbered by two threads or more: under it,
    /// a thread's start costs more than the half it would number.
    static let minimumEntriesPerPart = 1024

    /// The settings of listed groups, numbered by up to `threads` threads at
    /// once, each going through all the entries and numbering those of its
    /// own part.
    /// - Parameters:
    ///   - entries: each listed group's key and settings, in the order listed.
    ///   - threads: most threads to use, the calling one included.
    /// - Returns: the table; or, when a key is listed twice, the index of the
    ///   first entry whose key an earlier entry lists.
    static func listing<Entry: ListedGroup>(
        _ entries: [Entry], threads: Int
    ) -> Result<GroupSettingsTable, ListedTwice> {
        let partCount = partCount(entries: entries.count, threads: threads)
        let built = ParallelSlices(count: partCount, threads: partCount, minimumSlice: 1).run {
            part, _ -> (Part, firstRepeat: Int?) in
            // A part holds about its share of the keys; KeyTable grows should the hash split them unevenly.
            var numbered = Part(capacity: entries.count / partCount)
            for (index, entry) in entries.enumerated() where Self.part(of: entry.key, among: partCount) == part {
                guard numbered.insert(entry.settings, for: entry.key) else { return (numbered, index) }
            }
            return (numbered, nil)
        }
        if let firstRepeat = built.compactMap(\.firstRepeat).min() { return .failure(ListedTwice(index: firstRepeat)) }
        return .success(GroupSettingsTable(parts: built.map(\.0)))
    }

    /// The most parts, a power of two, that `threads` can number with
    /// ``minimumEntriesPerPart`` entries each.
    private static func partCount(entries: Int, threads: Int) -> Int {
        var count = 1
        while count * 2 <= min(threads, entries / minimumEntriesPerPart) { count *= 2 }
        return count
    }

    /// An entry of `"groups"` as ``listing(_:threads:)`` reads it.
    protocol ListedGroup: Sendable {
        var key: Int64 { get }
        var settings: GroupedSeriesOptions.GroupSettings { get }
    }

    /// The entry ``listing(_:threads:)`` found listing a key again.
    struct ListedTwice: Error {
        let index: Int
    }

    package var count: Int { parts.reduce(0) { $0 + $1.table.count } }

    /// The table as a dictionary.
    package var dictionary: [Int64: GroupedSeriesOptions.GroupSettings] {
        var dictionary: [Int64: GroupedSeriesOptions.GroupSettings] = [:]
        for part in parts {
            dictionary.merge(zip(part.table.keys, part.settings), uniquingKeysWith: { first, _ in first })
        }
        return dictionary
    }

    /// The settings of group `key`, when listed.
    package func settings(of key: Int64) -> GroupedSeriesOptions.GroupSettings? {
        // A method of the part in place: a copy of it would retain its three arrays, which every thread shares.
        parts[Self.part(of: key, among: parts.count)].settings(of: key)
    }

    /// Lists group `key` with `value`; false, changing nothing, when it is already listed.
    package mutating func insert(_ value: GroupedSeriesOptions.GroupSettings, for key: Int64) -> Bool {
        parts[Self.part(of: key, among: parts.count)].insert(value, for: key)
    }

    /// The part of `key` among `count` (a power of two): a middle bit of its
    /// hash, as the top bits pick its slot within the part.
    private static func part(of key: Int64, among count: Int) -> Int {
        Int(truncatingIfNeeded: KeyTable.hash(key) >> 32) & (count &- 1)
    }
}
