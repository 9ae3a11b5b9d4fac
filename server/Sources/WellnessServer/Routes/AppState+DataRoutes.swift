import Foundation
import HTTPTypes
import Hummingbird
import WellnessKitCore

extension AppState {
    /// The user's profile, daily check-ins and longevity trends.
    var dataRoutes: [Route] {
        [
            Self.api(.get, "longevity/trends") { _, context in try await trends(context) },
            Self.api(.get, "v1/profile") { _, context in
                JSONResponses.envelope(try await repositories.profiles.get(for: try context.requireUser()).json)
            },
            Self.api(.put, "v1/profile") { request, context in try await saveProfile(request, context) },
            Self.api(.post, "v1/checkins") { request, context in try await ingest(request, context) },
            Self.api(.get, "v1/checkins") { _, context in
                JSONResponses.envelope(
                    .array(try await repositories.checkIns.all(for: try context.requireUser()).map(\.json)))
            },
        ]
    }

    private func saveProfile(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let body = try await JSONRequests.body(of: request, context: context)
        var profile = try JSONRequests.decode(Profile.self, from: body)
        // The calendar is kept when left out: a client that only knows the physical profile does not reset it.
        if case .object(let members) = body, members["time_zone"] == nil || members["first_weekday"] == nil {
            let stored = try await repositories.profiles.get(for: user)
            if members["time_zone"] == nil { profile.timeZone = stored.timeZone }
            if members["first_weekday"] == nil { profile.firstWeekday = stored.firstWeekday }
        }
        try await repositories.profiles.save(profile, for: user)
        return JSONResponses.envelope(profile.json)
    }

    private func ingest(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let body = try await JSONRequests.body(of: request, context: context)
        let checkIns: [CheckIn] = try JSONRequests.read(body) { try $0.required("checkins") }
        try await repositories.checkIns.upsert(checkIns, for: user)
        let added = try await writeInsights(for: user)
        return JSONResponses.envelope(
            .object(
                JSONObject([
                    ("stored", .int(checkIns.count)), ("insights_generated", .int(added)),
                ])), status: .created)
    }

    private func trends(_ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let entries = try await repositories.checkIns.all(for: user).compactMap { checkIn in
            checkIn.biologicalAge.map { BiologicalAgeEntry(date: checkIn.date, biologicalAge: $0) }
        }
        // The user's today, in their zone.
        let today = try await repositories.profiles.get(for: user).calendar.date(atMilliseconds: store.clock())
        return JSONResponses.json(try LongevityTrends(entries: entries, today: today).response.json)
    }
}
