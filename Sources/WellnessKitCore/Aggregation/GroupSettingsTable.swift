/// The settings of the groups a grouped call's options list, by key
/// (numbered by a ``KeyTable``: filling a `Dictionary` with ten thousand of
/// them took about a quarter of a millisecond, all on the calling thread
/// while the call's other threads waited).
package struct GroupSettingsTable: Sendable {
    private var table: KeyTable
    /// The settings, by the number of their group's key.
    private var settings: [GroupedSeriesOptions.GroupSettings] = []

    package init(capacity: Int = 0) {
        table = KeyTable(capacity: capacity)
        settings.reserveCapacity(capacity)
    }

    /// The groups in `dictionary`, in ascending key order.
    package init(_ dictionary: [Int64: GroupedSeriesOptions.GroupSettings]) {
        self.init(capacity: dictionary.count)
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) { _ = insert(value, for: key) }
    }

    package var count: Int { table.count }

    /// The table as a dictionary.
    package var dictionary: [Int64: GroupedSeriesOptions.GroupSettings] {
        Dictionary(zip(table.keys, settings), uniquingKeysWith: { first, _ in first })
    }

    /// The settings of group `key`, when listed.
    package func settings(of key: Int64) -> GroupedSeriesOptions.GroupSettings? {
        table.number(of: key).map { settings[$0] }
    }

    /// Lists group `key` with `value`; false, changing nothing, when it is already listed.
    package mutating func insert(_ value: GroupedSeriesOptions.GroupSettings, for key: Int64) -> Bool {
        guard table.number(key) == settings.count else { return false }
        settings.append(value)
        return true
    }
}
