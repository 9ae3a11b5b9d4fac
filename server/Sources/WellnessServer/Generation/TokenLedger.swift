/// Tokens each user spent on the provider per day (UTC), for
/// `--ai-daily-tokens-per-user`.
public protocol TokenLedger: Sendable {
    /// Tokens `userId` spent on `day` (days since 1970-01-01, UTC).
    func tokens(for userId: String, day: Int) async -> Int
    /// Adds `tokens` to `userId`'s count for `day`.
    func add(_ tokens: Int, for userId: String, day: Int) async
}

/// A ledger in this instance's memory (tests, and servers without storage for it).
public actor MemoryTokenLedger: TokenLedger {
    private struct UserDay: Hashable {
        let userId: String
        let day: Int
    }

    private var counts: [UserDay: Int] = [:]

    public init() {}

    public func tokens(for userId: String, day: Int) -> Int {
        counts[UserDay(userId: userId, day: day)] ?? 0
    }

    public func add(_ tokens: Int, for userId: String, day: Int) {
        // Yesterday's counts are no longer read.
        if counts.count > 100_000 { counts = counts.filter { $0.key.day == day } }
        counts[UserDay(userId: userId, day: day), default: 0] += max(tokens, 0)
    }
}
