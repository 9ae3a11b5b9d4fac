/// The chart of seed 002's `GoalTrendsView` for an aggregated series:
/// what to draw and how, independent of any UI toolkit. docs/CHARTS.md
/// lists the rules; ``ChartLayout`` places everything for a given size and
/// ``SVGChart`` draws it.
public struct ChartSpec: Sendable {
    /// One plotted bucket.
    public struct Point: Sendable {
        /// The bucket's first local day (days since 1970-01-01): where the
        /// point sits on the time axis.
        public let day: Int
        public let value: Double
        public let label: String
    }

    public let interval: AggregationInterval
    public let kind: SeriesKind
    public let points: [Point]
    /// Size, title, unit and theme.
    public let options: ChartOptions
    /// Where weeks start (1 = Sunday … 7 = Saturday), for week ticks.
    public let firstWeekday: Int
    /// The y axis: range, nice ticks, zero baseline.
    public let valueScale: ValueScale

    /// The seed's chart height in pixels, the default SVG height.
    public static let height = 220
    /// What an empty chart says, centred where the plot would be.
    public static let noDataText = "No data"

    /// 2 in day view, 3 otherwise.
    public var lineWidth: Int { interval == .day ? 2 : 3 }
    /// Point marks and value annotations appear in day view only, and for a
    /// lone point, which no line would show.
    public var showsPoints: Bool { interval == .day || points.count == 1 }
    /// Whether the area under the line is filled: when the y axis includes
    /// 0, down to 0 (``ValueScale`` says when it does not).
    public var fillsArea: Bool { valueScale.includesZero && points.count > 1 }
    /// No point to draw: the chart says ``noDataText``.
    public var isEmpty: Bool { points.isEmpty }

    /// The seed's desired number of x-axis ticks: the axis takes the
    /// calendar step whose tick count is closest to it (``ChartLayout``).
    public var xAxisTickCount: Int {
        switch interval {
        case .day: return min(6, points.count)
        case .week: return min(8, points.count)
        case .month: return min(6, points.count)
        case .quarter: return min(4, points.count)
        case .half: return 2
        case .year: return min(5, points.count)
        }
    }

    /// Unicode date pattern of the x-axis labels for the interval's finest
    /// ticks (coarser steps use ``TimeStep/label(_:)``).
    public var xAxisDateFormat: String {
        switch interval {
        case .day, .week: return "MMM d"
        case .month, .quarter: return "MMM yyyy"
        case .half, .year: return "yyyy"
        }
    }

    public var accessibilityLabel: String { "Trend of \(interval.rawValue) \(options.plot.noun)s" }

    /// The visible title: option `"title"`, else derived from the interval
    /// and kind ("Weekly average", "Yes days per week", "Monthly latest value").
    public var title: String {
        if let title = options.title { return title }
        switch kind {
        case .numeric: return "\(Self.adjective(interval)) \(options.plot.noun)"
        case .boolean: return interval == .day ? "Daily yes answers" : "Yes days per \(Self.noun(interval))"
        case .snapshot: return "\(Self.adjective(interval)) latest value"
        }
    }

    /// The y-axis title: what the values are, with the unit when known
    /// ("Average (steps)", "Yes days", "Latest value (kg)").
    public var yAxisTitle: String {
        let quantity: String
        switch kind {
        case .numeric: quantity = options.plot.noun.prefix(1).uppercased() + options.plot.noun.dropFirst()
        case .boolean: quantity = "Yes days"
        case .snapshot: quantity = "Latest value"
        }
        return options.unit.map { "\(quantity) (\($0))" } ?? quantity
    }

    /// - Parameters:
    ///   - aggregation: the series; numeric buckets plot their average,
    ///     boolean ones their yes-days, numeric snapshots their latest value.
    ///   - options: size, title, unit and theme.
    /// - Throws: a validation error at `kind` for a snapshot series holding
    ///   text or booleans, which have no position on a value axis.
    public init(_ aggregation: SeriesAggregation, options: ChartOptions = ChartOptions()) throws {
        interval = aggregation.interval
        kind = aggregation.options.kind
        firstWeekday = aggregation.options.firstWeekday
        self.options = options
        points = try aggregation.buckets.compactMap { bucket in
            let value: Double?
            switch bucket.kind {
            case .numeric: value = bucket.value(of: options.plot)
            case .boolean: value = bucket.count > 0 ? Double(bucket.yesDays ?? 0) : nil
            case .snapshot:
                switch bucket.latest {
                case .number(let number)?: value = number
                case nil: value = nil
                default:
                    throw WellnessError.validation(
                        "a chart needs numeric values; this snapshot series holds text or booleans",
                        at: FieldPath.root.appending("kind"))
                }
            }
            return value.map { Point(day: bucket.start, value: $0, label: bucket.label) }
        }
        valueScale = ValueScale(values: points.map(\.value))
    }

    /// A value as the day view annotates it: 0 to 1 fraction digits, or, from
    /// 10^15 on, 3 significant digits in scientific form ("1e308"), as the SVG
    /// labels are written.
    public static func annotation(_ value: Double) -> String {
        // Values beyond 1e307 have no tenths to round to (and ×10 overflows).
        let tenths = value * 10
        let rounded = tenths.isFinite ? tenths.rounded() / 10 : value
        if abs(rounded) >= ChartNumberFormat.fixedLimit {
            return ChartNumberFormat.scientific(rounded, significantDigits: 3)
        }
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        return DisplayNumber.fixed(rounded, digits: 1, suffix: "")
    }

    /// Everything placed for a `width` × `height` drawing (the options' size by default).
    public func layout(width: Int? = nil, height: Int? = nil) -> ChartLayout {
        ChartLayout(spec: self, width: width ?? options.width, height: height ?? options.height)
    }

    private static func adjective(_ interval: AggregationInterval) -> String {
        switch interval {
        case .day: return "Daily"
        case .week: return "Weekly"
        case .month: return "Monthly"
        case .quarter: return "Quarterly"
        case .half: return "Half-yearly"
        case .year: return "Yearly"
        }
    }

    private static func noun(_ interval: AggregationInterval) -> String {
        switch interval {
        case .day: return "day"
        case .week: return "week"
        case .month: return "month"
        case .quarter: return "quarter"
        case .half: return "half-year"
        case .year: return "year"
        }
    }
}
