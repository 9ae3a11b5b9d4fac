import CWellnessAtomics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Threads kept between the phases of the bulk calls (``ParallelCalls``):
/// a grouped call over few rows per group has five short phases, and a
/// thread created and joined for each cost about a tenth of a millisecond
/// of every phase, with the other thread idle. A kept thread waits on its
/// condition between jobs and costs nothing then.
///
/// Fork-safe: the pool belongs to the process that made it (its pid); a
/// child of fork() has none of its threads and makes its own pool, leaving
/// the parent's untouched (its locks may have been held at the fork). The
/// pool's own lock is only ever tried: whoever does not get it at once
/// (another caller, or a child whose parent forked while holding it) runs
/// its calls on threads of its own, as before there was a pool.
final class WorkerPool: @unchecked Sendable {
    private let pid: pid_t
    private var idle: [Worker] = []
    private var made = 0

    /// Most threads a pool keeps; callers past them make their own.
    private static let maximumWorkers = 64
    nonisolated(unsafe) private static var current: WorkerPool?
    private static let lock = PThreadMutex()

    private init(pid: pid_t) {
        self.pid = pid
    }

    /// Up to `count` idle workers of this process's pool, made as needed; nil or fewer when the
    /// pool is busy, full or a thread cannot be made.
    static func lease(_ count: Int) -> [Worker] {
        let pid = getpid()
        return lock.withLockIfAvailable {
            if current?.pid != pid {
                // A parent's pool after fork: left as it is (its threads are gone, its locks may be held).
                if let inherited = current { _ = Unmanaged.passRetained(inherited) }
                current = WorkerPool(pid: pid)
            }
            guard let pool = current else { return [] }
            var leased: [Worker] = []
            while leased.count < count, let worker = pool.idle.popLast() { leased.append(worker) }
            while leased.count < count, pool.made < maximumWorkers, let worker = Worker.start() {
                pool.made += 1
                leased.append(worker)
            }
            return leased
        } ?? []
    }

    /// Wakes this process's idle workers, so that they poll for their next job
    /// (``Worker``) while the caller prepares it: a call about to run phases on
    /// several threads calls this before its first, whose start then does not
    /// wait for a sleeping thread to be scheduled (a tenth of a millisecond on
    /// a virtual machine). Does nothing when the pool is busy.
    static func wakeIdle() {
        let pid = getpid()
        _ = lock.withLockIfAvailable {
            guard let pool = current, pool.pid == pid else { return }
            for worker in pool.idle { worker.nudge() }
        }
    }

    /// Gives leased workers back once their jobs are done (dropped when the pool is not this process's).
    static func giveBack(_ workers: [Worker]) {
        guard !workers.isEmpty else { return }
        let pid = getpid()
        lock.withLock {
            guard let pool = current, pool.pid == pid else { return }
            pool.idle.append(contentsOf: workers)
        }
    }
}

/// One kept thread: it runs the job it is given, marks it done and waits for the next.
///
/// Each side polls for the other a little while before it sleeps: the phases
/// of a grouped call follow each other within tens of microseconds, and a
/// thread woken from its condition started some twenty microseconds late,
/// at every phase's start and end (about three percent of a 10 ms call on
/// two threads). Sleeping follows the usual handshake: the sleeper announces
/// itself, then checks again under the mutex; the other side changes the
/// count, then wakes whoever announced.
final class Worker: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    /// Jobs submitted, jobs finished, and whether each side sleeps (1) or not (0); read and written atomically.
    private let counters: UnsafeMutablePointer<Int64>
    /// Written by ``submit(_:)`` before it counts the job, read by the worker once it sees it counted.
    private var job: (@Sendable () -> Void)?

    private enum Counter: Int {
        case submitted, finished, workerSleeps, callerSleeps
    }

    /// How long a side polls before it sleeps: longer than the gaps between a call's phases, short
    /// enough that a thread left without work soon stops taking a core.
    private static let pollingNanoseconds = 200_000

    private init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
        counters = .allocate(capacity: 4)
        counters.initialize(repeating: 0, count: 4)
    }

    /// A worker on a thread of its own (detached: it lives as long as the process), or nil.
    fileprivate static func start() -> Worker? {
        let worker = Worker()
        // Serves for ever: the context's retain keeps the worker.
        let thread = startThread(retaining: worker) { context in
            guard let context else { return nil }
            Unmanaged<Worker>.fromOpaque(context).takeUnretainedValue().serve()
        }
        guard let thread else { return nil }
        pthread_detach(thread)
        return worker
    }

    /// Runs `job` on the worker's thread; ``wait()`` waits for it. Called only when the previous job is done.
    func submit(_ job: @escaping @Sendable () -> Void) {
        self.job = job
        wellness_atomic_add(pointer(.submitted), 1)
        wakeIfSleeping(.workerSleeps)
    }

    /// Has the worker poll again for a while if it sleeps (``WorkerPool/wakeIdle()``).
    fileprivate func nudge() {
        wakeIfSleeping(.workerSleeps)
    }

    /// Waits until the job submitted last is done (what it wrote is then visible to the caller).
    func wait() {
        let submitted = wellness_atomic_load(pointer(.submitted))
        waitUntil(.finished, reaching: submitted, sleeping: .callerSleeps)
    }

    private func serve() -> Never {
        var served: Int64 = 0
        while true {
            waitUntil(.submitted, reaching: served + 1, sleeping: .workerSleeps)
            served += 1
            let next = job
            job = nil
            next?()
            wellness_atomic_store(pointer(.finished), served)
            wakeIfSleeping(.callerSleeps)
        }
    }

    /// Returns once `counter` is at least `target`: polled for ``pollingNanoseconds``, then
    /// waited for on the condition with `sleeping` set, and polled again after each wake-up.
    private func waitUntil(_ counter: Counter, reaching target: Int64, sleeping: Counter) {
        let count = pointer(counter)
        while !poll(count, reaching: target) {
            sleep(until: count, reaches: target, announcing: pointer(sleeping))
        }
    }

    /// Whether `count` reached `target` within ``pollingNanoseconds``.
    private func poll(_ count: UnsafeMutablePointer<Int64>, reaching target: Int64) -> Bool {
        let deadline = Self.now() + Self.pollingNanoseconds
        var polls = 0
        while wellness_atomic_load(count) < target {
            polls += 1
            // The clock every 64 polls: a poll is a few nanoseconds, reading the clock some twenty.
            if polls % 64 == 0, Self.now() >= deadline { return false }
            wellness_spin_pause()
        }
        return true
    }

    /// Sleeps on the condition until woken, unless `count` reached `target` first.
    private func sleep(
        until count: UnsafeMutablePointer<Int64>, reaches target: Int64, announcing flag: UnsafeMutablePointer<Int64>
    ) {
        pthread_mutex_lock(mutex)
        wellness_atomic_store(flag, 1)
        // Checked after the announcement: a count changed before it is seen here, one changed after it
        // finds the flag set and signals, which it can only do once this thread waits (it holds the mutex).
        if wellness_atomic_load(count) < target { pthread_cond_wait(condition, mutex) }
        wellness_atomic_store(flag, 0)
        pthread_mutex_unlock(mutex)
    }

    private func wakeIfSleeping(_ flag: Counter) {
        guard wellness_atomic_load(pointer(flag)) != 0 else { return }
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    private func pointer(_ counter: Counter) -> UnsafeMutablePointer<Int64> {
        counters + counter.rawValue
    }

    /// The monotonic clock in nanoseconds (it never comes near Int's range).
    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec &* 1_000_000_000 &+ time.tv_nsec
    }
}
