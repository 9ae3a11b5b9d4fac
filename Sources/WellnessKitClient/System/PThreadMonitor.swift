import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pthread mutex with one condition variable, for a queue and its worker
/// thread: NSCondition without Foundation. Timed waits use CLOCK_MONOTONIC,
/// so setting the system clock never shortens or stretches a timeout.
/// Callers lock, wait and unlock explicitly; not recursive.
final class PThreadMonitor: @unchecked Sendable {
    /// Heap-allocated: pthread objects must not move.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        #if canImport(Glibc)
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        #endif
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits (the lock held) until woken; spurious wake-ups happen, so callers loop on their condition.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits (the lock held) until woken or `deadline` (CLOCK_MONOTONIC seconds) passes.
    /// - Returns: false once the deadline has passed.
    func wait(until deadline: Double) -> Bool {
        let now = MonotonicClock.now()
        guard deadline > now else { return false }
        // Whole seconds and nanoseconds of the deadline, clamped so that a
        // huge timeout cannot overflow the conversion.
        let clamped = min(deadline, now + 86_400 * 365)
        let whole = clamped.rounded(.down)
        let nanoseconds = min(max(((clamped - whole) * 1e9).rounded(.down), 0), 999_999_999)
        var time = timespec(tv_sec: Int(exactly: whole) ?? 0, tv_nsec: Int(exactly: nanoseconds) ?? 0)
        return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT || MonotonicClock.now() < deadline
    }

    /// Wakes every waiter.
    func broadcast() { pthread_cond_broadcast(condition) }
}
