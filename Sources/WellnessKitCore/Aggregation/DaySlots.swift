/// Where each local day's summary sits in the list of days, once unsorted
/// input brings days out of order: a table over the series' span of days
/// when that span is small beside the number of samples (no hashing, and the
/// days come back in order by walking it, not by sorting them), else a
/// dictionary.
struct DaySlots {
    private var firstDay = 0
    /// Position + 1 of each day from `firstDay` on (0: none yet); empty when `sparse` is used.
    private var dense: [Int32] = []
    private var sparse: [Int: Int]?

    /// Slots for `days` (in order so far), for a series whose days lie in `span`.
    init(_ days: [DaySummary], span: ClosedRange<Int>, samples: Int) {
        let width = span.upperBound - span.lowerBound
        if width < max(4 * samples, 4096), width < Int(Int32.max) {
            firstDay = span.lowerBound
            dense = Array(repeating: 0, count: width + 1)
        } else {
            sparse = [:]
        }
        for (position, summary) in days.enumerated() { set(position, for: summary.day) }
    }

    /// The position of `day`'s summary, if it has one.
    func position(of day: Int) -> Int? {
        if let sparse { return sparse[day] }
        let offset = day - firstDay
        guard dense.indices.contains(offset), dense[offset] > 0 else { return nil }
        return Int(dense[offset]) - 1
    }

    mutating func set(_ position: Int, for day: Int) {
        let offset = day - firstDay
        if sparse == nil, dense.indices.contains(offset), position < Int(Int32.max) {
            dense[offset] = Int32(position + 1)
            return
        }
        // A day outside the span (it cannot be, but costs nothing to allow): the dictionary from now on.
        var positions = sparse ?? [:]
        if sparse == nil {
            for (offset, stored) in dense.enumerated() where stored > 0 {
                positions[firstDay + offset] = Int(stored) - 1
            }
            dense = []
        }
        positions[day] = position
        sparse = positions
    }

    /// `days` in day order.
    func inDayOrder(_ days: [DaySummary]) -> [DaySummary] {
        guard sparse == nil else { return days.sorted { $0.day < $1.day } }
        var ordered: [DaySummary] = []
        ordered.reserveCapacity(days.count)
        for stored in dense where stored > 0 { ordered.append(days[Int(stored) - 1]) }
        return ordered
    }
}
