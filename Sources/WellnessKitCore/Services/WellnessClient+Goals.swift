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
    public func goalSuggestions(refresh: Bool = false) throws -> (suggestions: [GoalSuggestion], source: SuggestionsSource) {
        try goalSuggestions(refresh: refresh, basedOn: [])
    }

    /// Goal suggestions based on the chosen insights (seed 004, Journey 3);
    /// with no insights, the user's profile and data as before. Suggestions
    /// for chosen insights are never cached (the cache holds the general ones).
    /// - Throws: ``WellnessError`` as ``send(_:_:query:body:operation:)``.
    public func goalSuggestions(refresh: Bool = false, basedOn insightIds: [String])
        throws -> (suggestions: [GoalSuggestion], source: SuggestionsSource) {
        if !insightIds.isEmpty {
            let body = JSONValue.object(JSONObject([("insight_ids", .array(insightIds.map(JSONValue.string)))]))
            let suggestions = try decodeResponse(Envelope<GoalSuggestions>.self,
                                                 from: send("POST", "/api/v1/goals/suggestions", body: body,
                                                            operation: .ai)).data.suggestions
            return (suggestions, .network)
        }
        let cache = suggestionsCache
        if !refresh, let cached = cache?.read(), cached.age < SuggestionsCache.lifetime, cached.age >= 0 {
            return (cached.suggestions, .cache)
        }
        do {
            let suggestions = try decodeResponse(Envelope<GoalSuggestions>.self,
                                                 from: send("POST", "/api/v1/goals/suggestions", operation: .ai)).data.suggestions
            cache?.write(suggestions)
            return (suggestions, .network)
        } catch let error as WellnessError where error.kind == .network || error.kind == .timeout {
            guard let cached = cache?.read() else { throw error }
            return (cached.suggestions, .offlineCache)
        }
    }

    var suggestionsCache: SuggestionsCache? {
        guard let directory = configuration.cacheDirectory,
              let credential = configuration.apiKey ?? configuration.token else { return nil }
        return SuggestionsCache(directory: directory, baseURL: configuration.baseURL, credential: credential)
    }

    /// 5–7 tips for a goal; `notFound` ("Goal not found") for an unknown goal.
    public func goalTips(goalId: String) throws -> GoalTips {
        let tips = try decodeResponse(Envelope<GoalTips>.self,
                                      from: send("GET", "/api/v1/goals/\(segment(goalId))/tips", operation: .ai)).data
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
        try createGoal(input.request())
    }

    public func goal(id: String) throws -> Goal {
        try decodeResponse(Envelope<Goal>.self, from: send("GET", "/api/v1/goals/\(segment(id))")).data
    }

    public func listGoals(status: GoalStatus?, page: Int, pageSize: Int) throws -> GoalsPage {
        var query = [("page", String(page)), ("page_size", String(pageSize))]
        if let status { query.append(("status", status.rawValue)) }
        return try decodeResponse(Envelope<GoalsPage>.self, from: send("GET", "/api/v1/goals", query: query)).data
    }

    /// Trends of this session: fetched once, then reused (switching period never refetches).
    public func trends(refresh: Bool = false) throws -> TrendsResponse {
        if !refresh, let cached = session.cachedTrends() { return cached }
        let response = try decodeResponse(TrendsResponse.self, from: send("GET", "/api/longevity/trends"))
        session.store(response)
        return response
    }
}

/// `{"goals": [...], "pagination": {...}}`.
public struct GoalsPage: JSONCodable, Sendable, Equatable {
    public var goals: [Goal]
    public var pagination: Pagination

    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        goals = try reader.required("goals")
        pagination = try reader.required("pagination")
    }

    public var json: JSONValue { .object(JSONObject([("goals", goals.json), ("pagination", pagination.json)])) }
}
