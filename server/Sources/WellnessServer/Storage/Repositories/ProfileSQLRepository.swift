import WellnessKitCore

/// ``ProfileRepository`` in the store's database (either engine,
/// ``SQLEngine``): one row per user, the profile sealed in `body`.
public struct ProfileSQLRepository: ProfileRepository {
    /// The database and the users' keys the profiles share with the other resources.
    let store: Store

    public func save(_ profile: Profile, for userId: String) async throws {
        try await store.userKeys.load(userId)
        let body = try store.cipher.seal(try JSONWriter.string(profile.json), for: Self.profileField(userId))
        try await store.engine.query(
            """
            INSERT INTO profiles (user_id, body) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET body = excluded.body
            """, [.text(userId), .blob(body)])
    }

    public func get(for userId: String) async throws -> Profile {
        try await store.userKeys.load(userId)
        guard
            let sealed = try await store.engine.query("SELECT body FROM profiles WHERE user_id = ?", [.text(userId)])
                .first?.blob("body")
        else { return Profile() }
        return try Profile(stored: JSONParser.parse(store.cipher.open(sealed, for: Self.profileField(userId))))
    }

    static func profileField(_ userId: String) -> SealedField {
        SealedField(table: "profiles", column: "body", row: userId, user: userId)
    }
}
