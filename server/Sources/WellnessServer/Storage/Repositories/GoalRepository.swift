import WellnessKitCore

/// The user's goals: what the goal routes and the coach need of storage,
/// whatever keeps them (``GoalSQLRepository`` in the server's database).
/// Every method is scoped to one user: another user's goal is a missing one.
public protocol GoalRepository: Sendable {
    /// Creates a goal from a validated request, active.
    func create(_ request: CreateGoalRequest, for userId: String) async throws -> Goal
    /// The user's goal of this id; nil when the user has none.
    func get(_ id: String, for userId: String) async throws -> Goal?
    /// One page of the user's goals, newest first, optionally of one status.
    func list(for userId: String, status: GoalStatus?, page: Int, pageSize: Int) async throws
        -> ([Goal], Pagination)
    /// Every goal of the user, oldest first.
    func all(for userId: String) async throws -> [Goal]
    /// Records progress on a goal or changes its status or target.
    /// - Returns: the goal before and after, nil when the user has no such goal.
    func update(_ id: String, for userId: String, with change: UpdateGoalRequest) async throws
        -> (before: Goal, after: Goal)?
}
