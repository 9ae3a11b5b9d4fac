import Foundation
import WellnessKitCore

/// ``GoalRepository`` in the store's database (either engine, ``SQLEngine``):
/// each goal sealed in `body`, its status plain for the list's filter, and
/// every write through ``Store/changingLists(of:_:)`` so that the counts and
/// list versions follow.
public struct GoalSQLRepository: GoalRepository {
    /// The database, the users' keys and the lists' bookkeeping the goals share with the other resources.
    let store: Store

    /// Creates a goal from a validated request; the goal is sealed, its status stays plain for the filter.
    public func create(_ request: CreateGoalRequest, for userId: String) async throws -> Goal {
        try await store.userKeys.load(userId)
        let now = store.clock()
        let goal = Goal(
            id: Store.newId("goal"), userId: userId, title: request.title, description: request.description,
            goalType: request.goalType, targetValue: request.targetValue, targetUnit: request.targetUnit,
            currentValue: nil, startDate: request.startDate, targetDate: request.targetDate,
            isRecurring: request.isRecurring, frequency: request.frequency, status: .active,
            createdAt: Timestamp(milliseconds: now), updatedAt: Timestamp(milliseconds: now))
        let body = try store.cipher.seal(try JSONWriter.string(goal.json), for: Self.goalField(goal.id, userId))
        try await store.changingLists(of: userId) { session in
            try await session.query(
                "INSERT INTO goals (id, user_id, status, body, created_ms) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(goal.id), .text(userId), .text(goal.status.rawValue), .blob(body),
                    .integer(now),
                ])
            var change = ListChange()
            change.added(.goal(status: goal.status.rawValue))
            return ((), change)
        }
        return goal
    }

    public func get(_ id: String, for userId: String) async throws -> Goal? {
        try await store.userKeys.load(userId)
        guard
            let sealed = try await store.engine.query(
                "SELECT body FROM goals WHERE id = ? AND user_id = ?",
                [.text(id), .text(userId)]
            ).first?.blob("body")
        else { return nil }
        return try Goal(json: JSONParser.parse(store.cipher.open(sealed, for: Self.goalField(id, userId))))
    }

    /// One page of the user's goals, newest first, optionally of one status.
    public func list(for userId: String, status: GoalStatus?, page: Int, pageSize: Int) async throws
        -> ([Goal], Pagination)
    {
        try await store.userKeys.load(userId)
        return try await store.newestFirst(
            .goals, of: userId, where: "status", equals: status.map { .text($0.rawValue) }, page: page,
            pageSize: pageSize
        ) { try goal(from: $0, userId: userId) }
    }

    /// Every goal of the user, for suggestions that must not repeat one.
    public func all(for userId: String) async throws -> [Goal] {
        try await store.userKeys.load(userId)
        return try await store.engine.query(
            "SELECT id, body FROM goals WHERE user_id = ? ORDER BY created_ms, id", [.text(userId)]
        )
        .map { try goal(from: $0, userId: userId) }
    }

    func goal(from row: SQLRow, userId: String) throws -> Goal {
        try Goal(
            json: JSONParser.parse(
                store.cipher.open(try row.blob("body"), for: Self.goalField(try row.text("id"), userId))))
    }

    static func goalField(_ id: String, _ userId: String) -> SealedField {
        SealedField(table: "goals", column: "body", row: id, user: userId)
    }

    /// Records progress on a goal or changes its status or target (Journey 1).
    ///
    /// Progress as a fraction becomes a value of the target; a goal without a
    /// target is then tracked in percent (target 100 %). Reaching the
    /// target completes an active goal unless the update names a status.
    /// Completing a goal adds a milestone insight celebrating it, once
    /// (its dedupe key is the goal's).
    /// - Returns: the goal before and after, nil when the user has no such goal.
    public func update(_ id: String, for userId: String, with change: UpdateGoalRequest) async throws
        -> (before: Goal, after: Goal)?
    {
        try await store.userKeys.load(userId)
        let field = Self.goalField(id, userId)
        let forUpdate = store.engine.dialect.forUpdate
        let result: (before: Goal, after: Goal)? = try await store.changingLists(of: userId) { [self] session in
            guard
                let sealed = try await session.query(
                    "SELECT body FROM goals WHERE id = ? AND user_id = ?\(forUpdate)",
                    [.text(id), .text(userId)]
                ).first?.blob("body")
            else {
                return (nil, ListChange())
            }
            let before = try Goal(json: JSONParser.parse(store.cipher.open(sealed, for: field)))
            let after = before.applying(change, at: Timestamp(milliseconds: store.clock()))
            try await session.query(
                "UPDATE goals SET status = ?, body = ? WHERE id = ?",
                [
                    .text(after.status.rawValue),
                    .blob(try store.cipher.seal(try JSONWriter.string(after.json), for: field)), .text(id),
                ])
            var change = ListChange()
            change.moved(from: .goal(status: before.status.rawValue), to: .goal(status: after.status.rawValue))
            return ((before, after), change)
        }
        if let result, result.after.status == .completed, result.before.status != .completed {
            try await store.insights.add([Self.achievement(of: result.after)], for: userId)
        }
        return result
    }

    /// The milestone insight that celebrates a completed goal (seed 004, Journey 1, step 10).
    static func achievement(of goal: Goal) -> Store.NewInsight {
        let reached =
            goal.targetValue.map { target in
                " You reached \(Self.number(target))\(goal.targetUnit.map { " \($0)" } ?? "")."
            } ?? ""
        return Store.NewInsight(
            type: .milestone, title: "Goal achieved: \(goal.title)",
            content: "Congratulations! You completed your goal \"\(goal.title)\".\(reached) "
                + "Consistency got you here: keep the habits that worked.",
            summary: "You completed \"\(goal.title)\"",
            suggestions: ["Set your next goal to build on this one", "Share what worked with your coach"],
            dataContext: nil, dedupeKey: "goal-achieved-\(goal.id)")
    }

    /// A target as people write it: 10000, 7.5.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
