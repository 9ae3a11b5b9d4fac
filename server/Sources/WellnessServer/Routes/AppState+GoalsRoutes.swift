import Foundation
import HTTPTypes
import Hummingbird
import WellnessKitCore

extension AppState {
    /// Goals AI and goals: suggestions, tips, create, list, get, progress.
    var goalsRoutes: [Route] {
        [
            Self.api(.post, "v1/goals/suggestions") { request, context in try await suggestions(request, context) },
            Self.api(.post, "v1/goals") { request, context in try await createGoal(request, context) },
            Self.api(.get, "v1/goals") { request, context in try await listGoals(request, context) },
            Self.api(.get, "v1/goals/:id") { _, context in try await getGoal(context) },
            Self.api(.patch, "v1/goals/:id") { request, context in try await updateGoal(request, context) },
            Self.api(.get, "v1/goals/:id/tips") { _, context in try await tips(context) },
        ]
    }

    /// From the user's data, or (with `{"insight_ids": [...]}`, Journey 3) from those insights.
    private func suggestions(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let insightIds = try await Self.insightIds(in: request, context)
        var insights: [Insight] = []
        for id in insightIds {
            guard let insight = try await repositories.insights.get(id, for: user) else {
                throw APIFailure.notFound("Insight")
            }
            insights.append(insight)
        }
        try await limit(user, "suggestions")
        let request = SuggestionsRequest(
            userId: user, checkIns: try await repositories.checkIns.all(for: user),
            existing: try await repositories.goals.all(for: user),
            profile: try await repositories.profiles.get(for: user), insights: insights)
        let suggestions = await provider.goalSuggestions(request).value
        return JSONResponses.envelope(GoalSuggestions(suggestions: suggestions).json)
    }

    /// The optional body of `POST /goals/suggestions`: 1 to 10 insight ids.
    private static func insightIds(in request: Request, _ context: AppRequestContext) async throws -> [String] {
        guard let body = try await JSONRequests.optionalBody(of: request, context: context) else { return [] }
        return try JSONRequests.read(body) { reader in
            try reader.rejectUnknownKeys(["insight_ids"])
            guard let ids: [String] = try reader.optional("insight_ids") else { return [] }
            guard (1...10).contains(ids.count), ids.allSatisfy({ !$0.isEmpty }) else {
                throw WellnessError.validation("must hold 1 to 10 insight ids", at: reader.path(of: "insight_ids"))
            }
            return ids
        }
    }

    /// Progress, status or target of a goal (Journey 1).
    private func updateGoal(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let change = try await JSONRequests.decode(UpdateGoalRequest.self, of: request, context: context)
        guard
            let result = try await repositories.goals.update(
                try id(context), for: try context.requireUser(), with: change)
        else {
            throw APIFailure.notFound("Goal")
        }
        return JSONResponses.envelope(result.after.json)
    }

    private func tips(_ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        guard let goal = try await repositories.goals.get(try id(context), for: user) else {
            throw APIFailure.notFound("Goal")
        }
        try await limit(user, "tips")
        let tips = await provider.goalTips(
            for: goal, checkIns: try await repositories.checkIns.all(for: user), userId: user
        ).value
        return JSONResponses.envelope(GoalTips(tips: tips, goalId: goal.id, goalTitle: goal.title).json)
    }

    private func createGoal(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let goalRequest = try await JSONRequests.decode(CreateGoalRequest.self, of: request, context: context)
        return JSONResponses.envelope(
            try await repositories.goals.create(goalRequest, for: try context.requireUser()).json,
            status: .created)
    }

    private func listGoals(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        let status = try parameters.choice("status", GoalStatus.self)
        let page = try parameters.page()
        let (goals, pagination) = try await repositories.goals.list(
            for: try context.requireUser(), status: status, page: page.page,
            pageSize: page.size)
        return JSONResponses.envelope(.object(JSONObject([("goals", goals.json), ("pagination", pagination.json)])))
    }

    private func getGoal(_ context: AppRequestContext) async throws -> Response {
        guard let goal = try await repositories.goals.get(try id(context), for: try context.requireUser()) else {
            throw APIFailure.notFound("Goal")
        }
        return JSONResponses.envelope(goal.json)
    }
}
