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
final class Worker: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var job: (@Sendable () -> Void)?
    private var done = true

    private init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
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

    /// Runs `job` on the worker's thread; ``wait()`` waits for it.
    func submit(_ job: @escaping @Sendable () -> Void) {
        pthread_mutex_lock(mutex)
        self.job = job
        done = false
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Waits until the job submitted last is done (what it wrote is then visible to the caller).
    func wait() {
        pthread_mutex_lock(mutex)
        while !done { pthread_cond_wait(condition, mutex) }
        pthread_mutex_unlock(mutex)
    }

    private func serve() -> Never {
        while true {
            pthread_mutex_lock(mutex)
            while job == nil { pthread_cond_wait(condition, mutex) }
            let next = job
            pthread_mutex_unlock(mutex)
            next?()
            pthread_mutex_lock(mutex)
            job = nil
            done = true
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
    }
}
