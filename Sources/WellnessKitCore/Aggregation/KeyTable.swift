/// Distinct keys numbered 0, 1, … in order of first sight: open addressing,
/// linear probing and a multiplicative hash, at most half full (it grows).
///
/// Written by hand rather than a `Dictionary`, whose keys are hashed with
/// per-process seeded SipHash: the grouped call numbers every row's key with
/// it when the keys are far apart (``GroupRuns``), and keeps the settings of
/// ten thousand listed groups in it (``GroupSettingsTable``), where filling a
/// `Dictionary` took about a quarter of a millisecond on the calling thread
/// alone. Here an insertion or a lookup is a multiplication and, mostly, one probe.
struct KeyTable {
    /// A key and its number, side by side so that a probe reads one cache line.
    private struct Slot {
        var key: Int64
        /// -1 when the slot is empty.
        var number: Int
        static let empty = Slot(key: 0, number: -1)
    }

    private var slots: [Slot]
    /// 64 less the table's size in bits: the hash's top bits pick the slot.
    private var shift: UInt64
    /// The keys, by number.
    private(set) var keys: [Int64] = []

    /// - Parameter capacity: keys expected: up to that many are numbered without growing.
    init(capacity: Int) {
        let bits = Self.bits(for: capacity)
        slots = [Slot](repeating: .empty, count: 1 << bits)
        shift = 64 - UInt64(bits)
        keys.reserveCapacity(capacity)
    }

    var count: Int { keys.count }

    /// The key's number, given it now if it has none.
    mutating func number(_ key: Int64) -> Int {
        let (index, found) = probe(for: key)
        if let found { return found }
        let number = keys.count
        keys.append(key)
        if keys.count * 2 > slots.count {
            grow()
        } else {
            slots[index] = Slot(key: key, number: number)
        }
        return number
    }

    /// The key's number; nil when it has none.
    func number(of key: Int64) -> Int? {
        probe(for: key).number
    }

    /// The slot holding `key` and its number, or the empty slot where it would go and nil.
    private func probe(for key: Int64) -> (index: Int, number: Int?) {
        slots.withUnsafeBufferPointer { slots in
            // The table is never full (at most half): the probe ends at an empty slot.
            var index = slot(of: key)
            while slots[index].number >= 0 {
                if slots[index].key == key { return (index, slots[index].number) }
                index = (index &+ 1) & (slots.count &- 1)
            }
            return (index, nil)
        }
    }

    private func slot(of key: Int64) -> Int {
        Int(truncatingIfNeeded: Self.hash(key) >> shift)
    }

    /// Fibonacci hashing: the top bits of the product spread consecutive keys over the table.
    static func hash(_ key: Int64) -> UInt64 {
        UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15
    }

    /// Twice the slots, every key placed again (the last numbered included).
    private mutating func grow() {
        let bits = 64 - Int(shift) + 1
        slots = [Slot](repeating: .empty, count: 1 << bits)
        shift = 64 - UInt64(bits)
        for (number, key) in keys.enumerated() {
            let (index, _) = probe(for: key)
            slots[index] = Slot(key: key, number: number)
        }
    }

    /// Bits of a table at most half full with `capacity` keys (at least 16 slots).
    private static func bits(for capacity: Int) -> Int {
        var bits = 4
        while bits < 62, (1 << bits) / 2 < capacity { bits += 1 }
        return bits
    }
}
