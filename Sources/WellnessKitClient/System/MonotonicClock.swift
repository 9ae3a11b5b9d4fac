import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CLOCK_MONOTONIC in seconds, for deadlines and backoff: unlike the wall
/// clock (Foundation's `Date`), it never jumps when the system time is set.
@usableFromInline  // the defaults of WellnessClient.init's `sleep` and `clock`
enum MonotonicClock {
    @usableFromInline
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Blocks the calling thread for `seconds` (Foundation's `Thread.sleep`),
    /// resuming after signal interruptions.
    @usableFromInline
    static func sleep(_ seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        let whole = seconds.rounded(.down)
        var request = timespec(
            tv_sec: Int(min(whole, Double(Int32.max))),
            tv_nsec: Int((seconds - whole) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR {
            request = remaining
        }
    }
}
