/// Buckets as typed columns, one row per bucket: what a columnar result
/// (Arrow) carries, named and ordered as the JSON result's fields.
public struct BucketColumns: Sendable {
    /// One column's values.
    public enum Values: Sendable, Equatable {
        case int64([Int64?])
        case float64([Double?])
        /// Days since 1970-01-01.
        case date32([Int32])
        case utf8([String])
        /// Epoch milliseconds, UTC.
        case timestampMilliseconds([Int64?])

        public var count: Int {
            switch self {
            case .int64(let values), .timestampMilliseconds(let values): return values.count
            case .float64(let values): return values.count
            case .date32(let values): return values.count
            case .utf8(let values): return values.count
            }
        }
    }

    public let names: [String]
    public let columns: [Values]
    public var rowCount: Int { columns.first?.count ?? 0 }

    /// The buckets of every group, a `group` column first.
    /// - Throws: an internal error when a date does not fit a date32 (never for dates of years 1–9999).
    public init(_ grouped: GroupedAggregation, options: SeriesOptions) throws {
        let rows = grouped.groups.flatMap { group in group.aggregation.buckets.map { (group.key, $0) } }
        var names = ["group", "start", "end", "label", "week_year", "week", "count", "days_with_data"]
        var columns: [Values] = [
            .int64(rows.map { $0.0 }),
            .date32(try rows.map { try Self.date32($0.1.start) }),
            .date32(try rows.map { try Self.date32($0.1.end) }),
            .utf8(rows.map { $0.1.label }),
            .int64(rows.map { $0.1.weekOfYear.map { Int64($0.year) } }),
            .int64(rows.map { $0.1.weekOfYear.map { Int64($0.week) } }),
            .int64(rows.map { Int64($0.1.count) }),
            .int64(rows.map { Int64($0.1.daysWithData) }),
        ]
        let buckets = rows.map(\.1)
        for (name, values) in Self.kindColumns(buckets, options: options) {
            names.append(name)
            columns.append(values)
        }
        self.names = names
        self.columns = columns
    }

    /// The columns after `days_with_data`, as the JSON result's fields after it.
    private static func kindColumns(_ buckets: [SeriesBucket], options: SeriesOptions) -> [(String, Values)] {
        switch options.kind {
        case .numeric:
            var columns: [(String, Values)] = []
            let statistics = options.statistics ?? [.average, .minimum, .maximum]
            for statistic in statistics where statistic != .count {
                columns.append((statistic.name, .float64(buckets.map { $0.value(of: statistic) })))
                if statistic == .first || statistic == .last {
                    columns.append(("\(statistic.name)_at", .timestampMilliseconds(buckets.map { $0.time(of: statistic) })))
                }
            }
            return columns
        case .boolean:
            return [("yes_days", .int64(buckets.map { Int64($0.yesDays ?? 0) }))]
        case .snapshot:
            let latest = buckets.map { bucket -> Double? in
                if case .number(let value)? = bucket.latest { return value }
                return nil
            }
            return [("latest", .float64(latest)), ("latest_at", .timestampMilliseconds(buckets.map(\.latestTime)))]
        }
    }

    private static func date32(_ day: Int) throws -> Int32 {
        guard let value = Int32(exactly: day) else { throw WellnessError.internal("day \(day) does not fit a date32") }
        return value
    }
}
