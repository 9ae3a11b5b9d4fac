extension Goal {
    /// The goal after `change`, as the API applies it (`PATCH /api/v1/goals/{id}`):
    /// progress is a fraction of the target (a goal without one is then
    /// tracked in percent, out of 100 "%"); reaching the target completes an
    /// active goal unless the change sets the status itself. The server
    /// applies it, and offline mode shows it before the write is delivered.
    /// - Parameters:
    ///   - change: what the request changes.
    ///   - now: the new `updated_at`.
    /// - Returns: the updated goal.
    public func applying(_ change: UpdateGoalRequest, at now: Timestamp) -> Goal {
        var updated = self
        if let target = change.targetValue { updated.targetValue = target }
        if let progress = change.progress {
            if let target = updated.targetValue, target > 0 {
                updated.currentValue = progress * target
            } else {
                updated.targetValue = 100
                updated.targetUnit = "%"
                updated.currentValue = progress * 100
            }
        }
        if let value = change.currentValue { updated.currentValue = value }
        if let status = change.status {
            updated.status = status
        } else if status == .active, let target = updated.targetValue, target > 0,
            let current = updated.currentValue, current >= target
        {
            updated.status = .completed
        }
        updated.updatedAt = now
        return updated
    }
}
