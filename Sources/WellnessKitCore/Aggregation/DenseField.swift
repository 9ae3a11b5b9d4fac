/// What a result column holds, when every column is one of these: the
/// grouped call then keeps its buckets as rows of plain numbers
/// (``DenseBuckets``), made by the fast path (``DenseDayAggregator``) or
/// read from the general path's ``SeriesBucket``s, and writes the columns
/// from them.
package enum DenseField: Sendable, Equatable {
    case group, start, end, label, weekYear, week, count, daysWithData
    case sum, average, minimum, maximum

    /// The fields of columns named as ``BucketColumns/layout(options:)`` names
    /// them, or nil when one is not the fast path's (a boolean series'
    /// `yes_days`, `first`, a percentile).
    package static func fields(names: [String]) -> [DenseField]? {
        var fields: [DenseField] = []
        for name in names {
            guard let field = byName[name] else { return nil }
            fields.append(field)
        }
        return fields
    }

    private static let byName: [String: DenseField] = [
        "group": .group, "start": .start, "end": .end, "label": .label, "week_year": .weekYear, "week": .week,
        "count": .count, "days_with_data": .daysWithData, "sum": .sum, "average": .average, "min": .minimum,
        "max": .maximum,
    ]
}
