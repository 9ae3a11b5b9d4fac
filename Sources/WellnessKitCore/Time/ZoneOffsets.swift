/// UTC offsets of one IANA time zone over a span of instants, as a table of
/// transitions, so that mapping millions of samples to local days costs a
/// comparison and an addition each instead of a zone lookup each.
public struct ZoneOffsets: Sendable {
    /// `offsets[i]` applies from `starts[i]` (inclusive) until `starts[i + 1]`.
    private let starts: [Int64]
    private let offsets: [Int64]
    public let identifier: String

    /// - Parameters:
    ///   - zone: the zone.
    ///   - range: the instants (seconds since the epoch) that will be looked up.
    public init(zone: TimeZoneRules, covering range: ClosedRange<Int64>) {
        identifier = zone.identifier
        // Two days of margin on each side: callers also look up day starts.
        let margin: Int64 = 2 * 86_400
        let lower = range.lowerBound > Int64.min + margin ? range.lowerBound - margin : Int64.min
        let upper = range.upperBound < Int64.max - margin ? range.upperBound + margin : Int64.max
        var starts: [Int64] = [Int64.min]
        var offsets: [Int64] = [zone.offset(at: lower)]
        for transition in zone.transitions(in: lower...upper) where transition.offset != offsets[offsets.count - 1] {
            starts.append(transition.instant)
            offsets.append(transition.offset)
        }
        self.starts = starts
        self.offsets = offsets
    }

    /// The offset east of UTC at `instant`, with the instants between which
    /// it holds (`start` inclusive, `end` exclusive), so that callers can skip
    /// the lookup for following instants in the same span.
    public func segment(containing instant: Int64) -> (offset: Int64, start: Int64, end: Int64) {
        // Few transitions per decade: a binary search is a handful of steps.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        let end = low + 1 < starts.count ? starts[low + 1] : Int64.max
        return (offsets[low], starts[low], end)
    }

    /// The offsets that hold at instants of `range` (seconds since the
    /// epoch), in order, each with the instant it starts at (the first's
    /// start is the table's, at or before the range).
    func segments(overlapping range: ClosedRange<Int64>) -> [(start: Int64, offset: Int64)] {
        // The table covers the range it was made for, with a few segments: a scan is enough.
        var first = 0
        while first + 1 < starts.count, starts[first + 1] <= range.lowerBound { first += 1 }
        var segments = [(start: starts[first], offset: offsets[first])]
        var next = first + 1
        while next < starts.count, starts[next] <= range.upperBound {
            segments.append((starts[next], offsets[next]))
            next += 1
        }
        return segments
    }

    /// The local calendar day of `instant`, as days since 1970-01-01.
    public func localDay(at instant: Int64) -> Int {
        Int((instant + segment(containing: instant).offset).floorDivided(by: 86_400))
    }
}
