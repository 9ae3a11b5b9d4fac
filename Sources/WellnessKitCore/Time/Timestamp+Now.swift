#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Timestamp {
    /// The current instant, from the system's real-time clock, to whole seconds.
    public static func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(seconds: Int64(time.tv_sec))
    }
}
