/// The local day of UTC instants visited in (mostly) increasing order: the
/// zone's offset segment and the local day are kept, and looked up again
/// only when an instant leaves them, so an instant costs an addition and
/// four comparisons. Both day loops (sample by sample, and the sorted
/// input's stretches) walk their timestamps with it.
struct LocalDayCursor {
    private static let millisecondsPerDay: Int64 = 86_400_000

    private let zone: ZoneOffsets
    /// The offset segment the last instant fell in, in UTC milliseconds.
    private var segmentStart = Int64.max
    private var segmentEnd = Int64.min
    /// The segment's UTC offset in milliseconds.
    private(set) var offset: Int64 = 0
    /// The last instant's local day, in local milliseconds.
    private var dayStart = Int64.max
    private var dayEnd = Int64.min

    init(zone: ZoneOffsets) {
        self.zone = zone
    }

    /// Moves to an instant in UTC milliseconds, which must lie in years
    /// 1–9999 (callers check), so no product or sum below overflows.
    /// - Returns: the instant's local day (days since 1970-01-01) when it is
    ///   not the previous instant's, nil when it is.
    @inline(__always)
    mutating func move(to milliseconds: Int64) -> Int? {
        if milliseconds < segmentStart || milliseconds >= segmentEnd {
            let segment = zone.segment(containing: milliseconds.floorDivided(by: 1000))
            offset = segment.offset &* 1000
            segmentStart =
                segment.start.multipliedReportingOverflow(by: 1000).overflow ? Int64.min : segment.start &* 1000
            segmentEnd = segment.end.multipliedReportingOverflow(by: 1000).overflow ? Int64.max : segment.end &* 1000
        }
        let local = milliseconds &+ offset
        guard local < dayStart || local >= dayEnd else { return nil }
        let day = local.floorDivided(by: Self.millisecondsPerDay)
        dayStart = day &* Self.millisecondsPerDay
        dayEnd = dayStart &+ Self.millisecondsPerDay
        return Int(day)
    }

    /// The first UTC millisecond past the current local day or offset
    /// segment, whichever ends first.
    var edge: Int64 {
        min(segmentEnd, dayEnd &- offset)
    }
}
