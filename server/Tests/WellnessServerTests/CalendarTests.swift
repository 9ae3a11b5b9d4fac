import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WellnessKitCore

@testable import WellnessServer

/// The user's calendar (the profile's `time_zone` and `first_weekday`): every
/// day the server counts is a day of it, run against every engine
/// (``SQLiteCalendarTests``, ``PostgresCalendarTests``).
enum CalendarContract: String, CaseIterable, Sendable, CustomStringConvertible {
    case theProfileSetsAndValidatesIt
    case theSameInstantsAreOtherDaysInKiritimatiAndPagoPago
    case aDaylightSavingWeekInSantiagoRebucketsWhenTheWeekChanges
    case weeklyInsightsAreTheProfilesWeeks

    var description: String { rawValue }

    /// 2026-03-10T11:00:00Z: already Wednesday 01:00 in Kiritimati (+14), just Tuesday in Pago Pago (-11).
    static let marchMorning: Int64 = 1_773_140_400_000
    /// 2026-09-08T15:00:00Z: Tuesday noon in Santiago, two days after its clocks skipped midnight.
    static let septemberNoon: Int64 = 1_788_879_600_000

    func run(on engine: TestEngine) async throws {
        let now: Int64 =
            self == .aDaylightSavingWeekInSantiagoRebucketsWhenTheWeekChanges ? Self.septemberNoon : Self.marchMorning
        let server = try await TestServer.make(engine, clock: { now })
        switch self {
        case .theProfileSetsAndValidatesIt: try await Self.profile(server)
        case .theSameInstantsAreOtherDaysInKiritimatiAndPagoPago: try await Self.antipodes(server)
        case .aDaylightSavingWeekInSantiagoRebucketsWhenTheWeekChanges: try await Self.santiago(server)
        case .weeklyInsightsAreTheProfilesWeeks: try await Self.weeklyInsights(server)
        }
        await server.store.shutdown()
    }

    /// The first data query of the coach's reply to `question`, in a new consultation.
    static func ask(_ client: any TestClientProtocol, _ user: TestServer.User, _ question: String) async throws
        -> JSONValue
    {
        let (created, _, consultation) = try await client.call(
            .post, "/api/v1/consultations", as: user, json: #"{"persona":"fitness_coach","title":"data"}"#)
        #expect(created == .created)
        let id = try #require(consultation["data"]["id"].string)
        let content = try JSONWriter.string(.object(JSONObject([("content", .string(question))])))
        let (sent, _, exchange) = try await client.call(
            .post, "/api/v1/consultations/\(id)/messages", as: user, json: content)
        #expect(sent == .created)
        return exchange["data"]["messages"][1]["data_queries"][0]
    }

    static func count(_ client: any TestClientProtocol, _ user: TestServer.User, _ question: String) async throws
        -> Double?
    {
        try? Double(json: try await ask(client, user, question)["result"]["value"], at: .root)
    }

    static func put(_ client: any TestClientProtocol, _ user: TestServer.User, _ body: String) async throws
        -> (HTTPResponse.Status, JSONValue)
    {
        let (status, _, answer) = try await client.call(.put, "/api/v1/profile", as: user, json: body)
        return (status, answer)
    }

    static func profile(_ server: TestServer) async throws {
        let user = try await server.user()
        try await server.test { client in
            let fresh = try await client.call(.get, "/api/v1/profile", as: user).2["data"]
            #expect(fresh["time_zone"] == .string("UTC") && fresh["first_weekday"] == .int(2), "the defaults")

            let set = try await put(client, user, #"{"age":40,"time_zone":"Asia/Tokyo","first_weekday":"Sunday"}"#)
            #expect(set.0 == .ok && set.1["data"]["first_weekday"] == .int(1), "a name is answered as its number")
            // A client that knows only the physical profile keeps the calendar.
            let kept = try await put(client, user, #"{"age":41}"#)
            #expect(kept.1["data"]["time_zone"] == .string("Asia/Tokyo") && kept.1["data"]["first_weekday"] == .int(1))
            let read = try await client.call(.get, "/api/v1/profile", as: user).2["data"]
            #expect(read["time_zone"] == .string("Asia/Tokyo") && read["age"] == .int(41))

            let badZone = try await put(client, user, #"{"time_zone":"Mars/Olympus_Mons"}"#)
            let zoneMessage = badZone.1["error"]["message"].string ?? ""
            #expect(badZone.0 == .badRequest && zoneMessage.contains("time_zone"))
            #expect(zoneMessage.contains("Mars/Olympus_Mons"), "the bad zone is named: \(zoneMessage)")
            for weekday in [#""funday""#, "0", "8", "2.5"] {
                let bad = try await put(client, user, #"{"first_weekday":\#(weekday)}"#)
                #expect(bad.0 == .badRequest && bad.1["error"]["message"].string?.contains("first_weekday") == true)
            }
            #expect(try await server.store.profiles.get(for: user.id).timeZone == "Asia/Tokyo", "refused: unchanged")

            let reset = try await put(client, user, #"{"time_zone":null,"first_weekday":null}"#)
            #expect(reset.1["data"]["time_zone"] == .string("UTC") && reset.1["data"]["first_weekday"] == .int(2))
        }
    }

    /// One workout at 2026-03-10T10:30Z: Wednesday 00:30 in Kiritimati, Monday 23:30 in Pago Pago.
    static func antipodes(_ server: TestServer) async throws {
        let kiritimati = try await server.user()
        let pagoPago = try await server.user()
        let utc = try await server.user()
        let workout = #"{"workouts":[{"start":"2026-03-10T10:30:00Z","end":"2026-03-10T10:50:00Z","activity":"Run"}]}"#
        try await server.test { client in
            #expect(try await put(client, kiritimati, #"{"time_zone":"Pacific/Kiritimati"}"#).0 == .ok)
            #expect(try await put(client, pagoPago, #"{"time_zone":"Pacific/Pago_Pago"}"#).0 == .ok)
            for user in [kiritimati, pagoPago, utc] {
                #expect(try await client.call(.post, "/api/v1/workouts", as: user, json: workout).0 == .created)
            }
            #expect(try await count(client, kiritimati, "How many times did I run today?") == 1)
            #expect(try await count(client, kiritimati, "How many times did I run yesterday?") == 0)
            #expect(try await count(client, pagoPago, "How many times did I run today?") == 0)
            #expect(try await count(client, pagoPago, "How many times did I run yesterday?") == 1)
            #expect(try await count(client, utc, "How many times did I run today?") == 1)
            let today = try await ask(client, kiritimati, "How many times did I run today?")
            #expect(today["result"]["from_date"] == .string("2026-03-11"), "Kiritimati's today")

            // The workouts list's dates are the user's days too.
            let onTheEleventh = try await client.call(
                .get, "/api/v1/workouts?from=2026-03-11&to=2026-03-11", as: kiritimati)
            #expect(onTheEleventh.2["data"]["workouts"].count == 1)
            let onTheNinth = try await client.call(.get, "/api/v1/workouts?from=2026-03-09&to=2026-03-09", as: pagoPago)
            #expect(onTheNinth.2["data"]["workouts"].count == 1)
            #expect(
                try await client.call(.get, "/api/v1/workouts?from=2026-03-10&to=2026-03-10", as: pagoPago)
                    .2["data"]["workouts"].count == 0)

            // Moving to Kiritimati re-buckets on the next read: nothing stored was in Pago Pago's days.
            #expect(try await put(client, pagoPago, #"{"time_zone":"Pacific/Kiritimati"}"#).0 == .ok)
            #expect(try await count(client, pagoPago, "How many times did I run today?") == 1)
            #expect(try await count(client, pagoPago, "How many times did I run yesterday?") == 0)
        }
    }

    /// Santiago skips from 00:00 to 01:00 on Sunday 2026-09-06: workouts
    /// either side of that and of the next Sunday's midnight, counted in
    /// Sunday weeks, then in Monday weeks once the profile says so.
    static func santiago(_ server: TestServer) async throws {
        let user = try await server.user()
        let starts = ["2026-09-06T03:30:00Z", "2026-09-06T04:30:00Z", "2026-09-13T02:30:00Z", "2026-09-13T03:30:00Z"]
        let workouts = starts.map { #"{"start":"\#($0)","end":"\#($0)","activity":"Run"}"# }
        try await server.test { client in
            #expect(
                try await put(client, user, #"{"time_zone":"America/Santiago","first_weekday":1}"#).0 == .ok)
            let body = #"{"workouts":[\#(workouts.joined(separator: ","))]}"#
            #expect(try await client.call(.post, "/api/v1/workouts", as: user, json: body).0 == .created)
            // Saturday 5th 23:30 (-04) | Sunday 6th 01:30 (-03), Saturday 12th 23:30 | Sunday 13th 00:30.
            #expect(try await count(client, user, "How many times did I run this week?") == 2)
            #expect(try await count(client, user, "How many times did I run last week?") == 1)
            let sunday = try await client.call(.get, "/api/v1/workouts?from=2026-09-06&to=2026-09-06", as: user)
            #expect(
                sunday.2["data"]["workouts"][0]["start"] == .string("2026-09-06T04:30:00Z")
                    && sunday.2["data"]["workouts"].count == 1, "the day began at 01:00, 04:00 UTC")

            // Monday weeks, from the next read on: last week is Monday 31 August to Sunday 6 September.
            #expect(try await put(client, user, #"{"first_weekday":"monday"}"#).0 == .ok)
            #expect(try await count(client, user, "How many times did I run last week?") == 2)
            #expect(try await count(client, user, "How many times did I run this week?") == 2)
        }
    }

    /// Check-ins from Saturday 2026-03-07 to Tuesday 10th: two days in each Monday week, four in a Saturday week.
    static func weeklyInsights(_ server: TestServer) async throws {
        let user = try await server.user()
        let checkIns = (7...10).map { #"{"date":"2026-03-\#(String(format: "%02d", $0))","steps":5000,"workouts":1}"# }
        let body = #"{"checkins":[\#(checkIns.joined(separator: ","))]}"#
        try await server.test { client in
            #expect(try await client.call(.post, "/api/v1/checkins", as: user, json: body).0 == .created)
            let weekly = "/api/v1/insights?insight_type=weekly"
            #expect(try await client.call(.get, weekly, as: user).2["data"]["insights"].count == 0)
            #expect(try await put(client, user, #"{"first_weekday":"saturday"}"#).0 == .ok)
            #expect(try await client.call(.post, "/api/v1/insights/generate", as: user).0 == .ok)
            let insights = try await client.call(.get, weekly, as: user).2["data"]["insights"]
            #expect(insights.count == 1)
            #expect(insights[0]["title"].string?.hasPrefix("Week of Mar 7:") == true, "\(insights)")
        }
    }
}

@Suite struct SQLiteCalendarTests {
    @Test(arguments: CalendarContract.allCases)
    func calendar(_ contract: CalendarContract) async throws {
        try await contract.run(on: .sqlite)
    }
}

@Suite(
    .enabled(
        if: TestEngine.postgresURL != nil,
        "skipped: WELLNESS_TEST_POSTGRES_URL is not set (e2e/server/postgres.sh run swift test ... sets it)"))
struct PostgresCalendarTests {
    @Test(arguments: CalendarContract.allCases)
    func calendar(_ contract: CalendarContract) async throws {
        try await contract.run(on: .postgres)
    }
}

/// ``UserCalendar``'s days and their first instants across transitions, and weekly insights in the user's weeks.
@Suite struct UserCalendarTests {
    static func seconds(_ text: String) throws -> Int64 {
        try #require(Timestamp(parsing: text)).seconds
    }

    static func santiago() -> UserCalendar {
        UserCalendar(profile: Profile(timeZone: "America/Santiago"))
    }

    @Test func santiagosSkippedMidnightStartsTheDayAtTheTransition() throws {
        let calendar = Self.santiago()
        let sunday = try #require(CalendarDate(year: 2026, month: 9, day: 6)).daysSinceEpoch
        #expect(calendar.startOfDay(sunday) == (try Self.seconds("2026-09-06T04:00:00Z")))
        #expect(calendar.day(ofSeconds: try Self.seconds("2026-09-06T03:59:59Z")) == sunday - 1)
        #expect(calendar.day(ofSeconds: try Self.seconds("2026-09-06T04:00:00Z")) == sunday)
    }

    @Test func santiagosRepeatedHourIsTheDayBefore() throws {
        let calendar = Self.santiago()
        let saturday = try #require(CalendarDate(year: 2026, month: 4, day: 4)).daysSinceEpoch
        // 23:30 -03 and 23:30 -04: the hour before midnight happens twice, both on Saturday.
        #expect(calendar.day(ofSeconds: try Self.seconds("2026-04-05T02:30:00Z")) == saturday)
        #expect(calendar.day(ofSeconds: try Self.seconds("2026-04-05T03:30:00Z")) == saturday)
        #expect(calendar.startOfDay(saturday + 1) == (try Self.seconds("2026-04-05T04:00:00Z")))
    }

    @Test func anUnknownStoredZoneCountsAsUTC() {
        let calendar = UserCalendar(profile: Profile(timeZone: "Nowhere/Gone", firstWeekday: 9))
        #expect(calendar.timeZoneName == "UTC" && calendar.firstWeekday == 2)
    }

    @Test func weeklyInsightsAreTheUsersWeeks() throws {
        // Saturday 2026-03-07 to Tuesday 2026-03-10: one Sunday week, split in two Monday weeks.
        let checkIns = (7...10).compactMap { day in
            CalendarDate(year: 2026, month: 3, day: day).map { CheckIn(date: $0, steps: 5000, workouts: 1) }
        }
        let sundayWeeks = InsightGenerator.insights(
            from: checkIns, calendar: UserCalendar(profile: Profile(firstWeekday: 1))
        ).filter { $0.type == .weekly }
        #expect(sundayWeeks.map(\.dedupeKey) == ["weekly:2026-03-08"], "Sunday 1st to Saturday 7th holds 1 day only")
        let saturdayWeeks = InsightGenerator.insights(
            from: checkIns, calendar: UserCalendar(profile: Profile(firstWeekday: 7))
        ).filter { $0.type == .weekly }
        #expect(saturdayWeeks.map(\.dedupeKey) == ["weekly:2026-03-07"])
        #expect(InsightGenerator.insights(from: checkIns).filter { $0.type == .weekly }.isEmpty, "Monday weeks: 2 + 2")
    }
}
