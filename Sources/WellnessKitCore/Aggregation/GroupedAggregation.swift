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
    /// With `packing`, each thread's buckets as columns, in key order.
    package let packedShares: [PackedBuckets]
    /// How many groups were aggregated (``groups``' count, or the packed groups').
    public let aggregatedCount: Int
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
    ///   - packing: when given, the columns each thread packs its groups'
    ///     buckets into as it goes (``packedShares``); ``groups`` is then empty.

    /// - Throws: a validation error naming the group and `timestamps[i]` or
    ///   `values[i]` (the caller's row) when a group fails and the options say
    ///   `"on_error": "fail"`; a validation error naming the group at which the
    ///   buckets pass `maximumTotalBuckets` (with one thread, the first in key
    ///   order); an invalid-argument error when the columns differ in length.
    public init(
        keys: UnsafeBufferPointer<Int64>, timestamps: UnsafeBufferPointer<Int64>,
        values: UnsafeBufferPointer<Double>, options: GroupedSeriesOptions,
        maximumTotalBuckets: Int = GroupedSeriesOptions.maximumTotalBuckets,
        packing: [BucketColumns.Values]? = nil
    ) throws {
        try self.init(
            keys: keys, timestamps: timestamps, values: values, options: options,
            maximumTotalBuckets: maximumTotalBuckets, packing: packing, fields: nil)
    }

    /// As ``init(keys:timestamps:values:options:maximumTotalBuckets:packing:)``,
    /// with `fields`: what each of the packed columns holds, when the fast path
    /// (``DenseDayAggregator``) can write them (``DenseField/fields(names:)``):
    /// the groups it takes are packed without a ``SeriesAggregation`` (the
    /// same columns, to the bit), the others by the general path.
    package init(
        keys: UnsafeBufferPointer<Int64>, timestamps: UnsafeBufferPointer<Int64>,
        values: UnsafeBufferPointer<Double>, options: GroupedSeriesOptions,
        maximumTotalBuckets: Int = GroupedSeriesOptions.maximumTotalBuckets,
        packing: [BucketColumns.Values]?, fields: [DenseField]?
    ) throws {
        guard keys.count == timestamps.count, keys.count == values.count else {
            throw WellnessError.invalidArgument(
                "\(keys.count) group keys, \(timestamps.count) timestamps and \(values.count) values: the columns must be as long"
            )
        }
        let runs = GroupRuns(keys: keys, timestamps: timestamps, values: values, threads: options.threads)
        let budget = BucketBudget(limit: maximumTotalBuckets)
        let shares = ParallelCalls.run(
            runs.shares(threads: options.threads).map { share in
                { @Sendable in
                    Self.aggregate(share, runs, options, budget, packing.map(PackedBuckets.init), fields: fields)
                }
            })
        var failures: [Failure] = []
        var total = 0
        var aggregated = 0
        // In key order: the first group past the cap, or the first that fails the call, is the one named.
        for outcome in shares.lazy.flatMap(\.outcomes) {
            switch outcome {
            case .aggregated(let key, let buckets):
                total += buckets
                aggregated += 1
                if total > maximumTotalBuckets { throw Self.capError(group: key, limit: maximumTotalBuckets) }
            case .failed(let failure) where options.onError == .skip: failures.append(failure)
            case .failed(let failure): throw Self.callError(failure)
            case .notRun: continue
            }
        }
        groups = shares.flatMap(\.groups)
        aggregatedCount = aggregated
        packedShares = shares.compactMap(\.packed)
        self.failures = Self.withRowlessGroups(
            failures, seen: Set(shares.flatMap { $0.outcomes.compactMap(\.key) }), options: options)
    }

    /// The groups of one thread's share, and what became of each, in key order.
    private static func aggregate(
        _ share: Range<Int>, _ runs: GroupRuns, _ options: GroupedSeriesOptions, _ budget: BucketBudget,
        _ packed: PackedBuckets?, fields: [DenseField]?
    ) -> (groups: [Group], outcomes: [Outcome], packed: PackedBuckets?) {
        var groups: [Group] = []
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(share.count)
        let fast = packed.flatMap { packed in
            fields.map { FastPath(packed: packed, fields: $0, options: options) }
        }
        for index in share {
            // Past the cap no group is aggregated: the call fails.
            guard !budget.isExhausted else {
                outcomes.append(.notRun)
                continue
            }
            let run = runs.run(index)
            if let fast, let buckets = fast.pack(run) {
                budget.spend(buckets)
                outcomes.append(.aggregated(key: run.key, buckets: buckets))
                continue
            }
            switch aggregate(run, options) {
            case .success(let group):
                budget.spend(group.aggregation.buckets.count)
                outcomes.append(.aggregated(key: group.key, buckets: group.aggregation.buckets.count))
                if let packed { packed.append(key: group.key, group.aggregation.buckets) } else { groups.append(group) }
            case .failure(let failure):
                outcomes.append(.failed(failure))
            }
        }
        return (groups, outcomes, packed)
    }

    /// `failures` and the groups listed with invalid options that had no rows, in key order.
    private static func withRowlessGroups(
        _ failures: [Failure], seen: @autoclosure () -> Set<Int64>, options: GroupedSeriesOptions
    ) -> [Failure] {
        guard !options.invalidGroups.isEmpty else { return failures }
        let seen = seen()
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

    private static func aggregate(_ run: GroupRuns.Run, _ options: GroupedSeriesOptions) -> Result<Group, Failure> {
        do {
            let groupOptions = try options.options(of: run.key)
            let aggregation = try SeriesAggregation(
                timestamps: run.timestamps, values: run.values, options: groupOptions)
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

/// One thread's fast path: its groups aggregated by a ``DenseDayAggregator``
/// and packed straight into the thread's columns.
private final class FastPath {
    private let packed: PackedBuckets
    private let fields: [DenseField]
    private let options: GroupedSeriesOptions
    private let aggregator = DenseDayAggregator()
    /// By first weekday (1 is Sunday).
    private var weeks = (1...7).map { WeekNumbering(firstWeekday: $0) }
    private let accepted: Bool

    /// When the options are not the fast path's, `pack` declines every group.
    init(packed: PackedBuckets, fields: [DenseField], options: GroupedSeriesOptions) {
        self.packed = packed
        self.fields = fields
        self.options = options
        accepted = DenseDayAggregator.accepts(options.base)
    }

    /// Packs a group's buckets, and how many there are; nil when the general path must aggregate it.
    func pack(_ run: GroupRuns.Run) -> Int? {
        guard accepted, let groupOptions = try? options.options(of: run.key),
            aggregator.aggregate(timestamps: run.timestamps, values: run.values, options: groupOptions)
        else { return nil }
        // Validated 1-7; clamped all the same.
        let weekday = min(max(groupOptions.firstWeekday, 1), 7) - 1
        packed.append(
            key: run.key, dense: aggregator.buckets, interval: aggregator.interval, fields: fields,
            weeks: &weeks[weekday])
        return aggregator.buckets.count
    }
}

/// What became of one group.
private enum Outcome: Sendable {
    case aggregated(key: Int64, buckets: Int)
    case failed(GroupedAggregation.Failure)
    /// Not aggregated: the call's buckets had passed the cap.
    case notRun

    /// The group's key, when its rows were aggregated or failed.
    var key: Int64? {
        switch self {
        case .aggregated(let key, _): return key
        case .failed(let failure): return failure.group
        case .notRun: return nil
        }
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
