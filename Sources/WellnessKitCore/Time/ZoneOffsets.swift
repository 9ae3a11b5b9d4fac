import Foundation

/// UTC offsets of one IANA time zone over a span of instants, as a table of
/// transitions, so that mapping millions of samples to local days costs a
/// comparison and an addition each instead of a Foundation call each.
public struct ZoneOffsets: Sendable {
    /// `offsets[i]` applies from `starts[i]` (inclusive) until `starts[i + 1]`.
    private let starts: [Int64]
    private let offsets: [Int64]
    public let identifier: String

    /// - Parameters:
    ///   - timeZone: the zone.
    ///   - range: the instants (seconds since the epoch) that will be looked up.
    public init(timeZone: TimeZone, covering range: ClosedRange<Int64>) {
        identifier = timeZone.identifier
        // One day of margin on each side: callers also look up day starts.
        let lower = range.lowerBound.subtractingReportingOverflow(86_400 * 2).partialValue
        let upper = range.upperBound.addingReportingOverflow(86_400 * 2).partialValue
        var starts: [Int64] = [Int64.min]
        var offsets: [Int64] = [Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(lower))))]
        var cursor = Date(timeIntervalSince1970: Double(lower))
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor),
              next.timeIntervalSince1970 <= Double(upper), next > cursor {
            let instant = Int64(next.timeIntervalSince1970.rounded(.down))
            let offset = Int64(timeZone.secondsFromGMT(for: next))
            if offset != offsets[offsets.count - 1] {
                starts.append(instant)
                offsets.append(offset)
            }
            cursor = next
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

    /// The local calendar day of `instant`, as days since 1970-01-01.
    public func localDay(at instant: Int64) -> Int {
        Int((instant + segment(containing: instant).offset).floorDivided(by: 86_400))
    }
}
