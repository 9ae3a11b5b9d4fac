/// The Score screen's three trend windows (seed 001).
public enum TrendPeriod: String, JSONStringEnum, Sendable {
    case weekly
    case monthly
    case yearly
}
