/// Whether a question may go to the provider now, and what it spent: the
/// daily token budget, the calls in flight, the circuit breaker.
/// ``ProviderAdmission`` is the server's.
protocol Admission: Sendable {
    /// nil when `userId`'s question may go to the provider on `day`: it then
    /// holds a call slot until ``finish(failed:)``; otherwise why not.
    func admit(userId: String, day: Int) async -> FallbackReason?
    /// The admitted question is done; `failed` when the provider failed (timeouts, 5xx, 429, connection errors).
    func finish(failed: Bool) async
    /// Counts `tokens` (prompt and answer) against `userId`'s budget for `day`.
    func spend(_ tokens: Int, userId: String, day: Int) async
    /// Whether the circuit breaker sends everything to the rules now.
    var circuitOpen: Bool { get async }
}
