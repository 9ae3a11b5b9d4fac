/// Buckets as typed columns, one row per bucket: what a columnar result
/// (Arrow) carries, named and ordered as the JSON result's fields. Each
/// column says how to read its value from a bucket; ``PackedBuckets`` reads
/// them as groups are aggregated.
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

    /// The columns of buckets aggregated with `options`, a `group` column first.
    public init(options: SeriesOptions) {
        (names, columns) = Self.layout(options: options)
    }

    /// The result's columns, names and readers, for buckets aggregated with `options`.
    public static func layout(options: SeriesOptions) -> (names: [String], columns: [Values]) {
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
        return (names, columns)
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
