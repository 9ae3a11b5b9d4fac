import Foundation
import HTTPTypes
import Hummingbird
import WellnessKitCore

extension AppState {
    /// The user's daily metrics (docs/SERVER.md, "Daily metrics"): what a
    /// watch or ring records per day, beside the check-ins.
    var dailyMetricsRoutes: [Route] {
        [
            Self.api(.post, "v1/daily-metrics") { request, context in try await storeDailyMetrics(request, context) },
            Self.api(.get, "v1/daily-metrics") { request, context in try await listDailyMetrics(request, context) },
            Self.api(
                .delete, "v1/daily-metrics/:date",
                Self.withoutInput { context in
                    try await repositories.dailyMetrics.delete(try date(context), for: try context.requireUser())
                    return Response(status: .noContent)
                }),
        ]
    }

    /// Merges the posted days into the stored ones (``DailyMetricsRepository/upsert(_:for:maximumMetrics:)``).
    private func storeDailyMetrics(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let body = try await JSONRequests.body(of: request, context: context)
        let write: DailyMetricsWrite
        do {
            let input = try DailyMetricsInput(
                json: body, maximumDays: dailyMetricsLimits.days, maximumMetrics: dailyMetricsLimits.metrics)
            write = try await repositories.dailyMetrics.upsert(
                input, for: user, maximumMetrics: dailyMetricsLimits.metrics)
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
        return JSONResponses.envelope(
            .object(JSONObject([("stored", .int(write.storedDays)), ("deleted", .int(write.deletedDays))])),
            status: .created)
    }

    /// Oldest first, by page; `from` and `to` (dates) bound the days, both included.
    private func listDailyMetrics(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        let page = try parameters.page()
        let (days, pagination) = try await repositories.dailyMetrics.list(
            for: try context.requireUser(), from: try parameters.date("from"), to: try parameters.date("to"),
            page: page.page, pageSize: page.size)
        return JSONResponses.envelope(
            .object(JSONObject([("days", .array(days.map(\.json))), ("pagination", pagination.json)])))
    }

    /// The `:date` of a path, a date (YYYY-MM-DD).
    private func date(_ context: AppRequestContext) throws -> CalendarDate {
        guard let text = context.parameters.get("date") else { throw APIFailure.badRequest("missing date") }
        try NULRefusal.check(text, named: "date")
        guard let date = CalendarDate(parsing: Array(text.utf8)) else {
            throw APIFailure.badRequest("date must be a date (YYYY-MM-DD), not \(Echo.quoted(text))")
        }
        return date
    }
}

extension QueryParameters {
    /// A date parameter (YYYY-MM-DD), nil when absent.
    func date(_ name: String) throws -> CalendarDate? {
        guard let text = parameters.get(name) else { return nil }
        guard let date = CalendarDate(parsing: Array(text.utf8)) else {
            throw APIFailure.badRequest("\(name) must be a date (YYYY-MM-DD), not \(Echo.quoted(text))")
        }
        return date
    }
}
