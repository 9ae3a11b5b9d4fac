/// Calls in flight on this instance, up to `--ai-concurrency`; none wait.
actor CallSlots {
    private let limit: Int
    private var inFlight = 0 {
        didSet { onChange(inFlight) }
    }
    private let onChange: @Sendable (Int) -> Void

    /// - Parameter onChange: told the number in flight whenever it changes.
    init(limit: Int, onChange: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.limit = max(limit, 1)
        self.onChange = onChange
    }

    func acquire() -> Bool {
        guard inFlight < limit else { return false }
        inFlight += 1
        return true
    }

    func release() {
        guard inFlight > 0 else { return }
        inFlight -= 1
    }
}
