/// Many series aggregated in one call: rows of group key, timestamp and
/// value, in any order, each group in its own time zone and first weekday
/// (``GroupedSeriesOptions``), the groups shared among the caller's threads.
public struct GroupedAggregation: Sendable {
    /// One group's result.
    public struct Group: Sendable {
        public let key: Int64
        public let aggregation: SeriesAggregation
    }

    /// A group left out (``GroupedSeriesOptions/OnError/skip``): its key, the
    /// row at fault (an index into the caller's columns) and the error, whose
    /// path names the same row (`timestamps[row]` / `values[row]`) or the
    /// group's entry in the options (`groups[i].time_zone`, row nil).
    public struct Failure: Error, Sendable, Equatable {
        public let group: Int64
        public let row: Int?
        public let error: WellnessError
    }

    /// The groups aggregated, in ascending key order.
    public let groups: [Group]
    /// The groups left out, in ascending key order.
    public let failures: [Failure]

    /// Aggregates the caller's columns without changing them; rows of one group
    /// are read in place when the keys are sorted, gathered otherwise.
    /// - Parameters:
    ///   - keys: each row's group.
    ///   - timestamps: epoch timestamps in the options' unit.
    ///   - values: the values (1/0 for boolean series).
    ///   - options: what every group shares and each group's own settings.
    ///   - maximumTotalBuckets: most buckets over all groups.
    /// - Throws: a validation error naming the group and `timestamps[i]` or
    ///   `values[i]` (the caller's row) when a group fails and the options say
    ///   `"on_error": "fail"`; a validation error naming the group at which the
    ///   buckets pass `maximumTotalBuckets` (with one thread, the first in key
    ///   order); an invalid-argument error when the columns differ in length.
    public init(
        keys: UnsafeBufferPointer<Int64>, timestamps: UnsafeBufferPointer<Int64>,
        values: UnsafeBufferPointer<Double>, options: GroupedSeriesOptions,
        maximumTotalBuckets: Int = GroupedSeriesOptions.maximumTotalBuckets
    ) throws {
        guard keys.count == timestamps.count, keys.count == values.count else {
            throw WellnessError.invalidArgument(
                "\(keys.count) group keys, \(timestamps.count) timestamps and \(values.count) values: the columns must be as long"
            )
        }
        let runs = GroupRuns(keys: keys)
        let columns = BorrowedColumns(timestamps: timestamps, values: values)
        let budget = BucketBudget(limit: maximumTotalBuckets)
        let results = ParallelCalls.run(
            runs.shares(threads: options.threads).map { share in
                { @Sendable in
                    share.map { index -> Result<Group, Failure>? in
                        // Past the cap no group is aggregated: the call fails below.
                        guard !budget.isExhausted else { return nil }
                        let result = Self.aggregate(runs.run(index), columns, options)
                        if case .success(let group) = result { budget.spend(group.aggregation.buckets.count) }
                        return result
                    }
                }
            }
        ).joined()
        var groups: [Group] = []
        var failures: [Failure] = []
        var total = 0
        for result in results {
            switch result {
            case .success(let group)?:
                total += group.aggregation.buckets.count
                if total > maximumTotalBuckets { throw Self.capError(group: group.key, limit: maximumTotalBuckets) }
                groups.append(group)
            case .failure(let failure)? where options.onError == .skip: failures.append(failure)
            case .failure(let failure)?: throw Self.callError(failure)
            case nil: continue
            }
        }
        self.groups = groups
        self.failures = Self.withRowlessGroups(failures, groups: groups, options: options)
    }

    /// `failures` and the groups listed with invalid options that had no rows, in key order.
    private static func withRowlessGroups(
        _ failures: [Failure], groups: [Group], options: GroupedSeriesOptions
    ) -> [Failure] {
        guard !options.invalidGroups.isEmpty else { return failures }
        let seen = Set(groups.map(\.key) + failures.map(\.group))
        let rowless = options.invalidGroups.filter { !seen.contains($0.key) }.map {
            Failure(group: $0.key, row: nil, error: $0.value)
        }
        return (failures + rowless).sorted { $0.group < $1.group }
    }

    private static func capError(group: Int64, limit: Int) -> WellnessError {
        WellnessError(
            kind: .validation,
            message: "group \(group): the groups' buckets pass \(limit) in all, the most one call returns: "
                + "aggregate fewer groups per call, or choose a longer interval")
    }

    private static func aggregate(_ run: GroupRuns.Run, _ columns: BorrowedColumns, _ options: GroupedSeriesOptions)
        -> Result<Group, Failure>
    {
        do {
            let groupOptions = try options.options(of: run.key)
            let aggregation = try run.withColumns(columns) { timestamps, values in
                try SeriesAggregation(timestamps: timestamps, values: values, options: groupOptions)
            }
            return .success(Group(key: run.key, aggregation: aggregation))
        } catch let error as WellnessError {
            return .failure(callerFailure(error, of: run))
        } catch {
            return .failure(Failure(group: run.key, row: nil, error: .internal("\(error)")))
        }
    }

    /// A group's error with its path in the caller's rows: `values[1]` of the group becomes `values[3]`.
    private static func callerFailure(_ error: WellnessError, of run: GroupRuns.Run) -> Failure {
        guard let row = run.callerRow(of: error), let column = error.path.flatMap({ GroupRuns.column(of: $0) }) else {
            return Failure(group: run.key, row: nil, error: error)
        }
        let path = FieldPath.root.appending(column).appending(index: row)
        var moved = WellnessError(kind: error.kind, message: error.message, path: path.description)
        moved.retryAfter = error.retryAfter
        moved.httpStatus = error.httpStatus
        return Failure(group: run.key, row: row, error: moved)
    }

    /// A group's error as the call's: named by the group (its path is already the caller's).
    private static func callError(_ failure: Failure) -> WellnessError {
        WellnessError(
            kind: failure.error.kind, message: "group \(failure.group): \(failure.error.message)",
            path: failure.error.path)
    }
}

/// The buckets the call's threads have made so far, against the call's cap,
/// so that no thread starts another group once it is passed.
private final class BucketBudget: @unchecked Sendable {
    private let limit: Int
    private var spent = 0
    private let mutex = PThreadMutex()

    init(limit: Int) {
        self.limit = limit
    }

    var isExhausted: Bool { mutex.withLock { spent > limit } }

    func spend(_ buckets: Int) {
        mutex.withLock { spent += buckets }
    }
}

/// The caller's columns, borrowed for the call: read by the call's threads, which it joins before returning.
struct BorrowedColumns: @unchecked Sendable {
    let timestamps: UnsafeBufferPointer<Int64>
    let values: UnsafeBufferPointer<Double>
}

/// The rows of each group: runs of equal keys when the keys are sorted (read
/// in place), else an order of the rows by key, each group's rows in the
/// caller's order (so that sums add up in the same order, and equal the
/// single-series call's to the last bit), gathered per group.
struct GroupRuns: @unchecked Sendable {
    /// One group's rows: `rows` of the caller's columns, or of `order` when the keys were unsorted.
    struct Run: Sendable {
        let key: Int64
        let rows: Range<Int>
        /// Shared by every run, not copied.
        let order: [Int]?

        /// The caller's row of a group-local index.
        func callerRow(_ local: Int) -> Int {
            let index = rows.lowerBound + local
            return order.map { $0[index] } ?? index
        }

        /// The row an error names (`timestamps[i]`, `values[i]`, group-local), in the caller's columns.
        func callerRow(of error: WellnessError) -> Int? {
            guard let path = error.path, let local = GroupRuns.index(in: path), local < rows.count else { return nil }
            return callerRow(local)
        }

        /// `body` with the group's timestamps and values, contiguous.
        func withColumns<Result>(
            _ columns: BorrowedColumns,
            _ body: (UnsafeBufferPointer<Int64>, UnsafeBufferPointer<Double>) throws -> Result
        )
            rethrows -> Result
        {
            let (timestamps, values) = (columns.timestamps, columns.values)
            guard let order else {
                return try body(
                    UnsafeBufferPointer(rebasing: timestamps[rows]), UnsafeBufferPointer(rebasing: values[rows]))
            }
            let picked = order[rows]
            let groupTimestamps = picked.map { timestamps[$0] }
            let groupValues = picked.map { values[$0] }
            return try groupTimestamps.withUnsafeBufferPointer { timestamps in
                try groupValues.withUnsafeBufferPointer { values in try body(timestamps, values) }
            }
        }
    }

    private let keys: UnsafeBufferPointer<Int64>
    /// Where each group's rows start (in `order`, or in the caller's columns), and the end.
    private let bounds: [Int]
    private let order: [Int]?

    init(keys: UnsafeBufferPointer<Int64>) {
        self.keys = keys
        guard !zip(keys, keys.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            order = nil
            var bounds = [0]
            for index in keys.indices.dropFirst() where keys[index] != keys[index - 1] { bounds.append(index) }
            if !keys.isEmpty { bounds.append(keys.count) }
            self.bounds = keys.isEmpty ? [] : bounds
            return
        }
        (order, bounds) = Self.countingSort(keys)
    }

    /// The rows ordered by key, stably: a counting sort, one pass to number
    /// the distinct keys and one to place the rows (a comparison sort of a
    /// million rows cost more than aggregating them).
    private static func countingSort(_ keys: UnsafeBufferPointer<Int64>) -> (order: [Int], bounds: [Int]) {
        var numbers: [Int64: Int] = [:]
        var groupOfRow = [Int](repeating: 0, count: keys.count)
        for row in keys.indices {
            let next = numbers.count
            groupOfRow[row] = numbers[keys[row], default: next]
            if groupOfRow[row] == next { numbers[keys[row]] = next }
        }
        // Ranks of the groups in key order.
        var rank = [Int](repeating: 0, count: numbers.count)
        for (position, entry) in numbers.sorted(by: { $0.key < $1.key }).enumerated() { rank[entry.value] = position }
        var bounds = [Int](repeating: 0, count: numbers.count + 1)
        for group in groupOfRow { bounds[rank[group] + 1] += 1 }
        for index in 1..<bounds.count { bounds[index] += bounds[index - 1] }
        var next = bounds
        var order = [Int](repeating: 0, count: keys.count)
        for row in keys.indices {
            let position = rank[groupOfRow[row]]
            order[next[position]] = row
            next[position] += 1
        }
        return (order, bounds)
    }

    var count: Int { max(bounds.count - 1, 0) }

    func run(_ index: Int) -> Run {
        let rows = bounds[index]..<bounds[index + 1]
        let first = order.map { $0[rows.lowerBound] } ?? rows.lowerBound
        return Run(key: keys[first], rows: rows, order: order)
    }

    /// The groups split into at most `threads` shares of about equal rows, each a range of consecutive groups.
    func shares(threads: Int) -> [[Int]] {
        guard count > 0 else { return [] }
        let target = max(1, (bounds[count] + threads - 1) / max(threads, 1))
        var shares: [[Int]] = [[]]
        var rows = 0
        for group in 0..<count {
            let size = bounds[group + 1] - bounds[group]
            if rows > 0, rows + size > target, shares.count < threads {
                shares.append([])
                rows = 0
            }
            shares[shares.count - 1].append(group)
            rows += size
        }
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
