import Foundation

@testable import WellnessServer

/// A ``Store`` clock in epoch milliseconds that moves only when the test
/// advances it, so that a lease or a lifetime ends without waiting for it;
/// ``nanoseconds`` reads it as the monotonic clock remembered principals expire by.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Int64

    init(_ milliseconds: Int64 = Store.nowMilliseconds()) {
        current = milliseconds
    }

    /// The clock's reading.
    var milliseconds: Int64 {
        lock.withLock { current }
    }

    /// The clock's reading in nanoseconds (epoch milliseconds times a million fit in 64 bits until 2554).
    var nanoseconds: UInt64 {
        UInt64(clamping: milliseconds) &* 1_000_000
    }

    /// Moves the clock forward.
    func advance(milliseconds: Int64) {
        lock.withLock { current += milliseconds }
    }
}
