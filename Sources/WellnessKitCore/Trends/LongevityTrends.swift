/// Computes `GET /api/longevity/trends` (seed 001) from daily entries.
///
/// Method, for each window ending today (weekly 7 days, monthly 30, yearly 365):
/// - `points`: the entries inside the window, one per day that has one,
///   never interpolated.
/// - `available`: the user has at least 7 / 30 / 365 entries up to today.
/// - `value`: when available, the change in biological age over the window:
///   the slope of the least-squares line through the window's entries
///   (years per day) times the window's length, rounded to 2 decimals.
///   It needs 2 entries on different days in the window; otherwise null.
///   Null when not available.
/// - yearly with fewer than 365 entries: `projection` is true and `value`
///   projects the slope over the last 90 days to 365 days, when those days
///   hold at least 14 entries spanning at least 7 days; otherwise null.
public struct LongevityTrends: Sendable {
    public static let weeklyThreshold = 7
    public static let monthlyThreshold = 30
    public static let yearlyThreshold = 365
    /// Days of recent entries a yearly projection is drawn from, and the least it needs.
    public static let projectionWindow = 90
    public static let projectionMinimumEntries = 14
    public static let projectionMinimumSpan = 7

    public let response: TrendsResponse

    /// - Parameters:
    ///   - entries: daily entries in any order; one per date.
    ///   - today: the last day of every window; later entries are ignored.
    /// - Throws: a validation error naming the second entry of a repeated date.
    public init(entries: [BiologicalAgeEntry], today: CalendarDate) throws {
        let sorted = try LongevityTrends.sortedUnique(entries)
        let todayNumber = today.daysSinceEpoch
        let history = sorted.filter { $0.date.daysSinceEpoch <= todayNumber }
        response = TrendsResponse(
            weekly: LongevityTrends.bucket(history, days: 7, threshold: Self.weeklyThreshold, today: todayNumber),
            monthly: LongevityTrends.bucket(history, days: 30, threshold: Self.monthlyThreshold, today: todayNumber),
            yearly: LongevityTrends.yearly(history, today: todayNumber))
    }

    private static func sortedUnique(_ entries: [BiologicalAgeEntry]) throws -> [BiologicalAgeEntry] {
        let order = entries.indices.sorted { (entries[$0].date, $0) < (entries[$1].date, $1) }
        for (previous, next) in zip(order, order.dropFirst()) where entries[previous].date == entries[next].date {
            throw WellnessError.validation(
                "\(entries[next].date) already has an entry at index \(previous)",
                at: FieldPath.root.appending("entries").appending(index: next))
        }
        return order.map { entries[$0] }
    }

    private static func window(_ history: [BiologicalAgeEntry], days: Int, today: Int) -> [BiologicalAgeEntry] {
        history.filter { $0.date.daysSinceEpoch > today - days }
    }

    private static func bucket(_ history: [BiologicalAgeEntry], days: Int, threshold: Int, today: Int) -> TrendBucket {
        let inWindow = window(history, days: days, today: today)
        let available = history.count >= threshold
        let value = available ? slope(inWindow).map { rounded($0 * Double(days)) } : nil
        return TrendBucket(value: value, available: available, points: points(inWindow))
    }

    private static func yearly(_ history: [BiologicalAgeEntry], today: Int) -> TrendBucket {
        if history.count >= yearlyThreshold {
            return bucket(history, days: 365, threshold: yearlyThreshold, today: today)
        }
        let recent = window(history, days: projectionWindow, today: today)
        var value: Double?
        if recent.count >= projectionMinimumEntries, let first = recent.first, let last = recent.last,
            last.date.daysSinceEpoch - first.date.daysSinceEpoch >= projectionMinimumSpan
        {
            value = slope(recent).map { rounded($0 * 365) }
        }
        return TrendBucket(
            value: value, available: false, projection: true,
            points: points(window(history, days: 365, today: today)))
    }

    private static func points(_ entries: [BiologicalAgeEntry]) -> [TrendPoint] {
        entries.map { TrendPoint(date: $0.date, biologicalAge: $0.biologicalAge) }
    }

    /// The least-squares slope of biological age against day, or nil with
    /// fewer than two distinct days.
    static func slope(_ entries: [BiologicalAgeEntry]) -> Double? {
        guard entries.count >= 2, let origin = entries.first?.date.daysSinceEpoch else { return nil }
        let xs = entries.map { Double($0.date.daysSinceEpoch - origin) }
        let ys = entries.map(\.biologicalAge)
        let count = Double(entries.count)
        let meanX = xs.reduce(0, +) / count
        let meanY = ys.reduce(0, +) / count
        var covariance = 0.0
        var variance = 0.0
        for (x, y) in zip(xs, ys) {
            covariance += (x - meanX) * (y - meanY)
            variance += (x - meanX) * (x - meanX)
        }
        return variance > 0 ? covariance / variance : nil
    }

    /// Two decimals, halves away from zero; -0 becomes 0.
    static func rounded(_ value: Double) -> Double {
        let result = (value * 100).rounded(.toNearestOrAwayFromZero) / 100
        return result == 0 ? 0 : result
    }
}

/// The options document of the trends call: `{"today": "YYYY-MM-DD", "time_zone": "UTC"}`.
public struct LongevityTrendsOptions: Sendable, JSONDecodable {
    public let today: CalendarDate

    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(["today", "time_zone"])
        // Checked even when "today" makes it unused: a wrong option is an error wherever it stands.
        let zone = try TimeZoneRules.named(by: "time_zone", in: reader)
        if let today: CalendarDate = try reader.optional("today") {
            self.today = today
            return
        }
        let now = Timestamp.now().seconds
        today = LocalCalendar.calendarDate(of: ZoneOffsets(zone: zone, covering: now...now).localDay(at: now))
    }
}
