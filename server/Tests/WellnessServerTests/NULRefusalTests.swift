import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WellnessKitCore

@testable import WellnessServer

/// U+0000 in any string of a request is a 400 naming the field, on both
/// engines: PostgreSQL used to answer 500 (`invalid byte sequence for
/// encoding "UTF8": 0x00`) for a NUL in `context_id` or `insight_ids`.
/// Every route taking a string, one NUL each.
enum NULRefusalContract {
    /// (method, path, body, the field the 400 names); `{consultation}` is a consultation of the user.
    static let bodies: [(HTTPRequest.Method, String, String, String)] = [
        (.put, "/api/v1/profile", #"{"age":30,"x\u0000":1}"#, "x\u{0}"),
        (.post, "/api/v1/checkins", #"{"checkins":[{"date":"2026-01-01\u0000"}]}"#, "checkins[0].date"),
        (
            .post, "/api/v1/workouts",
            #"{"workouts":[{"start":"2026-11-20T07:00:00Z","end":"2026-11-20T07:30:00Z","activity":"Run\u0000"}]}"#,
            "workouts[0].activity"
        ),
        (.post, "/api/v1/goals/suggestions", #"{"insight_ids":["in_x\u0000"]}"#, "insight_ids[0]"),
        (
            .post, "/api/v1/goals",
            #"{"title":"Walk\u0000","goal_type":"activity","start_date":"2026-01-01","is_recurring":false}"#, "title"
        ),
        (
            .post, "/api/v1/goals",
            #"{"title":"Walk","goal_type":"activity","description":"\u0000","start_date":"2026-01-01"}"#,
            "description"
        ),
        (.patch, "/api/v1/insights/in_x", #"{"is_read":true,"note\u0000":"x"}"#, "note\u{0}"),
        (.patch, "/api/v1/goals/gl_x", #"{"title":"a\u0000b"}"#, "title"),
        (
            .post, "/api/v1/consultations",
            #"{"persona":"sleep_coach","context_type":"insight","context_id":"in_\u0000"}"#, "context_id"
        ),
        (.post, "/api/v1/consultations", #"{"persona":"sleep_coach","title":"\u0000"}"#, "title"),
        (.post, "/api/v1/consultations/{consultation}/messages", #"{"content":"hi\u0000there"}"#, "content"),
        (.delete, "/api/v1/account", #"{"x\u0000":1}"#, "x\u{0}"),
    ]

    /// Routes with an id in the path: `%00` there (the router does not decode it, so no NUL reaches a
    /// lookup) is never a 500, and a 400 names the id.
    static let paths: [(HTTPRequest.Method, String, String?)] = [
        (.get, "/api/v1/insights/in_%00", nil), (.patch, "/api/v1/insights/in_%00", #"{"is_read":true}"#),
        (.get, "/api/v1/goals/gl_%00/tips", nil), (.patch, "/api/v1/goals/gl_%00", #"{"status":"paused"}"#),
        (.get, "/api/v1/consultations/cs_%00", nil),
        (.post, "/api/v1/consultations/cs_%00/messages", #"{"content":"hi"}"#),
        (.delete, "/api/v1/workouts/wo_%00", nil), (.delete, "/api/v1/auth/keys/key_%00", nil),
    ]

    static func run(on engine: TestEngine) async throws {
        let server = try await TestServer.make(engine) { $0.allowSignup = true }
        let user = try await server.user(days: 3)
        try await server.test { client in
            let created = try await client.call(
                .post, "/api/v1/consultations", as: user, json: #"{"persona":"sleep_coach"}"#)
            let consultation = try #require(created.2["data"]["id"].string)
            for (method, path, body, field) in bodies {
                let uri = path.replacingOccurrences(of: "{consultation}", with: consultation)
                let (status, _, answer) = try await client.call(method, uri, as: user, json: body)
                let message = answer["error"]["message"].string ?? ""
                #expect(status == .badRequest, "\(method) \(uri) \(body): \(status) \(answer)")
                #expect(
                    message.hasPrefix(field + ":") && message.contains("U+0000"),
                    "\(method) \(uri): \(message) names \(field)")
            }
            let signup = try await client.call(.post, "/dev/users", as: nil, json: #"{"name":"Ann\u0000"}"#)
            #expect(signup.0 == .badRequest && signup.2["error"]["message"].string?.hasPrefix("name:") == true)
            for (method, path, body) in paths {
                let (status, _, answer) = try await client.call(method, path, as: user, json: body)
                #expect(status.code < 500, "\(method) \(path): \(status) \(answer)")
                if status == .badRequest {
                    #expect(answer["error"]["message"].string?.hasPrefix("id:") == true, "\(answer)")
                }
            }
            // Nothing was stored, and the account still answers.
            #expect(try await client.call(.get, "/api/v1/goals", as: user).2["data"]["goals"].count == 0)
            #expect(try await client.call(.get, "/api/v1/profile", as: user).0 == .ok)
        }
        await server.store.shutdown()
    }
}

@Suite struct SQLiteNULRefusalTests {
    @Test func aNULInAnyRequestStringIsA400NamingTheField() async throws {
        try await NULRefusalContract.run(on: .sqlite)
    }
}

@Suite(
    .enabled(
        if: TestEngine.postgresURL != nil,
        "skipped: WELLNESS_TEST_POSTGRES_URL is not set (e2e/server/postgres.sh run swift test ... sets it)"))
struct PostgresNULRefusalTests {
    @Test func aNULInAnyRequestStringIsA400NamingTheField() async throws {
        try await NULRefusalContract.run(on: .postgres)
    }
}
