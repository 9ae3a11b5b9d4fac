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
    /// With `packing` and `fields`, each thread's buckets as rows, in key
    /// order (``packedShares`` is then empty).
    package let denseShares: [DenseBuckets]
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
                    Self.aggregate(
                        share, runs, options, budget, packed: fields == nil ? packing.map(PackedBuckets.init) : nil,
                        dense: packing != nil && fields != nil ? DenseBuckets() : nil)
                }
            })
        groups = shares.flatMap(\.groups)
        aggregatedCount = try Self.aggregatedCount(shares, limit: maximumTotalBuckets, onError: options.onError)
        packedShares = shares.compactMap(\.packed)
        denseShares = shares.compactMap(\.dense)
        failures = Self.withRowlessGroups(
            shares.flatMap(\.failures), seen: Set(shares.flatMap(\.keys)), options: options)
    }

    /// How many groups the shares aggregated.
    /// - Throws: the error of the first group, in key order, that passed the cap of buckets or
    ///   failed the call (``callError(_:)``).
    private static func aggregatedCount(_ shares: [ShareResult], limit: Int, onError: GroupedSeriesOptions.OnError)
        throws -> Int
    {
        let (buckets, overflow) = shares.reduce((0, false)) { sum, share in
            let (total, overflow) = sum.0.addingReportingOverflow(share.buckets)
            return (total, sum.1 || overflow)
        }
        // The usual call: every group run and none failing the call, told without a walk over the groups.
        if !overflow, buckets <= limit, shares.allSatisfy(\.allRun),
            onError == .skip || shares.allSatisfy(\.failures.isEmpty)
        {
            return shares.reduce(0) { $0 + $1.aggregated }
        }
        var total = 0
        var aggregated = 0
        // In key order: the first group past the cap, or the first that fails the call, is the one named.
        for share in shares {
            for outcome in share.outcomes {
                switch outcome {
                case .aggregated(let key, let buckets):
                    total += buckets
                    aggregated += 1
                    if total > limit { throw Self.capError(group: key, limit: limit) }
                case .failed(let index) where onError == .fail: throw Self.callError(share.failures[index])
                case .failed, .notRun: continue
                }
            }
        }
        return aggregated
    }

    /// The groups of one thread's share, and what became of each, in key order.
    private static func aggregate(
        _ share: Range<Int>, _ runs: GroupRuns, _ options: GroupedSeriesOptions, _ budget: BucketBudget,
        packed: PackedBuckets?, dense startingDense: DenseBuckets?
    ) -> ShareResult {
        var dense = startingDense
        var result = ShareResult()
        result.outcomes.reserveCapacity(share.count)
        let fast = dense != nil && DenseDayAggregator.accepts(options.base) ? DenseDayAggregator() : nil
        let table = GroupOptionsTable(options)
        var tally = BucketTally(budget)
        for index in share {
            // Past the cap no group is aggregated: the call fails.
            guard !tally.isExhausted else {
                result.outcomes.append(.notRun)
                result.allRun = false
                continue
            }
            if index - share.lowerBound == reservingAfter, dense != nil { reserve(&dense, share) }
            let run = runs.run(index)
            if let fast, let slot = table.slot(of: run.key), table.aggregate(run, in: slot, by: fast) {
                tally.spend(fast.buckets.count)
                result.count(key: run.key, buckets: fast.buckets.count)
                dense?.append(
                    key: run.key, fast.buckets, interval: fast.interval,
                    firstWeekday: table.firstWeekday(of: slot))
                continue
            }
            switch aggregate(run, options) {
            case .success(let group):
                tally.spend(group.aggregation.buckets.count)
                result.count(key: group.key, buckets: group.aggregation.buckets.count)
                if dense != nil {
                    dense?.append(key: group.key, group.aggregation.buckets)
                } else if let packed {
                    packed.append(key: group.key, group.aggregation.buckets)
                } else {
                    result.groups.append(group)
                }
            case .failure(let failure):
                result.outcomes.append(.failed(result.failures.count))
                result.failures.append(failure)
            }
        }
        tally.settle()
        result.packed = packed
        result.dense = dense
        return result
    }

    /// Groups aggregated before a share's rows are reserved from their buckets.
    private static let reservingAfter = 64

    /// Reserves a share's rows for all its groups from its first groups' (and a tenth more).
    private static func reserve(_ reserving: inout DenseBuckets?, _ share: Range<Int>) {
        guard var dense = reserving else { return }
        // One owner while it grows, so that the rows are not copied.
        reserving = nil
        defer { reserving = dense }
        let (product, overflow) = dense.rows.count.multipliedReportingOverflow(by: share.count)
        let estimate = overflow ? Int.max : product / reservingAfter + product / (reservingAfter * 10)
        // Bounded by the call's cap of buckets, so that a few groups of many buckets reserve no more than it.
        let count = min(estimate, GroupedSeriesOptions.maximumTotalBuckets) + 16
        // Labels are a few bytes each: no overflow.
        let bytesPerRow = dense.text.count / max(dense.rows.count, 1) + 1
        dense.reserve(rows: count, labelBytes: count * bytesPerRow)
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

/// What became of one group: plain values, so that ten thousand of them
/// are freed at once (a failure's error is kept apart, in its share's list).
private enum Outcome: Sendable {
    case aggregated(key: Int64, buckets: Int)
    /// Failed: its ``ShareResult/failures`` index.
    case failed(Int)
    /// Not aggregated: the call's buckets had passed the cap.
    case notRun
}

/// What one thread's share of the groups came to, in key order, and its
/// totals, which tell the call's usual outcome without a walk over the groups.
private struct ShareResult: Sendable {
    var groups: [GroupedAggregation.Group] = []
    var outcomes: [Outcome] = []
    var failures: [GroupedAggregation.Failure] = []
    var packed: PackedBuckets?
    var dense: DenseBuckets?
    /// Buckets of the groups aggregated; at most the call's cap and a few groups more.
    private(set) var buckets = 0
    private(set) var aggregated = 0
    /// Whether no group was left unrun for the cap.
    var allRun = true

    /// Records group `key` as aggregated into `added` buckets.
    mutating func count(key: Int64, buckets added: Int) {
        outcomes.append(.aggregated(key: key, buckets: added))
        buckets += added
        aggregated += 1
    }

    /// The keys of the groups aggregated or failed.
    var keys: [Int64] {
        outcomes.compactMap { outcome in
            switch outcome {
            case .aggregated(let key, _): return key
            case .failed(let index): return failures[index].group
            case .notRun: return nil
            }
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

    /// Adds `buckets` to the buckets spent; returns whether the cap is now passed.
    func spend(_ buckets: Int) -> Bool {
        mutex.withLock {
            spent += buckets
            return spent > limit
        }
    }
}

/// One thread's buckets, told to the call's ``BucketBudget`` every few
/// groups rather than at each: the budget's lock, taken twice a group by
/// every thread, had its cache line move between the threads all the time.
/// A thread notices the cap passed a few groups late at most, which bounds
/// the memory the budget is for as well.
private struct BucketTally {
    private let budget: BucketBudget
    private var unspent = 0
    private var groups = 0
    private(set) var isExhausted = false

    /// Groups, or buckets, a thread makes between two visits to the budget.
    private static let groupsPerVisit = 32
    private static let bucketsPerVisit = 4096

    init(_ budget: BucketBudget) {
        self.budget = budget
        isExhausted = budget.spend(0)
    }

    mutating func spend(_ buckets: Int) {
        unspent += buckets
        groups += 1
        if groups >= Self.groupsPerVisit || unspent >= Self.bucketsPerVisit { settle() }
    }

    /// Tells the budget the buckets not told yet.
    mutating func settle() {
        isExhausted = budget.spend(unspent)
        unspent = 0
        groups = 0
    }
}

/// One thread's options of every group's settings (zone and first weekday),
/// made once: a group's options were copied from the call's for each group,
/// retaining the zone's data that every thread shares, and threads doing so at
/// once contend for its reference count. The fast path reads them in place.
private final class GroupOptionsTable {
    private let grouped: GroupedSeriesOptions
    /// By slot: (zone number + 1, or 0 for the shared zone) × 8 + (first weekday, or 0 for the shared one).
    private var options: [SeriesOptions]

    init(_ grouped: GroupedSeriesOptions) {
        self.grouped = grouped
        options = (0..<((grouped.zones.count + 1) * 8)).map { slot in
            var options = grouped.base
            if slot / 8 > 0 { options.timeZone = grouped.zones[slot / 8 - 1] }
            if slot % 8 > 0 { options.firstWeekday = slot % 8 }
            return options
        }
    }

    /// The fast path's aggregation of `run` with the options of `slot` (see ``slot(of:)``), read in place.
    func aggregate(_ run: GroupRuns.Run, in slot: Int, by fast: DenseDayAggregator) -> Bool {
        fast.aggregate(timestamps: run.timestamps, values: run.values, reading: &options[slot])
    }

    func firstWeekday(of slot: Int) -> Int {
        options[slot].firstWeekday
    }

    /// The slot of group `key`'s options (``GroupedSeriesOptions/options(of:)``); nil when it has
    /// none here (its entry was invalid, or its settings are out of range), for the general path.
    func slot(of key: Int64) -> Int? {
        guard grouped.invalidGroups.isEmpty || grouped.invalidGroups[key] == nil else { return nil }
        guard let settings = grouped.settings(of: key) else { return 0 }
        var slot = 0
        if let zone = settings.zone {
            guard grouped.zones.indices.contains(zone) else { return nil }
            slot = (zone + 1) * 8
        }
        if let weekday = settings.firstWeekday {
            guard (1...7).contains(weekday) else { return nil }
            slot += weekday
        }
        return slot
    }
}
