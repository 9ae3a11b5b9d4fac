/// Buckets as typed columns, one row per bucket: what a columnar result
/// (Arrow) carries, named and ordered as the JSON result's fields.
///
/// The columns are not copied out of the buckets: each says how to read its
/// value from a bucket, and rows are addressed by their number over all
/// groups, so that a writer's threads can each fill their own range of rows
/// (``forEachRow(in:_:)``) straight into the result's buffers.
public struct BucketColumns: Sendable {
    /// A bucket where it lies in its group's result, read in place: passing
    /// the bucket itself to a column's closure copied all of it (the
    /// compiler cannot prove the closure leaves its memory alone).
    public typealias Bucket = UnsafePointer<SeriesBucket>

    /// How one column reads its value from a bucket (and its group's key).
    public enum Values: Sendable {
        case int64(@Sendable (Int64, Bucket) -> Int64?)
        case float64(@Sendable (Bucket) -> Double?)
        /// Days since 1970-01-01 (the writer checks that they fit 32 bits).
        case date32(@Sendable (Bucket) -> Int)
        case utf8(@Sendable (Bucket) -> String)
        /// Epoch milliseconds, UTC.
        case timestampMilliseconds(@Sendable (Bucket) -> Int64?)
    }

    public let names: [String]
    public let columns: [Values]
    /// Buckets over all groups.
    public let rowCount: Int
    /// The groups, as the call's threads made them (each thread's share, in key order).
    private let shares: [[GroupedAggregation.Group]]
    /// The first group of each share, over all shares, and the group count.
    private let shareStarts: [Int]
    /// The first row of each group, over all shares, and the row count: a prefix sum of the groups' buckets.
    private let groupStarts: [Int]

    /// The buckets of every group, a `group` column first.
    public init(_ grouped: GroupedAggregation, options: SeriesOptions) {
        shares = grouped.groupShares
        var shareStarts = [0]
        var starts = [0]
        for share in shares {
            shareStarts.append(shareStarts[shareStarts.count - 1] + share.count)
            for group in share { starts.append(starts[starts.count - 1] + group.aggregation.buckets.count) }
        }
        self.shareStarts = shareStarts
        groupStarts = starts
        rowCount = starts[starts.count - 1]
        var names = ["group", "start", "end", "label", "week_year", "week", "count", "days_with_data"]
        var columns: [Values] = [
            .int64 { key, _ in key },
            .date32 { $0.pointee.start },
            .date32 { $0.pointee.end },
            .utf8 { $0.pointee.label },
            .int64 { $1.pointee.weekOfYear.map { Int64($0.year) } },
            .int64 { $1.pointee.weekOfYear.map { Int64($0.week) } },
            .int64 { Int64($1.pointee.count) },
            .int64 { Int64($1.pointee.daysWithData) },
        ]
        for (name, values) in Self.kindColumns(options: options) {
            names.append(name)
            columns.append(values)
        }
        self.names = names
        self.columns = columns
    }

    /// `body` with each row of `rows` (its number, its group's key and its
    /// bucket, valid during the call), in order.
    public func forEachRow(in rows: Range<Int>, _ body: (Int, Int64, Bucket) -> Void) {
        guard !rows.isEmpty else { return }
        var group = Self.last(in: groupStarts, atOrBefore: rows.lowerBound)
        var share = Self.last(in: shareStarts, atOrBefore: group)
        var row = rows.lowerBound
        while row < rows.upperBound, share < shares.count {
            let index = group - shareStarts[share]
            guard index < shares[share].count else {
                share += 1
                continue
            }
            let key = shares[share][index].key
            let first = row - groupStarts[group]
            shares[share][index].aggregation.buckets.withUnsafeBufferPointer { buckets in
                let last = min(buckets.count, rows.upperBound - groupStarts[group])
                guard first < last, let base = buckets.baseAddress else { return }
                for offset in first..<last {
                    body(row, key, base + offset)
                    row += 1
                }
            }
            group += 1
        }
    }

    /// The last index whose start is at or before `position`, in ascending `starts` (0 when none is).
    private static func last(in starts: [Int], atOrBefore position: Int) -> Int {
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if starts[middle] <= position { low = middle } else { high = middle }
        }
        return low
    }

    /// A statistic's value, as ``SeriesBucket/value(of:)`` gives it, read
    /// field by field: a method called on the pointee copied the bucket.
    private static func reader(of statistic: SeriesStatistic) -> @Sendable (Bucket) -> Double? {
        switch statistic {
        case .average: return { $0.pointee.average }
        case .minimum: return { $0.pointee.minimum }
        case .maximum: return { $0.pointee.maximum }
        case .count: return { Double($0.pointee.count) }
        case .sum: return { $0.pointee.count == 0 ? 0 : $0.pointee.extra?.sum }
        case .first: return { $0.pointee.extra?.first.value }
        case .last: return { $0.pointee.extra?.last.value }
        default: return { $0.pointee.value(of: statistic) }
        }
    }

    /// The columns after `days_with_data`, as the JSON result's fields after it.
    private static func kindColumns(options: SeriesOptions) -> [(String, Values)] {
        switch options.kind {
        case .numeric:
            var columns: [(String, Values)] = []
            for statistic in options.statistics ?? [.average, .minimum, .maximum] where statistic != .count {
                columns.append((statistic.name, .float64(reader(of: statistic))))
                if statistic == .first || statistic == .last {
                    columns.append(("\(statistic.name)_at", .timestampMilliseconds { $0.pointee.time(of: statistic) }))
                }
            }
            return columns
        case .boolean:
            return [("yes_days", .int64 { Int64($1.pointee.yesDays ?? 0) })]
        case .snapshot:
            let latest: @Sendable (Bucket) -> Double? = { bucket in
                if case .number(let value)? = bucket.pointee.latest { return value }
                return nil
            }
            return [("latest", .float64(latest)), ("latest_at", .timestampMilliseconds { $0.pointee.latestTime })]
        }
    }
}
