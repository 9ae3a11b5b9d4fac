import Foundation
import HTTPTypes
import Hummingbird
import WellnessKitCore

extension AppState {
    /// The user's workouts: the sessions their data queries run over.
    var workoutsRoutes: [Route] {
        [
            Self.api(.post, "v1/workouts") { request, context in try await storeWorkouts(request, context) },
            Self.api(.get, "v1/workouts") { request, context in try await listWorkouts(request, context) },
            Self.api(
                .delete, "v1/workouts/:id",
                Self.withoutInput { context in
                    try await repositories.workouts.delete(try id(context), for: try context.requireUser())
                    return Response(status: .noContent)
                }),
        ]
    }

    /// Stores the posted workouts, read by the library's rules (``NewWorkouts``) as the client checks them.
    private func storeWorkouts(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let body = try await JSONRequests.body(of: request, context: context)
        let workouts = try JSONRequests.validated { try NewWorkouts(json: body, at: .root).workouts }
        // One row per natural key (start and activity): a key repeated in the body is stored once, and counted so.
        let stored = try await repositories.workouts.upsert(workouts, for: user)
        return JSONResponses.envelope(.object(JSONObject([("stored", .int(stored.count))])), status: .created)
    }

    /// Oldest first, by page; `from` and `to` bound the starts, both included.
    private func listWorkouts(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        let page = try parameters.page()
        let user = try context.requireUser()
        // A date is a day of the user's calendar.
        let calendar = try await repositories.profiles.get(for: user).calendar
        let (workouts, pagination) = try await repositories.workouts.list(
            for: user, from: try parameters.instant("from", endOfDay: false, in: calendar),
            to: try parameters.instant("to", endOfDay: true, in: calendar), page: page.page, pageSize: page.size)
        return JSONResponses.envelope(
            .object(JSONObject([("workouts", .array(workouts.map(\.json))), ("pagination", pagination.json)])))
    }
}

extension QueryParameters {
    /// `from` or `to` of the workouts list (``WorkoutsPage/bound(_:endOfDay:)``), as epoch milliseconds;
    /// a date is its first or last instant in `calendar`'s zone.
    func instant(_ name: String, endOfDay: Bool, in calendar: UserCalendar) throws -> Int64? {
        guard let text = parameters.get(name) else { return nil }
        if text.utf8.count == 10, let date = CalendarDate(parsing: Array(text.utf8)) {
            let day = date.daysSinceEpoch
            let start = calendar.startOfDay(endOfDay ? day + 1 : day)
            let milliseconds = start.multipliedReportingOverflow(by: 1000)
            guard !milliseconds.overflow else { return start < 0 ? .min : .max }
            return endOfDay ? milliseconds.partialValue - 1 : milliseconds.partialValue
        }
        guard let bound = WorkoutsPage.bound(text, endOfDay: endOfDay) else {
            throw APIFailure.badRequest(
                "\(name) must be an RFC 3339 timestamp or a date (YYYY-MM-DD), not \"\(text)\"")
        }
        return bound
    }
}
