extension TimeZoneRules {
    /// The instant `days` calendar days after `instant` at the same local
    /// wall-clock time, as Foundation's `Calendar.date(byAdding: .day, …)`
    /// computes it: a wall-clock time that a transition skips moves forward
    /// by the skipped length (02:30 in New York on a spring-forward day is
    /// 03:30 EDT), and one that occurs twice is its first occurrence.
    /// - Returns: nil when the arithmetic leaves Int64.
    public func instant(addingDays days: Int, to instant: Int64) -> Int64? {
        let (shift, overflow) = Int64(days).multipliedReportingOverflow(by: 86_400)
        let (local, overflowLocal) = instant.addingReportingOverflow(offset(at: instant))
        guard !overflow, !overflowLocal else { return nil }
        let (target, overflowTarget) = local.addingReportingOverflow(shift)
        guard !overflowTarget, target > Int64.min + 2 * 86_400, target < Int64.max - 2 * 86_400 else { return nil }
        // Offsets are within ±26 h, so the offsets in force a day either side
        // of the wall-clock time are the only candidates.
        let before = offset(at: target - 86_400)
        let after = offset(at: target + 86_400)
        let matches = [target - before, target - after].filter { offset(at: $0) == target - $0 }
        return matches.min() ?? target - before
    }
}
