import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WellnessKitCore

@testable import WellnessServer

/// Workouts (`/api/v1/workouts`, ``WorkoutRepository/upsert(_:for:)``) and the data
/// queries recorded on a coach's reply, run against every engine
/// (``SQLiteWorkoutsTests``, ``PostgresWorkoutsTests``): each case on a fresh
/// server and database.
enum WorkoutsContract: String, CaseIterable, Sendable, CustomStringConvertible {
    case writtenReadBackAndDeleted
    case sentAgainStoredOnce
    case badWorkoutsNameTheField
    case anotherUsersWorkoutsAreInvisible
    case sealedAtRest
    case listedByRangeAndPage
    case dataQueriesOfAReplyAreRecordedAndShown

    var description: String { rawValue }

    func run(on engine: TestEngine) async throws {
        let server = try await TestServer.make(engine)
        switch self {
        case .writtenReadBackAndDeleted: try await Self.writeReadDelete(server)
        case .sentAgainStoredOnce: try await Self.idempotent(server)
        case .badWorkoutsNameTheField: try await Self.validation(server)
        case .anotherUsersWorkoutsAreInvisible: try await Self.isolation(server)
        case .sealedAtRest: try await Self.sealed(server)
        case .listedByRangeAndPage: try await Self.ranges(server)
        case .dataQueriesOfAReplyAreRecordedAndShown: try await Self.dataQueries(server)
        }
        await server.store.shutdown()
    }

    static func post(_ client: any TestClientProtocol, _ user: TestServer.User, _ workouts: [String]) async throws
        -> (HTTPResponse.Status, JSONValue)
    {
        let (status, _, body) = try await client.call(
            .post, "/api/v1/workouts", as: user, json: #"{"workouts":[\#(workouts.joined(separator: ","))]}"#)
        return (status, body)
    }

    static func list(_ client: any TestClientProtocol, _ user: TestServer.User, _ query: String = "") async throws
        -> JSONValue
    {
        let (status, _, body) = try await client.call(.get, "/api/v1/workouts\(query)", as: user)
        #expect(status == .ok, "GET /api/v1/workouts\(query)")
        return body["data"]
    }

    static func writeReadDelete(_ server: TestServer) async throws {
        let user = try await server.user()
        try await server.test { client in
            let (status, body) = try await post(
                client, user,
                [
                    #"{"start":"2026-11-20T08:00:00+01:00","end":"2026-11-20T08:45:30+01:00","activity":"Outdoor Run","distance":5.2,"calories":410,"cadence":172}"#,
                    #"{"start":1763539200,"end":1763542800.5,"activity":"Yoga"}"#,
                    #"{"start":"2026-11-21T06:00:00.250Z","end":"2026-11-21T07:00:00Z","activity":"Pool Swim","distance":null}"#,
                ])
            #expect(status == .created && body["data"]["stored"] == .int(3))
            let page = try await list(client, user)
            let workouts = page["workouts"]
            #expect(workouts.count == 3 && page["pagination"]["total_count"] == .int(3))
            #expect(workouts[0]["activity"].string == "Yoga", "oldest first")
            #expect(workouts[0]["start"].string == "2025-11-19T08:00:00Z", "epoch seconds, written as RFC 3339 UTC")
            #expect(workouts[0]["end"].string == "2025-11-19T09:00:00.5Z")
            let run = workouts[1]
            #expect(run["start"].string == "2026-11-20T07:00:00Z" && run["end"].string == "2026-11-20T07:45:30Z")
            #expect(
                run["distance"] == .double(5.2) && run["calories"] == .double(410) && run["cadence"] == .double(172))
            #expect(workouts[2]["start"].string == "2026-11-21T06:00:00.25Z")
            #expect(workouts[2]["distance"] == .null, "a null field is not stored")
            let id = try #require(run["id"].string)
            #expect(id.hasPrefix("wo_") && id.count == 35)

            let stored = try await server.store.workouts.all(for: user.id)
            #expect(stored.map(\.id) == (0..<3).compactMap { workouts[$0]["id"].string })
            #expect(stored[1].fields == ["distance": 5.2, "calories": 410, "cadence": 172])
            #expect(stored[1].start == 1_795_158_000_000 && stored[1].end == 1_795_160_730_000)

            #expect(try await client.call(.delete, "/api/v1/workouts/\(id)", as: user).0 == .noContent)
            #expect(try await list(client, user)["workouts"].count == 2)
            #expect(
                try await client.call(.delete, "/api/v1/workouts/\(id)", as: user).0 == .noContent,
                "deleting again is the same answer")
            #expect(try await client.call(.delete, "/api/v1/workouts/\(id)", as: nil).0 == .unauthorized)
        }
    }

    static func idempotent(_ server: TestServer) async throws {
        let user = try await server.user()
        try await server.test { client in
            let first =
                #"{"start":"2026-11-20T07:00:00Z","end":"2026-11-20T07:30:00Z","activity":"Ride","distance":10}"#
            let later =
                #"{"start":"2026-11-20T08:00:00+01:00","end":"2026-11-20T07:40:00Z","activity":"Ride","distance":12.5}"#
            let other = #"{"start":"2026-11-20T07:00:00Z","end":"2026-11-20T07:30:00Z","activity":"Walk"}"#
            #expect(try await post(client, user, [first, other]).0 == .created)
            let before = try await list(client, user)["workouts"]
            #expect(try await list(client, user)["pagination"]["total_count"] == .int(2))
            #expect(try await post(client, user, [later, other]).0 == .created)
            let after = try await list(client, user)["workouts"]
            #expect(after.count == 2, "the same start and activity is one workout")
            #expect(try await list(client, user)["pagination"]["total_count"] == .int(2), "counted once")
            let ride = (0..<2).map { after[$0] }.first { $0["activity"].string == "Ride" }
            #expect(ride?["distance"] == .double(12.5) && ride?["end"].string == "2026-11-20T07:40:00Z")
            #expect(
                Set((0..<2).compactMap { before[$0]["id"].string })
                    == Set((0..<2).compactMap { after[$0]["id"].string }),
                "ids are derived from the natural key")

            // The same natural key twice in one body is one row, counted as one, the last occurrence kept.
            let walk = #"{"start":"2026-11-21T07:00:00Z","end":"2026-11-21T07:30:00Z","activity":"Walk","steps":1}"#
            let walkAgain =
                #"{"start":"2026-11-21T07:00:00Z","end":"2026-11-21T07:45:00Z","activity":"Walk","steps":2}"#
            let twice = try await post(client, user, [walk, walkAgain])
            #expect(twice.0 == .created && twice.1["data"]["stored"] == .int(1), "\(twice.1)")
            let listed = try await list(client, user)
            #expect(listed["workouts"].count == 3 && listed["pagination"]["total_count"] == .int(3))
            let kept = (0..<3).map { listed["workouts"][$0] }.first { $0["steps"] != .null }
            #expect(kept?["steps"] == .double(2) && kept?["end"].string == "2026-11-21T07:45:00Z")

            // A keyed POST is applied once and replayed.
            var headers = user.headers
            headers[.idempotencyKey] = "workouts-1"
            let body = ByteBuffer(string: #"{"workouts":[\#(first)]}"#)
            try await client.execute(uri: "/api/v1/workouts", method: .post, headers: headers, body: body) {
                #expect($0.status == .created)
            }
            try await client.execute(uri: "/api/v1/workouts", method: .post, headers: headers, body: body) {
                #expect($0.status == .created && $0.headers[.idempotentReplayed] == "true")
            }
        }
    }

    static func validation(_ server: TestServer) async throws {
        let user = try await server.user()
        let good = #""start":"2026-11-20T07:00:00Z","end":"2026-11-20T07:30:00Z","activity":"Run""#
        let manyFields = (0...WorkoutRecord.maximumFields).map { #""f\#($0)":1"# }.joined(separator: ",")
        let cases: [(body: String, field: String)] = [
            (#"{"workouts":[{"end":"2026-11-20T07:30:00Z","activity":"Run"}]}"#, "workouts[0].start"),
            (
                #"{"workouts":[{\#(good)},{"start":"2026-13-20T07:00:00Z","end":"2026-11-20T07:30:00Z","activity":"Run"}]}"#,
                "workouts[1].start"
            ),
            (
                #"{"workouts":[{"start":"2026-11-20T07:00:00Z","end":"2026-11-20T06:30:00Z","activity":"Run"}]}"#,
                "workouts[0].end"
            ),
            (#"{"workouts":[{"start":"2026-11-20T07:00:00Z","end":true,"activity":"Run"}]}"#, "workouts[0].end"),
            (#"{"workouts":[{"start":1e300,"end":1e300,"activity":"Run"}]}"#, "workouts[0].start"),
            (
                #"{"workouts":[{"start":"2026-11-20T07:00:00Z","end":"2026-11-20T07:30:00Z","activity":""}]}"#,
                "workouts[0].activity"
            ),
            (
                #"{"workouts":[{"start":"2026-11-20T07:00:00Z","end":"2026-11-20T07:30:00Z","activity":"\#(String(repeating: "x", count: 101))"}]}"#,
                "workouts[0].activity"
            ),
            (#"{"workouts":[{\#(good),"distance":"5 km"}]}"#, "workouts[0].distance"),
            (#"{"workouts":[{\#(good),"Distance":5}]}"#, "workouts[0].Distance"),
            (#"{"workouts":[{\#(good),"9lives":5}]}"#, "workouts[0].9lives"),
            (#"{"workouts":[{\#(good),"distance":1e999}]}"#, "workouts[0].distance"),
            (#"{"workouts":[{\#(good),\#(manyFields)}]}"#, "workouts[0].f32"),
            (#"{"workouts":[{\#(good),"id":"wo_mine"}]}"#, "workouts[0].id"),
            // A repeated key is refused, not read as its last occurrence.
            (#"{"workouts":[{\#(good),"distance":5,"distance":6}]}"#, "workouts[0].distance"),
            (#"{"workouts":[{\#(good),"activity":"Walk"}]}"#, "workouts[0].activity"),
            (#"{"workouts":[],"workouts":[{\#(good)}]}"#, "workouts"),
            (#"{"workouts":{}}"#, "workouts"),
            (#"{"workout":[]}"#, "workout"),
            (#"{"workouts":[\#(Array(repeating: "{\(good)}", count: 1_001).joined(separator: ","))]}"#, "workouts"),
        ]
        try await server.test { client in
            for (body, field) in cases {
                let (status, _, error) = try await client.call(.post, "/api/v1/workouts", as: user, json: body)
                let message = error["error"]["message"].string ?? ""
                #expect(status == .badRequest, "\(body.prefix(120))")
                #expect(message.hasPrefix(field + ":"), "\(message) names \(field)")
            }
            #expect(try await list(client, user)["workouts"].count == 0, "nothing of a refused request is stored")
            for query in ["?from=yesterday", "?to=2026-02-30", "?page_size=0"] {
                #expect(try await client.call(.get, "/api/v1/workouts\(query)", as: user).0 == .badRequest, "\(query)")
            }
            #expect(
                try await client.call(.delete, "/api/v1/workouts/wo_x", as: user, json: #"{"x":1}"#).0 == .badRequest)
        }
    }

    static func isolation(_ server: TestServer) async throws {
        let user = try await server.user()
        let other = try await server.user()
        try await server.test { client in
            let workout = #"{"start":"2026-11-20T07:00:00Z","end":"2026-11-20T07:30:00Z","activity":"Run"}"#
            #expect(try await post(client, user, [workout]).0 == .created)
            let id = try #require(try await list(client, user)["workouts"][0]["id"].string)
            #expect(try await list(client, other)["workouts"].count == 0)
            #expect(try await client.call(.delete, "/api/v1/workouts/\(id)", as: other).0 == .noContent)
            #expect(try await list(client, user)["workouts"].count == 1, "another user's delete touches nothing")
            #expect(try await post(client, other, [workout]).0 == .created)
            let theirs = try #require(try await list(client, other)["workouts"][0]["id"].string)
            #expect(theirs != id, "ids are per user")
        }
    }

    static func sealed(_ server: TestServer) async throws {
        let user = try await server.user()
        let marker = "Sealed-Activity-\(UUID().uuidString.prefix(8))"
        try await server.test { client in
            let workout =
                #"{"start":"2026-11-20T07:00:00Z","end":"2026-11-20T07:30:00Z","activity":"\#(marker)","distance":4321.0625}"#
            let (status, _) = try await post(client, user, [workout])
            #expect(status == .created)
        }
        let cells = try await AccountContract.everyCell(server.store)
        #expect(cells.contains { $0.table == "workouts" }, "the row is there")
        #expect(!cells.contains { $0.cell.contains(marker) || $0.cell.contains("4321.0625") }, "sealed at rest")
        let row = try #require(try await server.store.engine.query("SELECT id, body FROM workouts").first)
        let id = try row.text("id")
        #expect(!id.contains(marker))
        #expect(throws: SealedValueError.self, "bound to its row") {
            try server.store.cipher.open(
                try row.blob("body"), for: WorkoutSQLRepository.workoutField("wo_other", user.id))
        }
        #expect(
            try server.store.cipher.open(try row.blob("body"), for: WorkoutSQLRepository.workoutField(id, user.id))
                .contains(marker))
    }

    static func ranges(_ server: TestServer) async throws {
        let user = try await server.user()
        let workouts = (1...5).map { day in
            #"{"start":"2026-11-0\#(day)T23:30:00Z","end":"2026-11-0\#(day)T23:59:00Z","activity":"Run"}"#
        }
        try await server.test { client in
            #expect(try await post(client, user, workouts).0 == .created)
            let starts = { (page: JSONValue) in
                (0..<page["workouts"].count).compactMap { page["workouts"][$0]["start"].string }
            }
            #expect(
                starts(try await list(client, user, "?from=2026-11-02&to=2026-11-03"))
                    == ["2026-11-02T23:30:00Z", "2026-11-03T23:30:00Z"], "dates include their whole UTC day")
            #expect(
                starts(try await list(client, user, "?from=2026-11-02T23:30:00Z&to=2026-11-04T00:30:00%2B01:00"))
                    == ["2026-11-02T23:30:00Z", "2026-11-03T23:30:00Z"], "instants, both included")
            let second = try await list(client, user, "?page=2&page_size=2")
            #expect(starts(second) == ["2026-11-03T23:30:00Z", "2026-11-04T23:30:00Z"])
            #expect(second["pagination"]["total_count"] == .int(5) && second["pagination"]["has_next"] == .bool(true))
            #expect(starts(try await list(client, user, "?page=4&page_size=2")) == [])
        }
        let from = try #require(Timestamp(parsing: "2026-11-04T00:00:00Z"))
        #expect(try await server.store.workouts.all(for: user.id, from: from.seconds * 1000).count == 2)
        #expect(try await server.store.workouts.all(for: user.id, to: from.seconds * 1000).count == 3)
    }

    /// A reply's data queries: recorded sealed, shown on the message (and `[]` on others).
    static func dataQueries(_ server: TestServer) async throws {
        let store = server.store
        let user = try await server.user(days: 5)
        let other = try await server.user()
        let marker = "Query-Marker-\(UUID().uuidString.prefix(8))"
        let queries = try JSONParser.parse(
            Array(
                #"""
                [{"query":{"table":"sessions","activity":"\#(marker)","reduce":"count","window":{"last_days":14}},
                  "result":{"value":12,"unit":null,"rows":12,"days":9,"from_date":"2026-10-03","to_date":"2026-10-17"}},
                 {"query":{"table":"daily","metric":"steps","reduce":"mean"},
                  "result":{"value":8123.5,"unit":"steps","rows":5,"days":5,"from_date":null,"to_date":null}}]
                """#.utf8))
        try await server.test { client in
            let (created, _, consultation) = try await client.call(
                .post, "/api/v1/consultations", as: user, json: #"{"persona":"fitness_coach","title":"runs"}"#)
            #expect(created == .created)
            let consultationId = try #require(consultation["data"]["id"].string)
            let path = "/api/v1/consultations/\(consultationId)/messages"
            let (sent, _, exchange) = try await client.call(
                .post, path, as: user, json: #"{"content":"How many runs?"}"#)
            #expect(sent == .created)
            #expect(exchange["data"]["messages"][1]["data_queries"] == .array([]), "the reply's answer has the member")
            let replyId = try #require(exchange["data"]["messages"][1]["id"].string)

            #expect(try await store.consultations.recordDataQueries(ofMessage: replyId, userId: user.id, queries))
            #expect(
                try await store.consultations.recordDataQueries(ofMessage: replyId, userId: other.id, queries) == false)
            await #expect(throws: WellnessError.self) {
                try await store.consultations.recordDataQueries(
                    ofMessage: replyId, userId: user.id, .object(JSONObject()))
            }
            let messages = try await client.call(.get, path, as: user).2["data"]["messages"]
            #expect(messages[0]["data_queries"] == .array([]))
            #expect(messages[1]["data_queries"] == queries)
            #expect(messages[1]["data_queries"][0]["result"]["value"] == .int(12))

            // An empty array records nothing: the queries stay as they were.
            #expect(try await store.consultations.recordDataQueries(ofMessage: replyId, userId: user.id, .array([])))
            #expect(try await client.call(.get, path, as: user).2["data"]["messages"][1]["data_queries"] == queries)

            let export = try await AccountContract.export(client, user).2
            #expect(export.contains(marker), "the export holds the queries")
        }
        let sealed = try #require(
            try await store.engine.query("SELECT data_queries FROM messages WHERE data_queries IS NOT NULL").first?
                .blob("data_queries"))
        #expect(!String(decoding: sealed, as: UTF8.self).contains(marker), "sealed at rest")
        #expect(!(try await AccountContract.everyCell(store)).contains { $0.cell.contains(marker) })
    }
}

@Suite struct SQLiteWorkoutsTests {
    @Test(arguments: WorkoutsContract.allCases)
    func workouts(_ contract: WorkoutsContract) async throws {
        try await contract.run(on: .sqlite)
    }
}

@Suite(
    .enabled(
        if: TestEngine.postgresURL != nil,
        "skipped: WELLNESS_TEST_POSTGRES_URL is not set (e2e/server/postgres.sh run swift test ... sets it)"))
struct PostgresWorkoutsTests {
    @Test(arguments: WorkoutsContract.allCases)
    func workouts(_ contract: WorkoutsContract) async throws {
        try await contract.run(on: .postgres)
    }
}
