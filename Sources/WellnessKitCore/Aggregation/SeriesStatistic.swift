/// A statistic a numeric bucket can report: `"statistics": [...]` in the
/// series options, by these names.
public enum SeriesStatistic: Sendable, Hashable {
    case count
    /// Exact and rounded once (``ExactAccumulator``): `math.fsum` to the bit, in any order.
    case sum
    /// As the `average` option says: of samples, or of daily means; the
    /// correctly rounded sum ÷ n.
    case average
    case minimum
    case maximum
    /// The earliest sample's value, and its time (`first_at`).
    case first
    /// The latest sample's value, and its time (`last_at`).
    case last
    case median
    /// `p01`, `p05`, `p10`, `p25`, `p75`, `p90`, `p95`, `p99`: NumPy's
    /// `percentile(values, p)` (method "linear", pandas' `quantile`) to the bit.
    case percentile(Int)
    /// The sample standard deviation (n − 1, as pandas), two-pass and exact
    /// sums; null below 2 samples, an error when beyond the range of a double.
    case standardDeviation

    /// The buckets' statistics when the options name none.
    public static let defaults: [SeriesStatistic] = [.count, .average, .minimum, .maximum]

    /// The percentile ranks offered (the median is 50).
    public static let percentileRanks = [1, 5, 10, 25, 75, 90, 95, 99]

    static let fixedNames: [(String, SeriesStatistic)] = [
        ("count", .count), ("sum", .sum), ("average", .average), ("min", .minimum), ("max", .maximum),
        ("first", .first), ("last", .last), ("median", .median), ("stddev", .standardDeviation),
    ]

    /// The name in options and results: "sum", "p90", "stddev".
    public var name: String {
        if case .percentile(let rank) = self { return rank < 10 ? "p0\(rank)" : "p\(rank)" }
        return Self.fixedNames.first { $0.1 == self }?.0 ?? "count"
    }

    /// The statistic of `name`, or nil.
    public init?(name: String) {
        if let fixed = Self.fixedNames.first(where: { $0.0 == name }) {
            self = fixed.1
            return
        }
        let digits = name.utf8.dropFirst()
        guard name.utf8.first == UInt8(ascii: "p"), digits.count == 2,
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let rank = Int(String(decoding: digits, as: UTF8.self)), Self.percentileRanks.contains(rank)
        else {
            return nil
        }
        self = .percentile(rank)
    }

    /// What a chart calls it: "Weekly total", "Daily 90th percentile".
    public var noun: String {
        switch self {
        case .count: return "count"
        case .sum: return "total"
        case .average: return "average"
        case .minimum: return "minimum"
        case .maximum: return "maximum"
        case .first: return "first value"
        case .last: return "last value"
        case .median: return "median"
        case .percentile(let rank): return "\(rank)\(Self.ordinalSuffix(rank)) percentile"
        case .standardDeviation: return "standard deviation"
        }
    }

    private static func ordinalSuffix(_ number: Int) -> String {
        if (11...13).contains(number % 100) { return "th" }
        switch number % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    /// Whether it needs every value of a bucket, not only running sums.
    var needsValues: Bool {
        switch self {
        case .median, .percentile, .standardDeviation: return true
        default: return false
        }
    }
}

extension SeriesStatistic: JSONDecodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let name = try String(json: json, at: path)
        guard let statistic = SeriesStatistic(name: name) else {
            let names = Self.fixedNames.map(\.0) + Self.percentileRanks.map { Self.percentile($0).name }
            throw WellnessError.validation(
                "\"\(name.echo)\" is not a statistic (\(names.joined(separator: ", ")))",
                at: path)
        }
        self = statistic
    }
}
