/// A goal's progress as a fraction (0.5 = 50 %), and the milestones of its
/// progress notifications.
public enum GoalProgress {
    /// The percentages that earn a progress notification.
    public static let milestones = [25, 50, 75, 100]
    /// Progress above this (1000 times the target) is refused: no goal gets
    /// there, and the bound keeps the percentage an exact, safe Int.
    public static let maximum = 1000.0
    /// ``maximum`` as text, for the error.
    private static let maximumText = "1000"

    /// Reads a progress member: a finite number from 0 to ``maximum``.
    /// - Throws: a validation error at `key` for a missing, negative or too large value.
    public static func read(_ key: String, from reader: ObjectReader) throws -> Double {
        let value: Double = try reader.required(key)
        guard value >= 0, value <= maximum else {
            throw WellnessError.validation(
                "must be a fraction between 0 and \(maximumText) (0.5 is 50%), found \(value)",
                at: reader.path(of: key))
        }
        return value
    }

    /// The seed's `Int(progress * 100)`: truncated, so 0.999 is 99 %.
    /// - Parameter progress: a fraction within 0...``maximum``.
    /// - Returns: the whole percentage.
    public static func percent(of progress: Double) -> Int {
        // Clamped for callers that skipped `read`; Int(exactly:) cannot trap.
        let scaled = (progress * 100).rounded(.towardZero)
        guard scaled.isFinite else { return 0 }
        return Int(exactly: min(max(scaled, 0), maximum * 100)) ?? 0
    }

    /// The milestones passed going from `previous` to `current`: those with
    /// previous < m/100 <= current (exact in binary for 25/50/75/100).
    /// Progress going down crosses nothing.
    /// - Returns: the milestones crossed, ascending.
    public static func crossed(from previous: Double, to current: Double) -> [Int] {
        milestones.filter { milestone in
            let threshold = Double(milestone) / 100
            return previous < threshold && current >= threshold
        }
    }
}
