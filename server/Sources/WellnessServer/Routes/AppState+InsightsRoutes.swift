import Foundation
import HTTPTypes
import Hummingbird
import WellnessKitCore

extension AppState {
    /// AI insights: generation, list, get, read / favourite / archive, delete.
    var insightsRoutes: [Route] {
        [
            Self.api(.post, "v1/insights/generate", Self.withoutInput { context in try await generate(context) }),
            Self.api(.get, "v1/insights") { request, context in try await listInsights(request, context) },
            Self.api(.get, "v1/insights/:id") { _, context in try await getInsight(context) },
            Self.api(.patch, "v1/insights/:id") { request, context in try await updateInsight(request, context) },
            Self.api(.delete, "v1/insights/:id", Self.withoutInput { context in try await deleteInsight(context) }),
        ]
    }

    private func generate(_ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let added = try await writeInsights(for: user)
        return JSONResponses.envelope(.object(JSONObject([("insights_generated", .int(added))])))
    }

    /// The rules' insights for the user's check-ins, their prose written by
    /// the provider for the ones not stored yet, each new one stored with how
    /// it was made; returns how many were new.
    func writeInsights(for user: String) async throws -> Int {
        let checkIns = try await repositories.checkIns.all(for: user)
        let drafts = InsightGenerator.insights(
            from: checkIns, calendar: try await repositories.profiles.get(for: user).calendar)
        guard !(provider is RulesProvider), !drafts.isEmpty else {
            let added = try await repositories.insights.add(drafts, for: user)
            if added > 0 { try await store.recordRulesProvenanceOfInsights(for: user) }
            return added
        }
        let stored = try await store.dedupeKeys(for: user)
        let fresh = Set(drafts.map(\.dedupeKey)).subtracting(stored)
        let written = await provider.insights(drafts, fresh: fresh, checkIns: checkIns, userId: user)
        let added = try await repositories.insights.add(written.map(\.value), for: user)
        try await store.recordProvenance(
            ofInsights: written.filter { fresh.contains($0.value.dedupeKey) }
                .map { ($0.value.dedupeKey, $0.provenance) }, for: user)
        return added
    }

    private func listInsights(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        var query = InsightQuery()
        query.insightType = try parameters.choice("insight_type", InsightType.self)
        query.readStatus = try parameters.bool("read_status")
        query.favoritesOnly = try parameters.bool("favorites_only") ?? false
        query.archivedStatus =
            parameters.parameters.get("archived_status") == nil ? false : try parameters.bool("archived_status")
        query.sortBy = try parameters.choice("sort_by", InsightQuery.SortField.self) ?? .createdAt
        switch parameters.parameters.get("sort_order") ?? "desc" {
        case "asc": query.ascending = true
        case "desc": query.ascending = false
        default: throw APIFailure.badRequest("sort_order must be asc or desc")
        }
        (query.page, query.pageSize) = try parameters.page()
        var written = false
        let body = try await repositories.insights.listBody(for: try context.requireUser(), query: query) {
            insights, pagination in
            written = true
            guard let body = JSONResponses.pageBody(insights, named: "insights", pagination: pagination) else {
                throw APIFailure(
                    status: .internalServerError, code: "INTERNAL", message: "the page could not be encoded")
            }
            return body
        }
        // Reading and writing a page is a long stretch of work: let waiting
        // requests (other users') run first. A page served from memory as
        // written before was no such stretch.
        if written { await Task.yield() }
        return JSONResponses.json(body: body)
    }

    private func getInsight(_ context: AppRequestContext) async throws -> Response {
        guard let insight = try await repositories.insights.get(try id(context), for: try context.requireUser()) else {
            throw APIFailure.notFound("Insight")
        }
        return JSONResponses.envelope(insight.json)
    }

    private func updateInsight(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let change = try await JSONRequests.decode(UpdateInsightRequest.self, of: request, context: context)
        guard
            let insight = try await repositories.insights.update(
                try id(context), for: try context.requireUser(), with: change)
        else {
            throw APIFailure.notFound("Insight")
        }
        return JSONResponses.envelope(insight.json)
    }

    private func deleteInsight(_ context: AppRequestContext) async throws -> Response {
        guard try await repositories.insights.delete(try id(context), for: try context.requireUser()) else {
            throw APIFailure.notFound("Insight")
        }
        return Response(status: .noContent)
    }
}
