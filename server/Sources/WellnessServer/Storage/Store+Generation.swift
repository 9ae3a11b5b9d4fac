import WellnessKitCore

extension Store {
    /// The dedupe keys of the user's stored insights: which of the rules'
    /// drafts are new, and so worth a provider's call.
    func dedupeKeys(for userId: String) async throws -> Set<String> {
        let rows = try await engine.query("SELECT dedupe_key FROM insights WHERE user_id = ?", [.text(userId)])
        return Set(try rows.map { try $0.text("dedupe_key") })
    }
}
