import Foundation
import HTTPTypes
import Hummingbird
import WellnessKitCore

extension Routes {
    /// The user's profile, daily check-ins and longevity trends.
    var dataRoutes: [Route] {
        [
            Self.api(.get, "longevity/trends") { _, context in try await trends(context) },
            Self.api(.get, "v1/profile") { _, context in
                JSONResponses.envelope(try await store.profile(for: try context.requireUser()).json)
            },
            Self.api(.put, "v1/profile") { request, context in try await saveProfile(request, context) },
            Self.api(.post, "v1/checkins") { request, context in try await ingest(request, context) },
            Self.api(.get, "v1/checkins") { _, context in
                JSONResponses.envelope(.array(try await store.checkIns(for: try context.requireUser()).map(\.json)))
            },
        ]
    }

    private func saveProfile(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let body = try await JSONResponses.body(of: request, context: context)
        var profile = try JSONResponses.decode(Profile.self, from: body)
        // The calendar is kept when left out: a client that only knows the physical profile does not reset it.
        if case .object(let members) = body, members["time_zone"] == nil || members["first_weekday"] == nil {
            let stored = try await store.profile(for: user)
            if members["time_zone"] == nil { profile.timeZone = stored.timeZone }
            if members["first_weekday"] == nil { profile.firstWeekday = stored.firstWeekday }
        }
        try await store.saveProfile(profile, for: user)
        return JSONResponses.envelope(profile.json)
    }

    private func ingest(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let body = try await JSONResponses.body(of: request, context: context)
        let reader = try decodeReader(body)
        let checkIns: [CheckIn]
        do {
            checkIns = try reader.required("checkins")
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
        try await store.upsert(checkIns, for: user)
        let added = try await writeInsights(for: user)
        return JSONResponses.envelope(
            .object(
                JSONObject([
                    ("stored", .int(checkIns.count)), ("insights_generated", .int(added)),
                ])), status: .created)
    }

    private func trends(_ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let entries = try await store.checkIns(for: user).compactMap { checkIn in
            checkIn.biologicalAge.map { BiologicalAgeEntry(date: checkIn.date, biologicalAge: $0) }
        }
        // The user's today, in their zone.
        let today = try await store.profile(for: user).calendar.date(atMilliseconds: store.clock())
        return JSONResponses.json(try LongevityTrends(entries: entries, today: today).response.json)
    }
}
