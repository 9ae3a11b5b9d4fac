/// One sample of a cumulative type (steps, distance, energy ...).
struct CumulativeSample {
    let start: Int64
    let end: Int64
    let value: Double
    let source: Int32
}

/// Sums one day's samples of a cumulative type from several sources, as the
/// Health app does: where samples of two sources overlap in time, the
/// higher-priority source's count stands and the other's is dropped for the
/// overlapping part (a sample partly covered counts in proportion to its
/// uncovered time; an instantaneous one counts unless a higher-priority
/// sample covers its instant). Samples of one source are never removed
/// against each other.
enum CumulativeDedup {
    /// The day's total and how much was dropped as overlap.
    static func total(_ samples: [CumulativeSample], ranks: [Int]) -> (total: Double, dropped: Double) {
        let ordered = samples.sorted { lhs, rhs in
            let left = ranks[Int(lhs.source)]
            let right = ranks[Int(rhs.source)]
            return left != right ? left < right : lhs.start < rhs.start
        }
        var covered: [(start: Int64, end: Int64)] = []
        var total = 0.0
        var dropped = 0.0
        var groupStart = 0
        while groupStart < ordered.count {
            var groupEnd = groupStart
            let source = ordered[groupStart].source
            while groupEnd < ordered.count, ordered[groupEnd].source == source { groupEnd += 1 }
            let group = ordered[groupStart..<groupEnd]
            for sample in group {
                let kept = sample.value * uncoveredShare(sample, covered)
                total += kept
                dropped += sample.value - kept
            }
            covered = merged(covered, group.map { ($0.start, max($0.start, $0.end)) })
            groupStart = groupEnd
        }
        return (total, dropped)
    }

    /// The share of the sample's time that `covered` (sorted, disjoint) does not cover.
    private static func uncoveredShare(_ sample: CumulativeSample, _ covered: [(start: Int64, end: Int64)]) -> Double {
        guard !covered.isEmpty else { return 1 }
        let end = max(sample.start, sample.end)
        // The first interval that ends after the sample starts.
        var low = 0
        var high = covered.count
        while low < high {
            let middle = (low + high) / 2
            if covered[middle].end <= sample.start { low = middle + 1 } else { high = middle }
        }
        if end == sample.start {
            return low < covered.count && covered[low].start <= sample.start ? 0 : 1
        }
        var overlap: Int64 = 0
        var index = low
        while index < covered.count, covered[index].start < end {
            overlap += min(end, covered[index].end) - max(sample.start, covered[index].start)
            index += 1
        }
        return 1 - Double(overlap) / Double(end - sample.start)
    }

    /// The union of two interval lists, sorted and disjoint.
    private static func merged(
        _ covered: [(start: Int64, end: Int64)], _ added: [(Int64, Int64)]
    ) -> [(start: Int64, end: Int64)] {
        let all = (covered + added.map { (start: $0.0, end: $0.1) }).sorted { $0.start < $1.start }
        var result: [(start: Int64, end: Int64)] = []
        result.reserveCapacity(all.count)
        for interval in all {
            if let last = result.last, interval.start <= last.end {
                result[result.count - 1].end = max(last.end, interval.end)
            } else {
                result.append(interval)
            }
        }
        return result
    }
}
