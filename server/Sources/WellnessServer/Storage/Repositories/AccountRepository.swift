/// A user's account as a whole: what sign-up, token revocation and the
/// account routes need of storage, whatever keeps it
/// (``AccountSQLRepository`` in the server's database).
public protocol AccountRepository: Sendable {
    /// Creates a user and returns its id and API key (shown once).
    func create(name: String) async throws -> (id: String, apiKey: String)
    /// The user's name, as given at sign-up; nil when there is no such user.
    func name(of id: String) async throws -> String?
    /// Revokes every token of the user issued before `milliseconds` (epoch); never moves the mark backwards.
    func revokeTokens(of userId: String, at milliseconds: Int64) async throws
    /// Whether `apiKey` is one of the user's keys, looked up now: the confirmation an erasure asks for.
    func isAPIKey(_ apiKey: String, of userId: String) async throws -> Bool
    /// Erases the user's data key and every row of theirs.
    /// - Returns: false when there was nothing to erase.
    func erase(_ userId: String) async throws -> Bool
    /// Writes everything stored about the user, opened, as one JSON document, piece by piece.
    /// - Returns: false when there is no such user (nothing written).
    func export(_ userId: String, to write: ([UInt8]) async throws -> Void) async throws -> Bool
}
