import Foundation
import NIOCore
import NIOPosix

/// The event loops that run the server's network I/O: one group per thread
/// count, kept for the life of the process (as NIO's own singleton group is).
public enum IOThreads {
    /// One per core, as NIO's own default. Fewer trade fairness for
    /// throughput: measured on 2 cores with one I/O thread, a user listing in
    /// a loop got about 40 % more list requests through, and another user's
    /// single GETs took 2.6 times as long as when idle (1.75 times with two).
    public static var defaultCount: Int { System.coreCount }

    /// More would only add threads waiting for cores.
    public static let maximumCount = 256

    private static let lock = NSLock()
    nonisolated(unsafe) private static var groups: [Int: MultiThreadedEventLoopGroup] = [:]

    /// The group of `threads` threads (at least one).
    static func group(threads: Int) -> MultiThreadedEventLoopGroup {
        let threads = max(threads, 1)
        return lock.withLock {
            if let group = groups[threads] { return group }
            let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
            groups[threads] = group
            return group
        }
    }
}
