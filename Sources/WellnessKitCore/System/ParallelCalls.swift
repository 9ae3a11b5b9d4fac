#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs blocking calls at the same time, each on a thread of its own, and
/// waits for all of them: the library has neither Dispatch nor Foundation, and
/// its calls block (libcurl, a long aggregation), so Swift concurrency would
/// only tie up its pool. The threads live for the call only, so a host may
/// fork() between calls (no pool left behind in a state the child inherits).
package enum ParallelCalls {
    /// - Returns: each call's result, in the order of `calls`. A call whose
    ///   thread cannot be created runs on the calling thread instead.
    package static func run<Value: Sendable>(_ calls: [@Sendable () -> Value]) -> [Value] {
        let boxes = calls.map { ResultBox(call: $0) }
        var threads: [pthread_t?] = []
        for box in boxes.dropFirst() {
            threads.append(start(box))
        }
        boxes.first?.execute()
        for (thread, box) in zip(threads, boxes.dropFirst()) {
            if let thread {
                pthread_join(thread, nil)
            } else {
                box.execute()
            }
        }
        return boxes.compactMap(\.value)
    }

    private static func start<Value: Sendable>(_ box: ResultBox<Value>) -> pthread_t? {
        let context = Unmanaged.passRetained(box).toOpaque()
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let created = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                let box = Unmanaged<AnyResultBox>.fromOpaque(context).takeRetainedValue()
                box.executeErased()
                return nil
            }, context)
        guard created == 0 else {
            Unmanaged<ResultBox<Value>>.fromOpaque(context).release()
            return nil
        }
        return thread
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
