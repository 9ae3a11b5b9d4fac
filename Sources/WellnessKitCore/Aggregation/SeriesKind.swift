/// How a series' values aggregate (seed 002).
public enum SeriesKind: String, JSONStringEnum, Sendable {
    /// Numbers: average, min, max per bucket.
    case numeric
    /// Yes/no answers: yes-days per bucket, and streaks.
    case boolean
    /// Anything else: the latest value per bucket.
    case snapshot
}
