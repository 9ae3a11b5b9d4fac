/// Calls in flight on this instance, up to `--ai-concurrency`; none wait.
actor CallSlots {
    private let limit: Int
    private var inFlight = 0

    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    func acquire() -> Bool {
        guard inFlight < limit else { return false }
        inFlight += 1
        return true
    }

    func release() {
        inFlight = max(inFlight - 1, 0)
    }
}
