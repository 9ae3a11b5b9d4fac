extension CreateGoalRequest {
    /// The request seed 003's `CreateGoalRequest.from(suggestion:)` builds:
    /// starting now, due `estimatedDuration` calendar days later at the same
    /// wall-clock time in `timeZone`, both written to whole seconds in UTC.
    /// - Parameters:
    ///   - suggestion: the accepted suggestion.
    ///   - now: the start.
    ///   - timeZone: the zone in which days are added.
    /// - Returns: the request, or nil when the target date is beyond year 9999.
    public static func from(suggestion: GoalSuggestion, now: Timestamp, timeZone: TimeZoneRules) -> CreateGoalRequest? {
        let start = Timestamp(seconds: now.seconds)
        var targetDate: GoalDate?
        if let duration = suggestion.estimatedDuration {
            guard let target = timeZone.instant(addingDays: duration, to: start.seconds),
                let instant = Timestamp(validSeconds: target)
            else { return nil }
            targetDate = .instant(instant)
        }
        return CreateGoalRequest(
            title: suggestion.title,
            description: suggestion.description,
            goalType: suggestion.goalType,
            targetValue: suggestion.targetValue,
            targetUnit: suggestion.targetUnit,
            startDate: .instant(start),
            targetDate: targetDate,
            isRecurring: false,
            frequency: nil
        )
    }
}
