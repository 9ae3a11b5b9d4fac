import WellnessKitCore

extension WellnessClient {
    /// Where suggestions came from.
    public enum SuggestionsSource: String, Sendable {
        case network
        /// Stored less than 24 hours ago.
        case cache
        /// Older, returned because the API could not be reached.
        case offlineCache = "offline_cache"
    }

    /// 3–5 suggestions (seed 003), under the AI deadline: from the 24-hour
    /// cache unless `refresh`, else from the API (then cached); when the API
    /// cannot be reached, from the cache whatever its age.
    public func goalSuggestions(refresh: Bool = false) throws -> (
        suggestions: [GoalSuggestion], source: SuggestionsSource
    ) {
        try goalSuggestions(refresh: refresh, basedOn: [])
    }

    /// Goal suggestions based on the chosen insights (seed 004, Journey 3);
    /// with no insights, the user's profile and data as before. Suggestions
    /// for chosen insights are never cached (the cache holds the general ones).
    /// - Throws: ``WellnessError`` as ``send(_:_:query:body:operation:)``.
    public func goalSuggestions(refresh: Bool = false, basedOn insightIds: [String])
        throws -> (suggestions: [GoalSuggestion], source: SuggestionsSource)
    {
        if !insightIds.isEmpty {
            let body = JSONValue.object(JSONObject([("insight_ids", .array(insightIds.map(JSONValue.string)))]))
            let suggestions = try decodeResponse(
                Envelope<GoalSuggestions>.self,
                from: send(
                    "POST", "/api/v1/goals/suggestions", body: body,
                    operation: .ai)
            ).data.suggestions
            return (suggestions, .network)
        }
        let cache = suggestionsCache
        if !refresh, let cached = cache?.read(), cached.age < SuggestionsCache.lifetime, cached.age >= 0 {
            return (cached.suggestions, .cache)
        }
        do {
            let suggestions = try decodeResponse(
                Envelope<GoalSuggestions>.self,
                from: send("POST", "/api/v1/goals/suggestions", operation: .ai)
            ).data.suggestions
            cache?.write(suggestions)
            return (suggestions, .network)
        } catch let error as WellnessError where error.kind == .network || error.kind == .timeout {
            guard let cached = cache?.read() else { throw error }
            return (cached.suggestions, .offlineCache)
        }
    }

    var suggestionsCache: SuggestionsCache? {
        guard let directory = configuration.cacheDirectory,
            let credential = configuration.apiKey ?? configuration.token
        else { return nil }
        return SuggestionsCache(directory: directory, baseURL: configuration.baseURL, credential: credential)
    }

    /// 5–7 tips for a goal; `notFound` ("Goal not found") for an unknown goal.
    public func goalTips(goalId: String) throws -> GoalTips {
        let tips = try decodeResponse(
            Envelope<GoalTips>.self,
            from: send("GET", "/api/v1/goals/\(segment(goalId))/tips", operation: .ai)
        ).data
        track(.goalAIUsage(goalId: goalId, feature: .tips))
        rememberTipsFetched(goalId: goalId)
        return tips
    }

    /// Creates a goal; the cached suggestions are dropped, since one may now repeat it.
    public func createGoal(_ request: CreateGoalRequest) throws -> Goal {
        let goal = try decodeResponse(Envelope<Goal>.self, from: send("POST", "/api/v1/goals", body: request.json)).data
        suggestionsCache?.invalidate()
        return goal
    }

    /// Creates the goal seed 003 builds from a suggestion; the caller keeps the
    /// suggestion until this succeeds.
    /// - Throws: a validation error at `suggestion.estimated_duration` when the
    ///   target date falls beyond year 9999, else as ``createGoal(_:)``.
    public func createGoal(from input: GoalFromSuggestionInput) throws -> Goal {
        let goal = try createGoal(input.request())
        trackCreated(goal, from: input)
        return goal
    }

    /// ``createGoal(_:)``, queued when the API cannot be reached (offline
    /// mode). Nothing is added to cached lists: the goal has no id until the
    /// API makes it.
    public func createGoalOrQueue(_ request: CreateGoalRequest) throws -> WriteOutcome<Goal> {
        let outcome = try sendOrQueue(
            operation: "create_goal", method: "POST", path: "/api/v1/goals", body: request.json
        ) {
            try decodeResponse(Envelope<Goal>.self, from: $0).data
        }
        if case .sent = outcome { suggestionsCache?.invalidate() }
        return outcome
    }

    /// ``createGoal(from:)``, queued when the API cannot be reached (offline mode).
    public func createGoalOrQueue(from input: GoalFromSuggestionInput) throws -> WriteOutcome<Goal> {
        let outcome = try createGoalOrQueue(input.request())
        if case .sent(let goal) = outcome { trackCreated(goal, from: input) }
        return outcome
    }

    /// A goal made from an AI suggestion: `goal_ai_usage` suggestions for it,
    /// and `insight_action` createdGoal for the insight it came from, if any.
    private func trackCreated(_ goal: Goal, from input: GoalFromSuggestionInput) {
        track(.goalAIUsage(goalId: goal.id, feature: .suggestions))
        if let insightId = input.insightId { track(.insightAction(insightId: insightId, action: .createdGoal)) }
    }

    public func goal(id: String) throws -> Goal {
        try goalRead(id: id).value
    }

    /// ``goal(id:)`` with the offline stamp of an answer from the cache.
    public func goalRead(id: String) throws -> CachedRead<Goal> {
        let path = "/api/v1/goals/\(try segment(id))"
        return try readThrough(path) { try decodeResponse(Envelope<Goal>.self, from: send("GET", path)).data }
    }

    public func listGoals(status: GoalStatus?, page: Int, pageSize: Int) throws -> GoalsPage {
        try listGoalsRead(status: status, page: page, pageSize: pageSize).value
    }

    /// ``listGoals(status:page:pageSize:)`` with the offline stamp of an answer from the cache.
    public func listGoalsRead(status: GoalStatus?, page: Int, pageSize: Int) throws -> CachedRead<GoalsPage> {
        var query = [("page", String(page)), ("page_size", String(pageSize))]
        if let status { query.append(("status", status.rawValue)) }
        return try readThrough(Self.cacheKey("/api/v1/goals", query)) {
            try decodeResponse(Envelope<GoalsPage>.self, from: send("GET", "/api/v1/goals", query: query)).data
        }
    }

    /// Trends of this session: fetched once, then reused (switching period never refetches).
    public func trends(refresh: Bool = false) throws -> TrendsResponse {
        try trendsRead(refresh: refresh).value
    }

    /// ``trends(refresh:)`` with the offline stamp of an answer from the cache
    /// (an offline answer is not kept for the session: the next call tries the API).
    public func trendsRead(refresh: Bool = false) throws -> CachedRead<TrendsResponse> {
        if !refresh, let cached = session.cachedTrends() { return CachedRead(value: cached, offline: nil) }
        let read = try readThrough("/api/longevity/trends") {
            try decodeResponse(TrendsResponse.self, from: send("GET", "/api/longevity/trends"))
        }
        if read.offline == nil { session.store(read.value) }
        return read
    }
}
