import Foundation
import WellnessKitCore

extension Store {
    /// Creates a goal from a validated request.
    public func createGoal(_ request: CreateGoalRequest, for userId: String) throws -> Goal {
        let now = Timestamp(milliseconds: Self.nowMilliseconds())
        let goal = Goal(id: Self.newId("goal"), userId: userId, title: request.title, description: request.description,
                        goalType: request.goalType, targetValue: request.targetValue, targetUnit: request.targetUnit,
                        currentValue: nil, startDate: request.startDate, targetDate: request.targetDate,
                        isRecurring: request.isRecurring, frequency: request.frequency, status: .active,
                        createdAt: now, updatedAt: now)
        try database.query("INSERT INTO goals (id, user_id, status, body, created_ms) VALUES (?, ?, ?, ?, ?)",
                           [.text(goal.id), .text(userId), .text(goal.status.rawValue),
                            .text(try JSONWriter.string(goal.json)), .integer(Self.nowMilliseconds())])
        return goal
    }

    public func goal(_ id: String, for userId: String) throws -> Goal? {
        try database.query("SELECT body FROM goals WHERE id = ? AND user_id = ?", [.text(id), .text(userId)])
            .first.flatMap { $0.first?.text }.map { try Goal(json: JSONParser.parse($0)) }
    }

    /// One page of the user's goals, newest first, optionally of one status.
    public func goals(for userId: String, status: GoalStatus?, page: Int, pageSize: Int) throws -> ([Goal], Pagination) {
        var filter = "user_id = ?"
        var parameters: [Database.Value] = [.text(userId)]
        if let status {
            filter += " AND status = ?"
            parameters.append(.text(status.rawValue))
        }
        let total = Int(try database.query("SELECT COUNT(*) FROM goals WHERE \(filter)", parameters).first?.first?.integer ?? 0)
        let rows = try database.query(
            "SELECT body FROM goals WHERE \(filter) ORDER BY created_ms DESC, id DESC LIMIT ? OFFSET ?",
            parameters + [.integer(Int64(pageSize)), .integer(Int64((page - 1) * pageSize))])
        let goals = try rows.compactMap { $0.first?.text }.map { try Goal(json: JSONParser.parse($0)) }
        return (goals, Pagination.of(page: page, pageSize: pageSize, total: total))
    }

    /// Every goal of the user, for suggestions that must not repeat one.
    public func allGoals(for userId: String) throws -> [Goal] {
        try database.query("SELECT body FROM goals WHERE user_id = ?", [.text(userId)])
            .compactMap { $0.first?.text }.map { try Goal(json: JSONParser.parse($0)) }
    }
}

extension Pagination {
    static func of(page: Int, pageSize: Int, total: Int) -> Pagination {
        let totalPages = (total + pageSize - 1) / pageSize
        return Pagination(page: page, pageSize: pageSize, totalPages: totalPages, totalCount: total,
                          hasNext: page < totalPages, hasPrev: page > 1)
    }
}
