/// The rows of each group: runs of equal keys when the keys are sorted (read
/// in place), else the rows gathered group by group into one copy of the
/// timestamps and values, each group's rows in the caller's order (so that
/// sums add up in the same order, and equal the single-series call's to the
/// last bit).
///
/// Gathering is a parallel counting sort: each thread counts the keys of its
/// slice of the rows, a prefix sum over (group, thread) gives every thread
/// its own positions in each group, and each thread then places its rows
/// there. Keys within a span no wider than the rows per thread are counted
/// by their offset from the least; others are numbered by a hash table per
/// thread, merged in key order. Nothing is allocated per group. The caller's
/// row of each gathered row, which only an error names, is placed the same
/// way the first time one is asked for.
final class GroupRuns: @unchecked Sendable {
    /// One group's rows, contiguous.
    struct Run {
        let key: Int64
        /// Where the group's rows lie in the gathered (or the caller's) columns.
        let rows: Range<Int>
        let timestamps: UnsafeBufferPointer<Int64>
        let values: UnsafeBufferPointer<Double>
        /// What knows the caller's row of each gathered row; nil when the rows were read in place.
        /// Not retained: the runs own it, and a run is read only while they live (the call's
        /// threads retaining and releasing this one object for every group contended for its
        /// reference count).
        fileprivate let gathered: Unmanaged<Gathered>?

        /// The caller's row of a group-local index.
        func callerRow(_ local: Int) -> Int {
            let index = rows.lowerBound + local
            return gathered?.takeUnretainedValue().callerRow(of: index) ?? index
        }

        /// The row an error names (`timestamps[i]`, `values[i]`, group-local), in the caller's columns.
        func callerRow(of error: WellnessError) -> Int? {
            guard let path = error.path, let local = GroupRuns.index(in: path), local < rows.count else { return nil }
            return callerRow(local)
        }
    }

    /// Each group's key, in ascending order.
    private let keys: [Int64]
    /// Where each group's rows start, and the end.
    private let bounds: [Int]
    private let timestamps: UnsafeBufferPointer<Int64>
    private let values: UnsafeBufferPointer<Double>
    /// Owned when the rows were gathered (freed with the runs), nil when read in place.
    private let gathered: Gathered?

    /// - Parameter threads: how many threads may count and place the rows.
    init(
        keys: UnsafeBufferPointer<Int64>, timestamps: UnsafeBufferPointer<Int64>,
        values: UnsafeBufferPointer<Double>, threads: Int
    ) {
        let slices = ParallelSlices(count: keys.count, threads: threads)
        let shared = SharedColumn(keys)
        let scans = slices.run { _, range in KeyScan(shared, range) }
        let sorted = scans.indices.allSatisfy { index in
            scans[index].sorted && (index == 0 || scans[index - 1].maximum <= scans[index].minimum)
        }
        if sorted {
            (self.keys, bounds) = Self.runsInPlace(shared, slices)
            self.timestamps = timestamps
            self.values = values
            gathered = nil
            return
        }
        let low = scans.map(\.minimum).min() ?? 0
        let high = scans.map(\.maximum).max() ?? 0
        let placed = Gathered(shared, SharedColumn(timestamps), SharedColumn(values), slices, low: low, high: high)
        self.keys = placed.groupKeys
        bounds = placed.bounds
        self.timestamps = UnsafeBufferPointer(placed.timestamps.buffer)
        self.values = UnsafeBufferPointer(placed.values.buffer)
        gathered = placed
    }

    /// Sorted keys: each slice finds where new keys start in it.
    private static func runsInPlace(_ keys: SharedColumn<Int64>, _ slices: ParallelSlices) -> ([Int64], [Int]) {
        let starts = slices.run { _, range in
            range.filter { $0 == 0 || keys[$0] != keys[$0 - 1] }
        }.joined()
        let bounds = Array(starts) + (keys.count == 0 ? [] : [keys.count])
        return (starts.map { keys[$0] }, bounds)
    }

    var count: Int { keys.count }

    func run(_ index: Int) -> Run {
        let rows = bounds[index]..<bounds[index + 1]
        return Run(
            key: keys[index], rows: rows, timestamps: UnsafeBufferPointer(rebasing: timestamps[rows]),
            values: UnsafeBufferPointer(rebasing: values[rows]), gathered: gathered.map(Unmanaged.passUnretained))
    }

    /// The groups split into at most `threads` shares of about equal work,
    /// each a range of consecutive groups. A group's work is its rows and a
    /// fixed cost (its options, its buckets), counted as that of 64 rows.
    func shares(threads: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let perGroup = 64
        // At most the rows plus 64 per group: far below Int.max for any buffer.
        let total = bounds[count] + perGroup * count
        let target = max(1, total / max(threads, 1))
        var shares: [Range<Int>] = []
        var start = 0
        var work = 0
        for group in 0..<count {
            work += bounds[group + 1] - bounds[group] + perGroup
            if work >= target, shares.count < threads - 1 {
                shares.append(start..<(group + 1))
                start = group + 1
                work = 0
            }
        }
        if start < count { shares.append(start..<count) }
        return shares
    }

    /// "timestamps" or "values" of a path `timestamps[i]` / `values[i]`.
    static func column(of path: String) -> String? {
        ["timestamps", "values"].first { path.hasPrefix($0 + "[") }
    }

    /// The index of a path `timestamps[i]` / `values[i]`.
    static func index(in path: String) -> Int? {
        guard column(of: path) != nil, let open = path.firstIndex(of: "["), path.last == "]" else { return nil }
        return Int(path[path.index(after: open)..<path.index(before: path.endIndex)])
    }
}

/// One slice's keys: least, greatest, and whether they are in order.
private struct KeyScan: Sendable {
    var minimum = Int64.max
    var maximum = Int64.min
    var sorted = true

    init(_ keys: SharedColumn<Int64>, _ range: Range<Int>) {
        var previous = Int64.min
        var disorder = false
        for index in range {
            let key = keys[index]
            disorder = disorder || key < previous
            previous = key
            minimum = Swift.min(minimum, key)
            maximum = Swift.max(maximum, key)
        }
        sorted = !disorder
    }
}

/// Each row's slot, a number from 0 that orders the keys: the key's offset
/// from the least when the keys span few values, else its rank among the
/// distinct keys (numbered by a hash table per slice, ranked in one merge).
private struct KeyNumbering: @unchecked Sendable {
    /// Slots there are; some may be empty (offsets no row has).
    let slots: Int
    private let low: Int64
    /// Per row, its rank; nil when slots are offsets from `low`.
    private let ranks: [Int]?
    /// The key of each rank; empty when slots are offsets.
    private let distinct: [Int64]

    init(_ keys: SharedColumn<Int64>, _ slices: ParallelSlices, low: Int64, high: Int64) {
        self.low = low
        let span = high.subtractingReportingOverflow(low)
        // One counter per slot and thread: offsets only while that stays within the rows' count.
        let limit = max(1024, keys.count / max(slices.ranges.count, 1))
        if !span.overflow, span.partialValue < Int64(limit) {
            slots = Int(span.partialValue) + 1
            ranks = nil
            distinct = []
            return
        }
        (ranks, distinct) = Self.ranked(keys, slices)
        slots = distinct.count
    }

    /// Per row, the rank of its key among the distinct keys, and those keys in order.
    private static func ranked(_ keys: SharedColumn<Int64>, _ slices: ParallelSlices) -> ([Int], [Int64]) {
        var ranks = [Int](repeating: 0, count: keys.count)
        let distinct: [Int64] = ranks.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [] }
            let rows = SharedPointer(base)
            // Each slice numbers its own keys 0, 1, ... in order of first sight.
            let tables = slices.run { _, range -> [Int64] in
                var table = KeyTable(capacity: range.count)
                for row in range { rows[row] = table.number(keys[row]) }
                return table.keys
            }
            let merged = Array(Set(tables.joined())).sorted()
            // Each slice's own numbers become ranks in the merged order.
            _ = slices.run { slice, range -> Bool in
                let rankOf = tables[slice].map { key in merged.partitionIndex(of: key) }
                for row in range { rows[row] = rankOf[rows[row]] }
                return true
            }
            return merged
        }
        return (ranks, distinct)
    }

    func slot(of row: Int, _ keys: SharedColumn<Int64>) -> Int {
        if let ranks { return ranks[row] }
        // Within the span checked at init: no overflow.
        return Int(truncatingIfNeeded: keys[row] &- low)
    }

    func key(of slot: Int) -> Int64 {
        ranks == nil ? low &+ Int64(slot) : distinct[slot]
    }
}

/// The rows placed group by group: each one's timestamp and value, each
/// group's rows in the caller's order; and, once asked for, the caller's row
/// of each (placed again the same way: only errors name rows).
private final class Gathered: @unchecked Sendable {
    let timestamps: ScratchBuffer<Int64>
    let values: ScratchBuffer<Double>
    let groupKeys: [Int64]
    let bounds: [Int]
    private let keys: SharedColumn<Int64>
    private let slices: ParallelSlices
    private let low: Int64
    private let high: Int64
    private var order: ScratchBuffer<Int>?
    private let mutex = PThreadMutex()

    init(
        _ keys: SharedColumn<Int64>, _ callerTimestamps: SharedColumn<Int64>,
        _ callerValues: SharedColumn<Double>, _ slices: ParallelSlices, low: Int64, high: Int64
    ) {
        self.keys = keys
        self.slices = slices
        self.low = low
        self.high = high
        let numbering = KeyNumbering(keys, slices, low: low, high: high)
        let placement = Placement(keys, slices, numbering)
        groupKeys = placement.groupKeys
        bounds = placement.bounds
        timestamps = ScratchBuffer(capacity: keys.count)
        values = ScratchBuffer(capacity: keys.count)
        let (timestampsOut, valuesOut) = (SharedBuffer(timestamps.buffer), SharedBuffer(values.buffer))
        _ = slices.run { slice, range -> Bool in
            var next = placement.cursors(of: slice)
            for row in range {
                let slot = numbering.slot(of: row, keys)
                let position = next[slot]
                next[slot] = position + 1
                timestampsOut[position] = callerTimestamps[row]
                valuesOut[position] = callerValues[row]
            }
            return true
        }
    }

    /// The caller's row of a gathered row.
    func callerRow(of position: Int) -> Int {
        mutex.withLock {
            let order = self.order ?? placeOrder()
            self.order = order
            return order.buffer[position]
        }
    }

    /// Each gathered row's caller row, placed as the rows were.
    private func placeOrder() -> ScratchBuffer<Int> {
        let (keys, slices) = (self.keys, self.slices)
        let numbering = KeyNumbering(keys, slices, low: low, high: high)
        let placement = Placement(keys, slices, numbering)
        let order = ScratchBuffer<Int>(capacity: keys.count)
        let orderOut = SharedBuffer(order.buffer)
        _ = slices.run { slice, range -> Bool in
            var next = placement.cursors(of: slice)
            for row in range {
                let slot = numbering.slot(of: row, keys)
                orderOut[next[slot]] = row
                next[slot] += 1
            }
            return true
        }
        return order
    }
}

/// Where each slice's rows of each group go: a count per slot and slice,
/// then a prefix sum over them, the groups in key order and within a group
/// the slices in order.
private struct Placement: Sendable {
    /// Each slice's rows in each slot.
    private let counts: [[Int]]
    /// Where each slot's rows start.
    private let starts: [Int]
    let groupKeys: [Int64]
    /// Where each group's rows start, and the end.
    let bounds: [Int]

    init(_ keys: SharedColumn<Int64>, _ slices: ParallelSlices, _ numbering: KeyNumbering) {
        let counts = slices.run { _, range -> [Int] in
            var counts = [Int](repeating: 0, count: numbering.slots)
            for row in range { counts[numbering.slot(of: row, keys)] += 1 }
            return counts
        }
        // The slots' totals, then their starts, in passes over flat buffers: read slot by slot and slice by
        // slice from the nested arrays, with their checks, this step took some sixty microseconds with ten
        // thousand groups, the call's other threads waiting. (Each slice's own positions are its thread's
        // to add up: ``cursors(of:)``.)
        var totals = counts.first ?? []
        for slice in counts.indices.dropFirst() {
            totals.withUnsafeMutableBufferPointer { totals in
                counts[slice].withUnsafeBufferPointer { counts in
                    for slot in totals.indices { totals[slot] += counts[slot] }
                }
            }
        }
        let groups = totals.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
        var starts = [Int](repeating: 0, count: numbering.slots)
        var groupKeys = [Int64](repeating: 0, count: groups)
        var bounds = [Int](repeating: keys.count, count: groups + (keys.count > 0 ? 1 : 0))
        totals.withUnsafeBufferPointer { totals in
            starts.withUnsafeMutableBufferPointer { starts in
                groupKeys.withUnsafeMutableBufferPointer { groupKeys in
                    bounds.withUnsafeMutableBufferPointer { bounds in
                        var position = 0
                        var group = 0
                        for slot in totals.indices {
                            starts[slot] = position
                            guard totals[slot] > 0 else { continue }
                            groupKeys[group] = numbering.key(of: slot)
                            bounds[group] = position
                            group += 1
                            position += totals[slot]
                        }
                    }
                }
            }
        }
        self.counts = counts
        self.starts = starts
        self.groupKeys = groupKeys
        self.bounds = bounds
    }

    /// Slice `slice`'s first position in each slot: past the earlier slices' rows there. Called by the
    /// slice's own thread.
    func cursors(of slice: Int) -> [Int] {
        var cursors = starts
        cursors.withUnsafeMutableBufferPointer { cursors in
            for earlier in 0..<slice {
                counts[earlier].withUnsafeBufferPointer { counts in
                    for slot in cursors.indices { cursors[slot] += counts[slot] }
                }
            }
        }
        return cursors
    }
}

extension Array where Element == Int64 {
    /// The index of `key` in this sorted array (where it would go, when absent).
    fileprivate func partitionIndex(of key: Int64) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
