/// The user's daily check-ins: what the data routes and the services need
/// of storage, whatever keeps them (``CheckInSQLRepository`` in the server's
/// database).
public protocol CheckInRepository: Sendable {
    /// Inserts or replaces each day's check-in.
    func upsert(_ checkIns: [CheckIn], for userId: String) async throws
    /// The user's check-ins in date order.
    func all(for userId: String) async throws -> [CheckIn]
}
