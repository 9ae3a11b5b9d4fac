/// The settings of the groups a grouped call's options list, by key: an
/// open-addressing hash table with linear probing and a multiplicative hash.
///
/// Written by hand rather than a `Dictionary` because filling one with ten
/// thousand entries took about a quarter of a millisecond (its keys are
/// hashed with per-process seeded SipHash), all on the calling thread while
/// the call's other threads waited: more than a tenth of the serial part of
/// a grouped call over few rows per group. Here an insertion or a lookup is
/// a multiplication and, mostly, one probe.
package struct GroupSettingsTable: Sendable {
    /// Per slot, the index of its entry plus one; 0 when empty.
    private var slots: [Int]
    /// The keys and settings, in order of insertion.
    private(set) var keys: [Int64] = []
    private(set) var settings: [GroupedSeriesOptions.GroupSettings] = []
    /// 64 less the table's size in bits: the hash's top bits pick the slot.
    private var shift: UInt64

    package init(capacity: Int = 0) {
        let bits = Self.bits(for: capacity)
        slots = [Int](repeating: 0, count: 1 << bits)
        shift = 64 - UInt64(bits)
        keys.reserveCapacity(capacity)
        settings.reserveCapacity(capacity)
    }

    /// The groups in `dictionary`, in ascending key order.
    package init(_ dictionary: [Int64: GroupedSeriesOptions.GroupSettings]) {
        self.init(capacity: dictionary.count)
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) { _ = insert(value, for: key) }
    }

    package var count: Int { keys.count }

    /// The table as a dictionary.
    package var dictionary: [Int64: GroupedSeriesOptions.GroupSettings] {
        Dictionary(zip(keys, settings), uniquingKeysWith: { first, _ in first })
    }

    /// The settings of group `key`, when listed.
    package func settings(of key: Int64) -> GroupedSeriesOptions.GroupSettings? {
        var slot = self.slot(of: key)
        while slots[slot] != 0 {
            let entry = slots[slot] - 1
            if keys[entry] == key { return settings[entry] }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Lists group `key` with `value`; false, changing nothing, when it is already listed.
    package mutating func insert(_ value: GroupedSeriesOptions.GroupSettings, for key: Int64) -> Bool {
        // At most half full, so that probes stay short.
        if (keys.count + 1) * 2 > slots.count { grow() }
        var slot = self.slot(of: key)
        while slots[slot] != 0 {
            if keys[slots[slot] - 1] == key { return false }
            slot = (slot + 1) & (slots.count - 1)
        }
        keys.append(key)
        settings.append(value)
        slots[slot] = keys.count
        return true
    }

    private func slot(of key: Int64) -> Int {
        // Fibonacci hashing: the top bits of the product spread consecutive keys over the table.
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Twice the slots, every entry placed again.
    private mutating func grow() {
        let bits = 64 - Int(shift) + 1
        slots = [Int](repeating: 0, count: 1 << bits)
        shift = 64 - UInt64(bits)
        for (index, key) in keys.enumerated() {
            var slot = self.slot(of: key)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = index + 1
        }
    }

    /// Bits of a table at most half full with `capacity` entries (at least 16 slots).
    private static func bits(for capacity: Int) -> Int {
        var bits = 4
        while bits < 62, (1 << bits) / 2 < capacity { bits += 1 }
        return bits
    }
}
