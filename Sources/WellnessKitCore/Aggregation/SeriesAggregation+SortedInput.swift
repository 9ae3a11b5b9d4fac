extension SeriesAggregation {
    /// The days of sorted input, as ``summarizeDays(_:options:)`` would give
    /// them, to the bit, or nil for anything else: unsorted input, a
    /// timestamp outside years 1–9999, a value that is not finite, boolean
    /// or value-less series. The general loop then handles the input and
    /// names the sample at fault.
    ///
    /// Instead of a zone and day check per sample, the day edges are found by
    /// a galloping search over the timestamps; each day's values then go
    /// through a loop with nothing but the minimum, maximum and order check
    /// in it, two days at a time so that the two days' dependent chains
    /// overlap; the day's exact sum is a second pass, which also finds a NaN
    /// or infinite value. The loop checks that the input really was sorted
    /// (which the search assumed). Sums are exact, so the order cannot change
    /// them.
    static func summarizeSortedDays(_ columns: Columns, options: SeriesOptions) -> [DaySummary]? {
        let timestamps = columns.timestamps
        let values = columns.values
        let count = timestamps.count
        guard count > 0, values.count == count, options.kind != .boolean else { return nil }
        let perUnit = columns.millisecondsPerUnit
        let first = timestamps[0]
        let last = timestamps[count - 1]
        guard SampleSeries.timestampRange.lowerBound / perUnit <= first, first <= last,
            last <= SampleSeries.timestampRange.upperBound / perUnit
        else { return nil }
        // In range from here: the first and last bound every timestamp the search reads.
        let earliest = first &* perUnit
        let latest = last &* perUnit
        let zone = ZoneOffsets(
            zone: options.timeZone, covering: earliest.floorDivided(by: 1000)...latest.floorDivided(by: 1000))
        guard let pieces = dayPieces(timestamps, millisecondsPerUnit: perUnit, zone: zone) else { return nil }

        let tracksMore = options.statistics != nil
        let keepsValues = options.statistics?.contains(where: \.needsValues) ?? false
        var summaries: [DaySummary] = []
        summaries.reserveCapacity(pieces.count)
        // Nil when a value is not finite.
        func finished(_ piece: Int, low: Double, high: Double) -> DaySummary? {
            let range = pieceRange(piece, pieces, count: count)
            var summary = DaySummary(day: pieces[piece].day)
            summary.count = range.count
            // A second pass over the day.
            guard
                summary.sum.add(
                    finiteContentsOf: UnsafeBufferPointer(rebasing: values[range]),
                    largestMagnitude: max(abs(low), abs(high)))
            else { return nil }
            summary.minimum = low
            summary.maximum = high
            summary.latestTime = timestamps[range.upperBound - 1] &* perUnit
            summary.latestIndex = range.upperBound - 1
            summary.latestValue = values[range.upperBound - 1]
            if tracksMore {
                summary.earliestTime = timestamps[range.lowerBound] &* perUnit
                summary.earliestIndex = range.lowerBound
                summary.earliestValue = values[range.lowerBound]
                if keepsValues { summary.values = Array(values[range]) }
            }
            return summary
        }

        var piece = 0
        while piece < pieces.count {
            let one = pieceRange(piece, pieces, count: count)
            var disorder: UInt8 = 0  // not Bool: || would branch in the loop
            var lowOne = Double.infinity
            var highOne = -Double.infinity
            var previousOne = one.lowerBound > 0 ? timestamps[one.lowerBound - 1] : Int64.min
            if piece + 1 < pieces.count {
                let two = pieceRange(piece + 1, pieces, count: count)
                var lowTwo = Double.infinity
                var highTwo = -Double.infinity
                var previousTwo = timestamps[two.lowerBound - 1]
                let shared = min(one.count, two.count)
                for step in 0..<shared {
                    let stampOne = timestamps[one.lowerBound &+ step]
                    let stampTwo = timestamps[two.lowerBound &+ step]
                    let valueOne = values[one.lowerBound &+ step]
                    let valueTwo = values[two.lowerBound &+ step]
                    disorder |= (stampOne < previousOne ? 1 : 0) | (stampTwo < previousTwo ? 1 : 0)
                    previousOne = stampOne
                    previousTwo = stampTwo
                    // As Swift.min/max with the running value first in the general loop: the same zero wins
                    // (NaN, where they differ, sends the input to that loop). One minsd / maxsd each.
                    lowOne = min(lowOne, valueOne)
                    highOne = highOne > valueOne ? highOne : valueOne
                    lowTwo = min(lowTwo, valueTwo)
                    highTwo = highTwo > valueTwo ? highTwo : valueTwo
                }
                for index in (two.lowerBound &+ shared)..<two.upperBound {
                    let stamp = timestamps[index]
                    disorder |= stamp < previousTwo ? 1 : 0
                    previousTwo = stamp
                    lowTwo = min(lowTwo, values[index])
                    highTwo = highTwo > values[index] ? highTwo : values[index]
                }
                for index in (one.lowerBound &+ shared)..<one.upperBound {
                    let stamp = timestamps[index]
                    disorder |= stamp < previousOne ? 1 : 0
                    previousOne = stamp
                    lowOne = min(lowOne, values[index])
                    highOne = highOne > values[index] ? highOne : values[index]
                }
                guard disorder == 0, let dayOne = finished(piece, low: lowOne, high: highOne),
                    let dayTwo = finished(piece + 1, low: lowTwo, high: highTwo)
                else { return nil }
                summaries.append(dayOne)
                summaries.append(dayTwo)
                piece += 2
            } else {
                for index in one {
                    let stamp = timestamps[index]
                    disorder |= stamp < previousOne ? 1 : 0
                    previousOne = stamp
                    lowOne = min(lowOne, values[index])
                    highOne = highOne > values[index] ? highOne : values[index]
                }
                guard disorder == 0, let dayOne = finished(piece, low: lowOne, high: highOne) else { return nil }
                summaries.append(dayOne)
                piece += 1
            }
        }

        // Days come in order unless the zone moves a day boundary backwards; store merges those as the general loop.
        var days: [DaySummary] = []
        var slots: DaySlots?
        let millisecondsPerDay: Int64 = 86_400_000
        let span =
            Int(
                earliest.floorDivided(by: millisecondsPerDay) - 2)...Int(
                latest.floorDivided(by: millisecondsPerDay) + 2)
        for summary in summaries {
            store(summary, in: &days, slots: &slots, span: span, samples: count)
        }
        if let slots { days = slots.inDayOrder(days) }
        return days
    }

    private static func pieceRange(_ piece: Int, _ pieces: [(start: Int, day: Int)], count: Int) -> Range<Int> {
        pieces[piece].start..<(piece + 1 < pieces.count ? pieces[piece + 1].start : count)
    }

    /// Where each stretch of samples on one local day starts, assuming the
    /// timestamps are sorted (nil when one read lies outside the first and
    /// last, which proves they are not). A stretch ends at the day's end or
    /// at a change of UTC offset, whichever is first; a stretch after an
    /// offset change continues the day it is still in.
    private static func dayPieces(
        _ timestamps: UnsafeBufferPointer<Int64>, millisecondsPerUnit perUnit: Int64, zone: ZoneOffsets
    ) -> [(start: Int, day: Int)]? {
        let first = timestamps[0]
        let last = timestamps[timestamps.count - 1]
        var pieces: [(start: Int, day: Int)] = []
        var cursor = LocalDayCursor(zone: zone)
        var index = 0
        while index < timestamps.count {
            let raw = timestamps[index]
            guard raw >= first, raw <= last else { return nil }
            // Years 1–9999 (the caller checked first and last), so the product cannot overflow.
            if let day = cursor.move(to: raw &* perUnit) { pieces.append((index, day)) }
            let edge = cursor.edge
            // The first timestamp at or past the edge, in the input's unit: the edge divided, rounded up.
            let threshold = edge / perUnit + (edge % perUnit > 0 ? 1 : 0)
            index = firstIndex(in: timestamps, from: index + 1, atLeast: threshold)
        }
        return pieces
    }

    /// The first index from `start` on whose timestamp is at least
    /// `threshold` (the count when none is), for sorted timestamps: doubling
    /// steps, then a binary search, so a day of n samples costs about 2 log n reads.
    private static func firstIndex(
        in timestamps: UnsafeBufferPointer<Int64>, from start: Int, atLeast threshold: Int64
    ) -> Int {
        let count = timestamps.count
        var low = start
        var probe = start
        var step = 1
        while probe < count, timestamps[probe] < threshold {
            low = probe + 1
            probe = count - probe > step ? probe + step : count
            step *= 2
        }
        var high = probe
        while low < high {
            let middle = low + (high - low) / 2
            if timestamps[middle] < threshold { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
