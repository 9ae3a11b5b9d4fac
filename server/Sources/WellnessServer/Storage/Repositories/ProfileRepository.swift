import WellnessKitCore

/// The user's profile (and with it their calendar): what the data routes
/// and the services need of storage, whatever keeps it
/// (``ProfileSQLRepository`` in the server's database).
public protocol ProfileRepository: Sendable {
    /// Stores the user's profile, replacing the one before.
    func save(_ profile: Profile, for userId: String) async throws
    /// The user's profile; the empty profile when none is stored.
    func get(for userId: String) async throws -> Profile
}
