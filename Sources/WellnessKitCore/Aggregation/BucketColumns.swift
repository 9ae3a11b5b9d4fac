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
        let rows = Rows(grouped)
        var names = ["group", "start", "end", "label", "week_year", "week", "count", "days_with_data"]
        var columns: [Values] = [
            .int64(rows.column { key, _ in key }),
            .date32(try rows.column { try Self.date32($1.start) }),
            .date32(try rows.column { try Self.date32($1.end) }),
            .utf8(rows.column { $1.label }),
            .int64(rows.column { $1.weekOfYear.map { Int64($0.year) } }),
            .int64(rows.column { $1.weekOfYear.map { Int64($0.week) } }),
            .int64(rows.column { Int64($1.count) }),
            .int64(rows.column { Int64($1.daysWithData) }),
        ]
        for (name, values) in Self.kindColumns(rows, options: options) {
            names.append(name)
            columns.append(values)
        }
        self.names = names
        self.columns = columns
    }

    /// Every group's buckets, read in place: a bucket is large, and copying
    /// each into a list of rows cost as much as aggregating it.
    private struct Rows {
        let grouped: GroupedAggregation
        let count: Int

        init(_ grouped: GroupedAggregation) {
            self.grouped = grouped
            count = grouped.groups.reduce(0) { $0 + $1.aggregation.buckets.count }
        }

        /// One column: `value` of each bucket, in the result's order.
        func column<Value>(_ value: (Int64, SeriesBucket) throws -> Value) rethrows -> [Value] {
            var values: [Value] = []
            values.reserveCapacity(count)
            for group in grouped.groups {
                for bucket in group.aggregation.buckets { values.append(try value(group.key, bucket)) }
            }
            return values
        }
    }

    /// The columns after `days_with_data`, as the JSON result's fields after it.
    private static func kindColumns(_ rows: Rows, options: SeriesOptions) -> [(String, Values)] {
        switch options.kind {
        case .numeric:
            var columns: [(String, Values)] = []
            for statistic in options.statistics ?? [.average, .minimum, .maximum] where statistic != .count {
                columns.append((statistic.name, .float64(rows.column { $1.value(of: statistic) })))
                if statistic == .first || statistic == .last {
                    columns.append(
                        ("\(statistic.name)_at", .timestampMilliseconds(rows.column { $1.time(of: statistic) })))
                }
            }
            return columns
        case .boolean:
            return [("yes_days", .int64(rows.column { Int64($1.yesDays ?? 0) }))]
        case .snapshot:
            let latest = rows.column { _, bucket -> Double? in
                if case .number(let value)? = bucket.latest { return value }
                return nil
            }
            return [("latest", .float64(latest)), ("latest_at", .timestampMilliseconds(rows.column { $1.latestTime }))]
        }
    }

    private static func date32(_ day: Int) throws -> Int32 {
        guard let value = Int32(exactly: day) else { throw WellnessError.internal("day \(day) does not fit a date32") }
        return value
    }
}
