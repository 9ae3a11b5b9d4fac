/// A user's API keys: what the key routes and `wellness-server keys` need
/// of storage, whatever keeps them (``APIKeySQLRepository`` in the server's
/// database). A key is shown once, at creation; only its fingerprint is kept.
public protocol APIKeyRepository: Sendable {
    /// The user's keys, oldest first.
    /// - Throws: ``APIKeyRefusal/unknownUser``.
    func list(of userId: String) async throws -> [APIKeyRecord]
    /// A new key for the user, returned once.
    /// - Throws: ``APIKeyRefusal/unknownUser``, ``APIKeyRefusal/tooManyKeys``.
    func create(for userId: String) async throws -> (record: APIKeyRecord, apiKey: String)
    /// Revokes one of the user's keys, unless it is the last.
    /// - Throws: ``APIKeyRefusal/unknownUser``, ``APIKeyRefusal/unknownKey``, ``APIKeyRefusal/lastKey``.
    func revoke(_ id: String, of userId: String) async throws
}
