extension TrendBucket {
    /// "No data", "Projected", "Rejuvenation", "Aging" or "Stable" (seed 001).
    public var label: String {
        guard let value else { return "No data" }
        if projection == true { return "Projected" }
        if value < 0 { return "Rejuvenation" }
        if value > 0 { return "Aging" }
        return "Stable"
    }

    /// Two decimals and "y" ("-0.32y"), or "—" without a value.
    public var formattedValue: String {
        guard let value else { return "—" }
        return DisplayNumber.fixed(value, digits: 2, suffix: "y")
    }

    /// Green for rejuvenation, red otherwise; nil without a value.
    public var valueColor: DisplayColor? {
        value.map { $0 < 0 ? .green : .red }
    }

    /// Whether the chart area shows a chart rather than a message.
    public var showsChart: Bool {
        available || (projection == true && points != nil)
    }

    /// The chart area's "not enough data" message, or nil when available.
    /// - Parameter period: the tab the bucket belongs to.
    public func message(for period: TrendPeriod) -> String? {
        if available { return nil }
        switch period {
        case .weekly, .monthly:
            return Self.keepLogging(period)
        case .yearly:
            if projection == true, value != nil {
                return
                    "Not enough data for a yearly trend yet. Showing a projected yearly trend based on recent check-ins."
            }
            return Self.keepLogging(period)
        }
    }

    private static func keepLogging(_ period: TrendPeriod) -> String {
        "Not enough data for a \(period.rawValue) trend yet. Keep logging your daily check-ins."
    }
}
