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
    /// row at fault (an index into the caller's columns) and the error.
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
    /// - Throws: a validation error naming the group and `timestamps[i]` or
    ///   `values[i]` (the caller's row) when a group fails and the options say
    ///   `"on_error": "fail"`; an invalid-argument error when the columns differ in length.
    public init(
        keys: UnsafeBufferPointer<Int64>, timestamps: UnsafeBufferPointer<Int64>,
        values: UnsafeBufferPointer<Double>, options: GroupedSeriesOptions
    ) throws {
        guard keys.count == timestamps.count, keys.count == values.count else {
            throw WellnessError.invalidArgument(
                "\(keys.count) group keys, \(timestamps.count) timestamps and \(values.count) values: the columns must be as long"
            )
        }
        let runs = GroupRuns(keys: keys)
        let columns = BorrowedColumns(timestamps: timestamps, values: values)
        let results = ParallelCalls.run(
            runs.shares(threads: options.threads).map { share in
                { @Sendable in share.map { index in Self.aggregate(runs.run(index), columns, options) } }
            }
        ).joined()
        var groups: [Group] = []
        var failures: [Failure] = []
        for result in results {
            switch result {
            case .success(let group): groups.append(group)
            case .failure(let failure) where options.onError == .skip: failures.append(failure)
            case .failure(let failure): throw Self.callError(failure)
            }
        }
        self.groups = groups
        self.failures = failures
    }

    private static func aggregate(_ run: GroupRuns.Run, _ columns: BorrowedColumns, _ options: GroupedSeriesOptions)
        -> Result<Group, Failure>
    {
        do {
            let aggregation = try run.withColumns(columns) { timestamps, values in
                try SeriesAggregation(timestamps: timestamps, values: values, options: options.options(of: run.key))
            }
            return .success(Group(key: run.key, aggregation: aggregation))
        } catch let error as WellnessError {
            return .failure(Failure(group: run.key, row: run.callerRow(of: error), error: error))
        } catch {
            return .failure(Failure(group: run.key, row: nil, error: .internal("\(error)")))
        }
    }

    /// A group's error as the call's: named by the group, at the caller's row.
    private static func callError(_ failure: Failure) -> WellnessError {
        let error = failure.error
        guard let row = failure.row, error.kind == .validation,
            let column = error.path.flatMap({ GroupRuns.column(of: $0) })
        else {
            return WellnessError(
                kind: error.kind, message: "group \(failure.group): \(error.message)", path: error.path)
        }
        return .validation(
            "group \(failure.group): \(error.message)",
            at: FieldPath.root.appending(column).appending(index: row))
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
