/// The chart of seed 002's `GoalTrendsView` for an aggregated series:
/// what to draw and how, independent of any UI toolkit.
public struct ChartSpec: Sendable {
    /// One plotted bucket.
    public struct Point: Sendable {
        /// The bucket's first local day (days since 1970-01-01).
        public let day: Int
        public let value: Double
        public let label: String
    }

    public let interval: AggregationInterval
    public let points: [Point]
    /// 2 in day view, 3 otherwise.
    public var lineWidth: Int { interval == .day ? 2 : 3 }
    /// Point marks and value annotations appear in day view only.
    public var showsPoints: Bool { interval == .day }
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

    /// Unicode date pattern of the x-axis labels.
    public var xAxisDateFormat: String {
        switch interval {
        case .day, .week: return "MMM d"
        case .month, .quarter: return "MMM yyyy"
        case .half, .year: return "yyyy"
        }
    }

    public var accessibilityLabel: String { "Trend of \(interval.rawValue) averages" }
    public static let height = 220

    /// - Parameter aggregation: the series; numeric buckets plot their
    ///   average, boolean ones their yes-days, numeric snapshots their latest value.
    /// - Throws: a validation error at `kind` for a snapshot series holding
    ///   text or booleans, which have no position on a value axis.
    public init(_ aggregation: SeriesAggregation) throws {
        interval = aggregation.interval
        points = try aggregation.buckets.compactMap { bucket in
            let value: Double?
            switch bucket.kind {
            case .numeric: value = bucket.average
            case .boolean: value = bucket.count > 0 ? Double(bucket.yesDays ?? 0) : nil
            case .snapshot:
                switch bucket.latest {
                case .number(let number)?: value = number
                case nil: value = nil
                default:
                    throw WellnessError.validation("a chart needs numeric values; this snapshot series holds text or booleans",
                                                   at: FieldPath.root.appending("kind"))
                }
            }
            return value.map { Point(day: bucket.start, value: $0, label: bucket.label) }
        }
    }

    /// A value as the day view annotates it: 0 to 1 fraction digits.
    public static func annotation(_ value: Double) -> String {
        // Values beyond 1e307 have no tenths to round to (and ×10 overflows).
        let tenths = value * 10
        let rounded = tenths.isFinite ? tenths.rounded() / 10 : value
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return DisplayNumber.fixed(rounded, digits: 1, suffix: "")
    }

    /// A day formatted as the x axis shows it.
    public func axisLabel(_ day: Int) -> String {
        let date = LocalCalendar.date(of: day)
        switch interval {
        case .day, .week: return "\(LocalCalendar.monthAbbreviation(date.month)) \(date.day)"
        case .month, .quarter: return "\(LocalCalendar.monthAbbreviation(date.month)) \(date.year)"
        case .half, .year: return "\(date.year)"
        }
    }

    /// Indices of the points that carry x-axis ticks, spread evenly.
    public var tickIndices: [Int] {
        let count = xAxisTickCount
        guard count > 0, !points.isEmpty else { return [] }
        if count == 1 || points.count == 1 { return [0] }
        return Array(Set((0..<count).map { $0 * (points.count - 1) / (count - 1) })).sorted()
    }
}

extension ChartSpec: JSONEncodable {
    public var json: JSONValue {
        .object(JSONObject([
            ("interval", interval.json),
            ("height", Self.height.json),
            ("line", .object(JSONObject([
                ("width", lineWidth.json),
                ("interpolation", "monotone".json),
                ("cap", "round".json),
                ("join", "round".json),
            ]))),
            ("area_gradient", .object(JSONObject([("top_opacity", JSONValue.double(0.3)),
                                                  ("bottom_opacity", JSONValue.double(0.05))]))),
            ("show_points", showsPoints.json),
            ("show_annotations", showsPoints.json),
            ("x_axis", .object(JSONObject([
                ("tick_count", xAxisTickCount.json),
                ("date_format", xAxisDateFormat.json),
                ("grid_lines", true.json),
                ("ticks", .array(tickIndices.map { axisLabel(points[$0].day).json })),
            ]))),
            ("y_axis", .object(JSONObject([("position", "leading".json)]))),
            ("accessibility_label", accessibilityLabel.json),
            ("points", .array(points.map { point in
                var object = JSONObject([
                    ("date", LocalCalendar.calendarDate(of: point.day).json),
                    ("value", point.value.json),
                    ("label", point.label.json),
                ])
                if showsPoints { object.append("annotation", Self.annotation(point.value).json) }
                return .object(object)
            })),
        ]))
    }
}
