/// A range of indices cut into at most `threads` consecutive slices of about
/// equal size, each run on a thread of its own (``ParallelCalls``): the
/// bulk calls' row passes (grouping, filling result columns) share their rows
/// this way, each thread writing only its own slice of a shared buffer.
package struct ParallelSlices: Sendable {
    /// The slices, in order; empty when there is nothing to do.
    package let ranges: [Range<Int>]

    /// - Parameters:
    ///   - count: how many indices (0 or more).
    ///   - threads: most slices (at least 1 is used).
    ///   - alignment: every slice but the last starts and ends on a multiple
    ///     of it (8 keeps a validity bitmap's bytes to one thread each).
    ///   - minimumSlice: no slice is cut smaller than this, so a small input
    ///     does not pay for a thread.
    package init(count: Int, threads: Int, alignment: Int = 1, minimumSlice: Int = 4096) {
        guard count > 0 else {
            ranges = []
            return
        }
        let step = max(alignment, 1)
        let wanted = max(1, min(threads, count / max(minimumSlice, 1)))
        let perSlice = count / wanted
        // Rounded up to the alignment; past Int.max (never for a buffer's count) one slice takes all.
        let rounded = perSlice.addingReportingOverflow(perSlice % step == 0 ? 0 : step - perSlice % step)
        let aligned = rounded.overflow ? count : rounded.partialValue
        var ranges: [Range<Int>] = []
        var start = 0
        while start < count {
            let end = ranges.count == wanted - 1 || count - start <= aligned ? count : start + aligned
            ranges.append(start..<end)
            start = end
        }
        self.ranges = ranges
    }

    /// `body` for each slice (its number and range), the first on the calling
    /// thread; the results in slice order, once every thread has finished.
    package func run<Value: Sendable>(_ body: @escaping @Sendable (Int, Range<Int>) -> Value) -> [Value] {
        guard ranges.count > 1 else { return ranges.enumerated().map { body($0.offset, $0.element) } }
        let calls = ranges.enumerated().map { slice in { @Sendable in body(slice.offset, slice.element) } }
        return ParallelCalls.run(calls)
    }
}
