/// Sends every call to the rules for a cool-down after repeated provider
/// failures, so a dead or overloaded provider costs users no waiting; after
/// the cool-down one call tries the provider again (half-open), and its
/// success closes the breaker.
actor CircuitBreaker {
    private let threshold: Int
    private let coolDown: Duration
    private let clock = ContinuousClock()
    private var failures = 0
    private var openUntil: ContinuousClock.Instant?
    private var probing = false

    init(threshold: Int, coolDown: Duration) {
        self.threshold = max(threshold, 1)
        self.coolDown = coolDown
    }

    /// Whether a call may go to the provider now; a `true` must be followed by ``record(failure:)``.
    func allow() -> Bool {
        guard let openUntil else { return true }
        guard clock.now >= openUntil, !probing else { return false }
        probing = true
        return true
    }

    /// The outcome of an allowed call: `failure` for timeouts, 5xx, 429 and connection errors.
    func record(failure: Bool) {
        probing = false
        guard failure else {
            failures = 0
            openUntil = nil
            return
        }
        failures += 1
        if failures >= threshold { openUntil = clock.now.advanced(by: coolDown) }
    }

    var isOpen: Bool { openUntil.map { clock.now < $0 } ?? false }
}
