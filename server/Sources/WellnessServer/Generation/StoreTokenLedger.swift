import Logging

/// Each user's daily provider tokens in the database (`ai_token_usage`), so
/// the cap holds across restarts and across instances sharing the database.
struct StoreTokenLedger: TokenLedger {
    let store: Store
    let logger: Logger

    /// A count that cannot be read spends the budget: the rules answer rather than an unmetered model.
    func tokens(for userId: String, day: Int) async -> Int {
        do {
            return try await store.providerTokens(for: userId, day: day)
        } catch {
            logger.error("AI token count unreadable", metadata: ["error": .string("\(error)")])
            return .max
        }
    }

    func add(_ tokens: Int, for userId: String, day: Int) async {
        do {
            try await store.addProviderTokens(tokens, for: userId, day: day)
        } catch {
            logger.error("AI token count not stored", metadata: ["error": .string("\(error)")])
        }
    }
}
