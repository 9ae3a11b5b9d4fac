/// A set of local days (days since 1970-01-01): a bitmap over their span
/// when it is short, as a person's data spans months or years, so that
/// joining two tables by day costs an array read per row, not a hash.
struct DaySet {
    private let first: Int
    private let flags: [Bool]
    private let hashed: Set<Int>?

    /// Spans longer than this use a hash set.
    private static let maximumBitmapSpan = 100_000

    init<Days: Sequence>(_ days: Days) where Days.Element == Int {
        let days = Array(days)
        guard let low = days.min(), let high = days.max(), high - low < Self.maximumBitmapSpan else {
            first = 0
            flags = []
            hashed = Set(days)
            return
        }
        var flags = Array(repeating: false, count: high - low + 1)
        for day in days { flags[day - low] = true }
        first = low
        self.flags = flags
        hashed = nil
    }

    @inline(__always)
    func contains(_ day: Int) -> Bool {
        if let hashed { return hashed.contains(day) }
        let offset = day - first
        return offset >= 0 && offset < flags.count && flags[offset]
    }
}
