import Foundation

@testable import WellnessServer

/// A ``Store`` clock in epoch milliseconds that moves only when the test
/// advances it, so that a lease or a lifetime ends without waiting for it.
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

    /// Moves the clock forward.
    func advance(milliseconds: Int64) {
        lock.withLock { current += milliseconds }
    }
}
