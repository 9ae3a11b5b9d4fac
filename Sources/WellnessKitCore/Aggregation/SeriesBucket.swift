/// One interval's statistics.
public struct SeriesBucket: Sendable, Equatable {
    public let kind: SeriesKind
    /// First and last local day, as days since 1970-01-01.
    public let start: Int
    public let end: Int
    public let label: String
    /// Samples in the bucket.
    public var count = 0
    /// Local days with at least one sample.
    public var daysWithData = 0
    /// Numeric series: nil for an empty bucket, never 0 in its place.
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?
    /// Boolean series: days whose (latest) answer is yes.
    public var yesDays: Int?
    /// Snapshot series: the latest value and when it was recorded (ms).
    public var latest: SnapshotValue?
    public var latestTime: Int64?
    /// Week buckets: the week-numbering year and week.
    public var weekOfYear: (year: Int, week: Int)?
    /// The statistics the options ask for, or nil for the defaults.
    public var statistics: [SeriesStatistic]?
    /// Their values beyond the defaults; nil for an empty bucket.
    var extra: BucketStatistics?

    public init(kind: SeriesKind, start: Int, end: Int, label: String) {
        self.kind = kind
        self.start = start
        self.end = end
        self.label = label
    }

    public static func == (lhs: SeriesBucket, rhs: SeriesBucket) -> Bool {
        lhs.kind == rhs.kind && lhs.start == rhs.start && lhs.end == rhs.end && lhs.count == rhs.count
            && lhs.average == rhs.average
            && lhs.minimum == rhs.minimum && lhs.maximum == rhs.maximum && lhs.yesDays == rhs.yesDays
            && lhs.latest == rhs.latest && lhs.extra == rhs.extra
    }
}

extension SeriesBucket: JSONEncodable {
    public var json: JSONValue {
        var object = JSONObject([
            ("start", LocalCalendar.calendarDate(of: start).json),
            ("end", LocalCalendar.calendarDate(of: end).json),
            ("label", label.json),
        ])
        if let weekOfYear {
            object.append("week_year", weekOfYear.year.json)
            object.append("week", weekOfYear.week.json)
        }
        object.append("count", count.json)
        object.append("days_with_data", daysWithData.json)
        switch kind {
        case .numeric where statistics != nil:
            appendStatistics(to: &object)
        case .numeric:
            object.append("average", JSONValue(average))
            object.append("min", JSONValue(minimum))
            object.append("max", JSONValue(maximum))
        case .boolean:
            object.append("yes_days", (yesDays ?? 0).json)
        case .snapshot:
            object.append("latest", JSONValue(latest))
            object.append("latest_at", JSONValue(latestTime.map(Timestamp.init(milliseconds:))))
        }
        return .object(object)
    }
}

extension SeriesBucket {
    /// The statistics asked for, by their names, in the order asked; `first`
    /// and `last` with their times. An empty bucket's are null but its sum, 0.
    private func appendStatistics(to object: inout JSONObject) {
        for statistic in statistics ?? [] where statistic != .count {
            object.append(statistic.name, JSONValue(value(of: statistic)))
            switch statistic {
            case .first: object.append("first_at", JSONValue(extra.map { Timestamp(milliseconds: $0.first.time) }))
            case .last: object.append("last_at", JSONValue(extra.map { Timestamp(milliseconds: $0.last.time) }))
            default: break
            }
        }
    }
}

extension SeriesBucket {
    /// A numeric bucket's `statistic`; nil when the bucket is empty or the
    /// statistic was not computed (the options did not ask for it).
    public func value(of statistic: SeriesStatistic) -> Double? {
        switch statistic {
        case .count: return Double(count)
        case .average: return average
        case .minimum: return minimum
        case .maximum: return maximum
        case .sum: return count == 0 ? 0 : extra?.sum
        case .first: return extra?.first.value
        case .last: return extra?.last.value
        case .median: return extra?.quantiles[50]
        case .percentile(let rank): return extra?.quantiles[rank]
        case .standardDeviation: return extra?.standardDeviation
        }
    }
}

extension SeriesBucket {
    /// When the value of `first` or `last` was recorded (epoch milliseconds);
    /// nil for other statistics and for an empty bucket.
    public func time(of statistic: SeriesStatistic) -> Int64? {
        switch statistic {
        case .first: return extra?.first.time
        case .last: return extra?.last.time
        default: return nil
        }
    }
}
