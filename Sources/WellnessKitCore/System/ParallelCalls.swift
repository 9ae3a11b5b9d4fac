#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs blocking calls at the same time, each on a thread of its own, and
/// waits for all of them: the library has neither Dispatch nor Foundation, and
/// its calls block (libcurl, a long aggregation), so Swift concurrency would
/// only tie up its pool. The calls run on threads the library keeps
/// (``WorkerPool``, fork-safe: a child of fork() makes its own) or, when
/// those are taken, on threads made for the call.
package enum ParallelCalls {
    /// - Returns: each call's result, in the order of `calls`. A call whose
    ///   thread cannot be created runs on the calling thread instead.
    package static func run<Value: Sendable>(_ calls: [@Sendable () -> Value]) -> [Value] {
        let boxes = calls.map { ResultBox(call: $0) }
        guard boxes.count > 1 else {
            boxes.first?.execute()
            return boxes.compactMap(\.value)
        }
        // Kept threads where the pool has them; the rest on threads of their own.
        let workers = WorkerPool.lease(boxes.count - 1)
        for (worker, box) in zip(workers, boxes.dropFirst()) { worker.submit { box.execute() } }
        let own = Array(boxes.dropFirst(1 + workers.count))
        var threads: [pthread_t?] = []
        for box in own {
            threads.append(start(box))
        }
        boxes.first?.execute()
        for (thread, box) in zip(threads, own) {
            if let thread {
                pthread_join(thread, nil)
            } else {
                box.execute()
            }
        }
        for worker in workers { worker.wait() }
        WorkerPool.giveBack(workers)
        return boxes.compactMap(\.value)
    }

    /// Wakes the threads the library keeps, so that they are polling for jobs
    /// when this thread's next ``run(_:)`` hands them out: a call about to run
    /// phases on several threads calls this before it prepares the first.
    package static func wakeKeptThreads() {
        WorkerPool.wakeIdle()
    }

    private static func start<Value: Sendable>(_ box: ResultBox<Value>) -> pthread_t? {
        startThread(retaining: box) { context in
            guard let context else { return nil }
            Unmanaged<AnyResultBox>.fromOpaque(context).takeRetainedValue().executeErased()
            return nil
        }
    }
}

/// A call and, once it ran, its value; the thread that runs it is joined
/// before the value is read, which orders the two.
private class AnyResultBox: @unchecked Sendable {
    func executeErased() {}
}

private final class ResultBox<Value: Sendable>: AnyResultBox, @unchecked Sendable {
    private let call: @Sendable () -> Value
    private(set) var value: Value?

    init(call: @escaping @Sendable () -> Value) {
        self.call = call
    }

    func execute() {
        value = call()
    }

    override func executeErased() {
        execute()
    }
}
