import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bounded queue of events and one worker thread that hands them to a
/// sink, so that a slow or blocked sink never blocks the code emitting them.
///
/// Threading contract:
/// - ``emit(_:)`` only takes a lock the worker never holds while delivering:
///   it never waits for the sink. A full queue drops the new event (counted).
/// - Deliveries happen on the worker thread, one at a time, in emit order.
/// - ``setSink(_:)`` waits for a delivery in flight to return, so once it
///   returns the old sink is never called again.
/// - ``flush(timeout:)`` waits until every queued event has been delivered.
/// - ``shutdown(timeout:)`` stops accepting events, delivers what is queued
///   until the timeout, drops the rest (counted) and stops the worker: joined
///   when idle, left to finish on its own when a delivery is still running
///   (it then exits without calling the sink again). The worker keeps the
///   pipeline alive until it exits, so releasing it early is safe.
/// - ``setSink(_:)``, ``flush(timeout:)`` and ``shutdown(timeout:)`` refuse to
///   run on the worker thread (from inside a sink), where they would deadlock.
/// - In a child of `fork()` the copy of a pipeline refuses events
///   (``Refusal/otherProcess``): its worker stayed in the parent, which
///   delivers the queued events itself.
public final class AnalyticsPipeline: @unchecked Sendable {
    /// Why a call was refused.
    public enum Refusal: Error, Equatable {
        /// The pipeline was shut down: no more events are accepted.
        case shutDown
        /// Called from inside the sink, on the worker thread.
        case calledFromSink
        /// Called in a child of fork(): the worker thread stayed in the
        /// parent, and the queue is a copy of the parent's.
        case otherProcess
    }

    /// The counters of ``stats``.
    public struct Stats: Sendable, Equatable {
        public let capacity: Int
        /// Events queued by emit.
        public let accepted: Int
        /// Events the sink took.
        public let delivered: Int
        /// Events the sink reported it could not take (a failed file write).
        public let failed: Int
        /// Events emitted while the queue was full, or still queued at shutdown.
        public let dropped: Int
        public let queued: Int
        public let inFlight: Bool
        public let hasSink: Bool
        public let accepting: Bool
    }

    /// The largest queue allowed.
    public static let maximumCapacity = 1_000_000

    public let capacity: Int
    // Everything below is guarded by `monitor`.
    private let monitor = PThreadMonitor()
    private var queue: [[UInt8]] = []
    private var head = 0
    private var sink: (any AnalyticsSink)?
    private var inFlight = false
    /// Callers of setSink waiting for the delivery in flight: the worker
    /// starts no new delivery meanwhile, so they cannot be starved.
    private var sinkWaiters = 0
    private var accepting = true
    private var stopping = false
    private var workerRunning = false
    /// Set once the worker has been joined or detached (exactly one of them, once).
    private var workerReleased = false
    private var worker = pthread_t()
    private var accepted = 0, delivered = 0, failed = 0, dropped = 0
    private let owner = OwningProcess()

    /// Starts the worker thread.
    /// - Parameters:
    ///   - capacity: the most events queued at once (1 to ``maximumCapacity``).
    ///   - sink: where events go; without one they wait in the queue for ``setSink(_:)``.
    /// - Throws: `internal` when no thread can be created.
    public init(capacity: Int, sink: (any AnalyticsSink)?) throws {
        self.capacity = min(max(capacity, 1), Self.maximumCapacity)
        self.sink = sink
        workerRunning = true
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, analyticsWorkerMain, context)
        guard status == 0 else {
            Unmanaged<AnalyticsPipeline>.fromOpaque(context).release()
            workerRunning = false
            workerReleased = true
            throw WellnessError.internal("cannot start the analytics thread (error \(status))")
        }
        monitor.lock()
        worker = thread
        monitor.unlock()
    }

    private var queuedCount: Int { queue.count - head }

    /// Whether the caller is the worker thread (inside a sink).
    private var onWorker: Bool {
        monitor.lock()
        defer { monitor.unlock() }
        return workerRunning && pthread_equal(pthread_self(), worker) != 0
    }

    /// Queues one event for delivery; never waits for the sink.
    /// - Parameter line: the event's JSON.
    /// - Returns: false when the queue was full and the event was dropped.
    /// - Throws: ``Refusal/shutDown`` after ``shutdown(timeout:)``.
    @discardableResult
    public func emit(_ line: [UInt8]) throws -> Bool {
        guard owner.isCurrent else { throw Refusal.otherProcess }
        monitor.lock()
        defer { monitor.unlock() }
        guard accepting else { throw Refusal.shutDown }
        guard queuedCount < capacity else {
            dropped += 1
            return false
        }
        queue.append(line)
        accepted += 1
        monitor.broadcast()
        return true
    }

    /// Replaces the sink (nil removes it), after any delivery in flight returns.
    /// - Throws: ``Refusal/calledFromSink`` from inside a sink.
    public func setSink(_ newSink: (any AnalyticsSink)?) throws {
        guard owner.isCurrent else { throw Refusal.otherProcess }
        guard !onWorker else { throw Refusal.calledFromSink }
        monitor.lock()
        sinkWaiters += 1
        while inFlight { monitor.wait() }
        sink = newSink
        sinkWaiters -= 1
        monitor.broadcast()
        monitor.unlock()
    }

    /// Waits until every queued event has been delivered.
    /// - Parameter timeout: seconds; nil waits as long as it takes.
    /// - Returns: false when events remain at the timeout, or without a sink (nothing could deliver them).
    /// - Throws: ``Refusal/calledFromSink`` from inside a sink.
    public func flush(timeout: Double?) throws -> Bool {
        guard owner.isCurrent else { throw Refusal.otherProcess }
        guard !onWorker else { throw Refusal.calledFromSink }
        monitor.lock()
        defer { monitor.unlock() }
        return waitUntilIdle(deadline: timeout.map { MonotonicClock.now() + max($0, 0) })
    }

    /// Stops the pipeline (see the type's contract). Later calls do nothing more.
    /// - Parameter timeout: seconds to deliver what is queued; nil waits as long as it takes.
    /// - Returns: whether everything queued was delivered and no delivery is still running.
    /// - Throws: ``Refusal/calledFromSink`` from inside a sink.
    @discardableResult
    public func shutdown(timeout: Double?) throws -> Bool {
        // In a child of fork() the worker to wait for and join is the parent's,
        // and so may be the monitor's lock: the copy is left alone.
        guard owner.isCurrent else { return false }
        guard !onWorker else { throw Refusal.calledFromSink }
        monitor.lock()
        accepting = false
        let drained = waitUntilIdle(deadline: timeout.map { MonotonicClock.now() + max($0, 0) })
        dropped += queuedCount
        queue.removeAll()
        head = 0
        stopping = true
        monitor.broadcast()
        guard !workerReleased else {
            monitor.unlock()
            return drained
        }
        workerReleased = true
        let thread = worker
        if inFlight {
            // A sink is still running: the worker exits when it returns.
            pthread_detach(thread)
            monitor.unlock()
            return false
        }
        while workerRunning { monitor.wait() }
        monitor.unlock()
        pthread_join(thread, nil)
        return drained
    }

    /// The counters, read together.
    public var stats: Stats {
        monitor.lock()
        defer { monitor.unlock() }
        return Stats(
            capacity: capacity, accepted: accepted, delivered: delivered, failed: failed, dropped: dropped,
            queued: queuedCount, inFlight: inFlight, hasSink: sink != nil, accepting: accepting)
    }

    /// With the lock held: waits until the queue is empty and nothing is in flight.
    private func waitUntilIdle(deadline: Double?) -> Bool {
        while queuedCount > 0 || inFlight {
            if sink == nil && !inFlight { return false }
            if let deadline {
                if !monitor.wait(until: deadline) { return queuedCount == 0 && !inFlight }
            } else {
                monitor.wait()
            }
        }
        return true
    }

    /// The worker: delivers queued events until stopped.
    fileprivate func run() {
        monitor.lock()
        while true {
            while !stopping && (queuedCount == 0 || sink == nil || sinkWaiters > 0) { monitor.wait() }
            guard !stopping, let target = sink else { break }
            let line = queue[head]
            head += 1
            // Compact now and then, so that the array does not grow forever.
            if head >= 1024 && head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            inFlight = true
            monitor.unlock()
            let ok = target.deliver(line)
            monitor.lock()
            inFlight = false
            if ok { delivered += 1 } else { failed += 1 }
            monitor.broadcast()
        }
        workerRunning = false
        monitor.broadcast()
        monitor.unlock()
    }
}

extension AnalyticsPipeline.Stats: JSONEncodable {
    /// `{"capacity", "accepted", "delivered", "failed", "dropped", "queued", "in_flight", "has_sink", "accepting"}`.
    public var json: JSONValue {
        .object(
            JSONObject([
                ("capacity", .int(capacity)),
                ("accepted", .int(accepted)),
                ("delivered", .int(delivered)),
                ("failed", .int(failed)),
                ("dropped", .int(dropped)),
                ("queued", .int(queued)),
                ("in_flight", .bool(inFlight)),
                ("has_sink", .bool(hasSink)),
                ("accepting", .bool(accepting)),
            ]))
    }
}

/// The worker thread's entry: takes over the reference `init` passed, so the
/// pipeline lives until the worker returns.
private func analyticsWorkerMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<AnalyticsPipeline>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
