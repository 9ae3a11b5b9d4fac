import WellnessKitCore

/// How generated text was made (``GenerationProvenance``, in the
/// `generation_*` columns of `insights` and `messages`) and the tokens each
/// user spent on the provider per day (`ai_token_usage`): schema version 6.
extension Store {
    /// The dedupe keys of the user's stored insights: which of the rules'
    /// drafts are new, and so worth a provider's call.
    func dedupeKeys(for userId: String) async throws -> Set<String> {
        let rows = try await engine.query("SELECT dedupe_key FROM insights WHERE user_id = ?", [.text(userId)])
        return Set(try rows.map { try $0.text("dedupe_key") })
    }

    /// Records how the user's insights of these dedupe keys were made; an
    /// insight that already has a record (written first by another instance) keeps it.
    func recordProvenance(
        ofInsights entries: [(dedupeKey: String, provenance: GenerationProvenance)],
        for userId: String
    ) async throws {
        guard !entries.isEmpty else { return }
        try await engine.transaction { [self] session in
            try await holdUser(userId, on: session)
            for (dedupeKey, provenance) in entries {
                try await session.query(
                    """
                    UPDATE insights SET generation_source = ?, generation_model = ?, generation_prompt_version = ?,
                        generation_fallback_reason = ?
                    WHERE user_id = ? AND dedupe_key = ? AND generation_source IS NULL
                    """, Self.values(provenance) + [.text(userId), .text(dedupeKey)])
            }
        }
    }

    /// Records every insight of the user without a record as the rules' (no provider configured).
    func recordRulesProvenanceOfInsights(for userId: String) async throws {
        try await engine.query(
            "UPDATE insights SET generation_source = ? WHERE user_id = ? AND generation_source IS NULL",
            [.text(GenerationProvenance.Source.rules.rawValue), .text(userId)])
    }

    /// How an insight was made, if recorded.
    func provenance(ofInsight id: String, for userId: String) async throws -> GenerationProvenance? {
        let rows = try await engine.query(
            """
            SELECT generation_source, generation_model, generation_prompt_version, generation_fallback_reason
            FROM insights WHERE id = ? AND user_id = ?
            """, [.text(id), .text(userId)])
        return try rows.first.flatMap(Self.provenance(from:))
    }

    /// How a message was made, if recorded.
    func provenance(ofMessage id: String) async throws -> GenerationProvenance? {
        let rows = try await engine.query(
            """
            SELECT generation_source, generation_model, generation_prompt_version, generation_fallback_reason
            FROM messages WHERE id = ?
            """, [.text(id)])
        return try rows.first.flatMap(Self.provenance(from:))
    }

    /// Tokens `userId` spent on the provider on `day` (days since 1970-01-01, UTC).
    func providerTokens(for userId: String, day: Int) async throws -> Int {
        let rows = try await engine.query(
            "SELECT tokens FROM ai_token_usage WHERE user_id = ? AND day = ?",
            [.text(userId), .integer(Int64(day))])
        return try rows.first.flatMap { Int(exactly: try $0.integer("tokens")) } ?? 0
    }

    /// Adds `tokens` to `userId`'s count for `day`.
    func addProviderTokens(_ tokens: Int, for userId: String, day: Int) async throws {
        try await engine.query(
            """
            INSERT INTO ai_token_usage (user_id, day, tokens) VALUES (?, ?, ?)
            ON CONFLICT (user_id, day) DO UPDATE SET tokens = ai_token_usage.tokens + excluded.tokens
            """, [.text(userId), .integer(Int64(day)), .integer(Int64(max(tokens, 0)))])
    }

    /// The `generation_*` columns of `provenance`, in their order.
    static func values(_ provenance: GenerationProvenance) -> [SQLValue] {
        [
            .text(provenance.source.rawValue), provenance.model.map(SQLValue.text) ?? .null,
            provenance.promptVersion.map(SQLValue.text) ?? .null,
            provenance.fallbackReason.map { SQLValue.text($0.rawValue) } ?? .null,
        ]
    }

    static func provenance(from row: SQLRow) throws -> GenerationProvenance? {
        guard let source = try row.optionalText("generation_source").flatMap(GenerationProvenance.Source.init) else {
            return nil
        }
        return GenerationProvenance(
            source: source, model: try row.optionalText("generation_model"),
            promptVersion: try row.optionalText("generation_prompt_version"),
            fallbackReason: try row.optionalText("generation_fallback_reason").flatMap(FallbackReason.init))
    }
}
