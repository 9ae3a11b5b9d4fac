/// The server's ``Admission``: each user's daily tokens (`--ai-daily-tokens-per-user`),
/// `--ai-concurrency` calls in flight (none wait), and a ``CircuitBreaker``.
struct ProviderAdmission: Admission {
    let ledger: any TokenLedger
    let dailyTokensPerUser: Int?
    private let slots: CallSlots
    private let breaker: CircuitBreaker

    /// - Parameter onCallsInFlight: told the calls in flight whenever their number changes.
    init(
        configuration: ProviderConfiguration, ledger: any TokenLedger,
        onCallsInFlight: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        self.ledger = ledger
        dailyTokensPerUser = configuration.dailyTokensPerUser
        slots = CallSlots(limit: configuration.concurrency, onChange: onCallsInFlight)
        breaker = CircuitBreaker(threshold: configuration.breakerThreshold, coolDown: configuration.breakerCoolDown)
    }

    /// The budget first (a spent user costs no slot), then a slot, then the breaker.
    func admit(userId: String, day: Int) async -> FallbackReason? {
        if let cap = dailyTokensPerUser, await ledger.tokens(for: userId, day: day) >= cap { return .tokenBudget }
        guard await slots.acquire() else { return .busy }
        guard await breaker.allow() else {
            await slots.release()
            return .circuitOpen
        }
        return nil
    }

    func finish(failed: Bool) async {
        await breaker.record(failure: failed)
        await slots.release()
    }

    func spend(_ tokens: Int, userId: String, day: Int) async {
        await ledger.add(tokens, for: userId, day: day)
    }

    var circuitOpen: Bool {
        get async { await breaker.isOpen }
    }
}
