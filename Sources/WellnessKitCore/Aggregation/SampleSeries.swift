/// A series of timestamped samples, held as columns in input order.
public struct SampleSeries: Sendable {
    /// Earliest and latest instants accepted: years 1 to 9999, in milliseconds.
    public static let timestampRange: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999

    public let kind: SeriesKind
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public private(set) var timestamps: [Int64] = []
    /// Numeric values, or 1 and 0 for boolean series.
    public private(set) var numbers: [Double] = []
    /// Snapshot series' values.
    public private(set) var snapshots: [SnapshotValue] = []

    public init(kind: SeriesKind, capacity: Int = 0) {
        self.kind = kind
        timestamps.reserveCapacity(capacity)
        if kind == .snapshot { snapshots.reserveCapacity(capacity) } else { numbers.reserveCapacity(capacity) }
    }

    public var count: Int { timestamps.count }

    /// Appends a numeric or boolean sample.
    public mutating func append(timestamp: Int64, number: Double) {
        timestamps.append(timestamp)
        numbers.append(number)
    }

    /// Appends a snapshot sample.
    public mutating func append(timestamp: Int64, snapshot: SnapshotValue) {
        timestamps.append(timestamp)
        snapshots.append(snapshot)
    }
}
