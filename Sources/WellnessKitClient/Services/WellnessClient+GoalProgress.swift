import WellnessKitCore

extension WellnessClient {
    /// Records progress on a goal or changes its status (`PATCH /api/v1/goals/{id}`).
    /// - Returns: the goal as it was and as it is now, the progress milestones
    ///   (25/50/75/100 %) crossed, and seed 004's progress notification for
    ///   the highest one (nil when none was crossed or the goal has no target).
    /// - Throws: ``WellnessError`` as ``send(_:_:query:body:operation:)``.
    public func updateGoal(id: String, _ change: UpdateGoalRequest) throws -> GoalUpdate {
        let before = try goal(id: id)
        let after = try decodeResponse(
            Envelope<Goal>.self,
            from: send("PATCH", "/api/v1/goals/\(segment(id))", body: change.json)
        ).data
        return GoalUpdate(previous: before, goal: after)
    }

    /// ``updateGoal(id:_:)``, queued when the API cannot be reached (offline
    /// mode), the change shown at once in the cached goal and the cached goal
    /// lists. A queued update has no milestones yet: the API's answer, at
    /// sync, is what the goal reached.
    public func updateGoalOrQueue(id: String, _ change: UpdateGoalRequest) throws -> WriteOutcome<GoalUpdate> {
        let path = "/api/v1/goals/\(try segment(id))"
        let before: Goal?
        do {
            before = try goal(id: id)
        } catch let error as WellnessError where Self.isUnreachable(error) {
            before = nil
        }
        let edit = Self.goalEdit(id: id, path: path, change: change, at: .now())
        return try sendOrQueue(
            operation: "update_goal", method: "PATCH", path: path, body: change.json,
            optimistic: edit, optimisticKey: path, optimisticId: id
        ) { response in
            let after = try decodeResponse(Envelope<Goal>.self, from: response).data
            return GoalUpdate(previous: before ?? after, goal: after)
        }
    }

    /// The optimistic change to the cache: the goal and its entry in every
    /// cached list page, changed as the API will change it.
    static func goalEdit(id: String, path: String, change: UpdateGoalRequest, at now: Timestamp)
        -> LocalStore.OptimisticEdit
    {
        .object(id: id, path: path, listPrefix: "/api/v1/goals?", listMember: "goals") { json in
            guard let goal = try? Goal(json: json) else { return json }
            return goal.applying(change, at: now).json
        }
    }
}

extension WellnessClient {
    /// Accepts a coach's proposal through the goals API: creates the goal, or updates it.
    /// - Returns: the goal's update (for a created goal, `previous` is the new goal itself).
    /// - Throws: ``WellnessError`` as ``createGoal(_:)`` and ``updateGoal(id:_:)``.
    public func accept(_ proposal: CoachProposal) throws -> (update: GoalUpdate, created: Bool) {
        switch proposal.action {
        case .createGoal(let request):
            let goal = try createGoal(request)
            return (GoalUpdate(previous: goal, goal: goal), true)
        case .updateGoal(let goalId, let change):
            return (try updateGoal(id: goalId, change), false)
        }
    }
}
