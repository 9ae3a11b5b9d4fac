import WellnessKitCore

/// The user's workouts: what the workout routes and the coach need of
/// storage, whatever keeps them (``WorkoutSQLRepository`` in the server's
/// database). Every method is scoped to one user. Times are epoch milliseconds.
public protocol WorkoutRepository: Sendable {
    /// Stores each workout, replacing the one of the same start and activity (its natural key).
    /// - Returns: the workouts stored, with their ids: one per natural key, in the order of their last occurrence.
    @discardableResult
    func upsert(_ workouts: [WorkoutRecord], for userId: String) async throws -> [WorkoutRecord]
    /// The user's workouts starting from `from` to `to` (both included, nil: unbounded), oldest first.
    func all(for userId: String, from: Int64?, to: Int64?) async throws -> [WorkoutRecord]
    /// One page of ``all(for:from:to:)``.
    func list(for userId: String, from: Int64?, to: Int64?, page: Int, pageSize: Int) async throws
        -> ([WorkoutRecord], Pagination)
    /// Deletes the user's workout of this id.
    /// - Returns: false when the user has none (never had, or deleted already).
    func delete(_ id: String, for userId: String) async throws -> Bool
}
