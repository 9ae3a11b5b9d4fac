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
    /// Per slot, its key (meaningful where `numbers` is not -1).
    private var slots: [Int64]
    /// Per slot, the number of its key; -1 when empty.
    private var numbers: [Int]
    /// 64 less the table's size in bits: the hash's top bits pick the slot.
    private var shift: UInt64
    /// The keys, by number.
    private(set) var keys: [Int64] = []

    /// - Parameter capacity: keys expected: up to that many are numbered without growing.
    init(capacity: Int) {
        let bits = Self.bits(for: capacity)
        slots = [Int64](repeating: 0, count: 1 << bits)
        numbers = [Int](repeating: -1, count: 1 << bits)
        shift = 64 - UInt64(bits)
        keys.reserveCapacity(capacity)
    }

    var count: Int { keys.count }

    /// The key's number, given it now if it has none.
    mutating func number(_ key: Int64) -> Int {
        var index = slot(of: key)
        while numbers[index] >= 0 {
            if slots[index] == key { return numbers[index] }
            index = (index &+ 1) & (numbers.count - 1)
        }
        let number = keys.count
        keys.append(key)
        if keys.count * 2 > numbers.count {
            grow()
        } else {
            slots[index] = key
            numbers[index] = number
        }
        return number
    }

    /// The key's number; nil when it has none.
    func number(of key: Int64) -> Int? {
        var index = slot(of: key)
        while numbers[index] >= 0 {
            if slots[index] == key { return numbers[index] }
            index = (index &+ 1) & (numbers.count - 1)
        }
        return nil
    }

    private func slot(of key: Int64) -> Int {
        // Fibonacci hashing: the top bits of the product spread consecutive keys over the table.
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Twice the slots, every key placed again (the last numbered included).
    private mutating func grow() {
        let bits = 64 - Int(shift) + 1
        slots = [Int64](repeating: 0, count: 1 << bits)
        numbers = [Int](repeating: -1, count: 1 << bits)
        shift = 64 - UInt64(bits)
        for (number, key) in keys.enumerated() {
            var index = slot(of: key)
            while numbers[index] >= 0 { index = (index &+ 1) & (numbers.count - 1) }
            slots[index] = key
            numbers[index] = number
        }
    }

    /// Bits of a table at most half full with `capacity` keys (at least 16 slots).
    private static func bits(for capacity: Int) -> Int {
        var bits = 4
        while bits < 62, (1 << bits) / 2 < capacity { bits += 1 }
        return bits
    }
}
