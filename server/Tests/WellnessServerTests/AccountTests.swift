import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WellnessKitCore

@testable import WellnessServer

/// Data subject requests (`GET /api/v1/account/export`, `DELETE
/// /api/v1/account`, ``Store/eraseUser(_:)``), run against every engine
/// (``SQLiteAccountTests``, ``PostgresAccountTests``): each case on a fresh
/// server and database.
enum AccountContract: String, CaseIterable, Sendable, CustomStringConvertible {
    case theExportHoldsEveryMarkerAndNothingOfAnotherUser
    case theExportIsStreamedInPages
    case eraseAsksForAnAPIKey
    case eraseLeavesNoRowAndOtherUsersUnchanged
    case erasedCredentialsAreRefusedOnEveryInstance
    case eraseDuringInFlightRequestsIsClean
    case aCopyMadeBeforeEraseOpensNothingOfTheirs
    case anEraseWhoseKeyStoreFailsErasesNothingAndIs503
    case anInterruptedErasureIsFinished
    case anEraseByAnotherProcessIsRefusedAtOnce

    var description: String { rawValue }

    func run(on engine: TestEngine) async throws {
        let server = try await TestServer.make(engine) { configuration in
            // The key store's lock is waited for this long on PostgreSQL (SQLite's busy timeout is 5 s).
            if self == .anEraseWhoseKeyStoreFailsErasesNothingAndIs503 { configuration.databaseTimeout = .seconds(2) }
        }
        switch self {
        case .theExportHoldsEveryMarkerAndNothingOfAnotherUser: try await Self.exportHoldsMarkers(server)
        case .theExportIsStreamedInPages: try await Self.exportInPages(server)
        case .eraseAsksForAnAPIKey: try await Self.confirmation(server)
        case .eraseLeavesNoRowAndOtherUsersUnchanged: try await Self.noRowLeft(server)
        case .erasedCredentialsAreRefusedOnEveryInstance: try await Self.refusedEverywhere(server)
        case .eraseDuringInFlightRequestsIsClean: try await Self.inFlight(server)
        case .aCopyMadeBeforeEraseOpensNothingOfTheirs: try await Self.copyBeforeErase(server)
        case .anEraseWhoseKeyStoreFailsErasesNothingAndIs503: try await Self.keyStoreDown(server)
        case .anInterruptedErasureIsFinished: try await Self.interrupted(server)
        case .anEraseByAnotherProcessIsRefusedAtOnce: try await Self.erasedByAnotherProcess(server)
        }
        await server.store.shutdown()
    }

    /// Writes, through the API, a profile, check-ins, a workout, a goal, a
    /// consultation with a message, and reads and favourites an insight;
    /// returns the strings the export must hold.
    static func writeMarkedData(
        _ client: any TestClientProtocol, _ user: TestServer.User, marker: String, number: Int = 1
    ) async throws -> [String] {
        let height = "18\(number).125"
        let weight = "7\(number).375"
        #expect(
            try await client.call(
                .put, "/api/v1/profile", as: user,
                json: #"{"age":41,"height_cm":\#(height),"weight_kg":\#(weight)}"#
            ).0 == .ok)
        let steps = (1...3).map { day in "\(number)00\(day).0625" }
        let checkins = (1...3).map { day in
            #"{"date":"2025-03-0\#(day)","steps":\#(steps[day - 1]),"sleep_hours":7.5,"mood":7,"workouts":1}"#
        }
        #expect(
            try await client.call(
                .post, "/api/v1/checkins", as: user, json: #"{"checkins":[\#(checkins.joined(separator: ","))]}"#
            ).0 == .created)
        let workout = #"{"start":"2025-03-01T07:00:00Z","end":"2025-03-01T07:40:00Z","activity":"\#(marker) ride"}"#
        #expect(
            try await client.call(.post, "/api/v1/workouts", as: user, json: #"{"workouts":[\#(workout)]}"#).0
                == .created)
        let heartRate = "5\(number).4375"
        #expect(
            try await client.call(
                .post, "/api/v1/daily-metrics", as: user,
                json: #"{"days":[{"date":"2025-03-01","resting_heart_rate":\#(heartRate)}]}"#
            ).0 == .created)
        let goal = #"""
            {"title":"\#(marker) goal","description":"\#(marker) why","goal_type":"activity",
             "start_date":"2025-01-01","is_recurring":false}
            """#
        #expect(try await client.call(.post, "/api/v1/goals", as: user, json: goal).0 == .created)
        let (created, _, consultation) = try await client.call(
            .post, "/api/v1/consultations", as: user,
            json: #"{"persona":"sleep_coach","title":"\#(marker) consultation"}"#)
        #expect(created == .created)
        let consultationId = try #require(consultation["data"]["id"].string)
        #expect(
            try await client.call(
                .post, "/api/v1/consultations/\(consultationId)/messages", as: user,
                json: #"{"content":"\#(marker) message"}"#
            ).0 == .created)
        let insights = try await client.call(.get, "/api/v1/insights", as: user).2
        let insightId = try #require(insights["data"]["insights"][0]["id"].string)
        #expect(
            try await client.call(
                .patch, "/api/v1/insights/\(insightId)", as: user, json: #"{"is_read":true,"is_favorite":true}"#
            ).0 == .ok)
        return [
            "\(marker) ride", "\(marker) goal", "\(marker) why", "\(marker) consultation", "\(marker) message", height,
            weight, heartRate,
        ] + steps + [
            insightId, consultationId,
        ]
    }

    /// The export, as the route streams it.
    static func export(_ client: any TestClientProtocol, _ user: TestServer.User) async throws
        -> (HTTPResponse.Status, HTTPFields, String)
    {
        try await client.execute(uri: "/api/v1/account/export", method: .get, headers: user.headers, body: nil) {
            ($0.status, $0.headers, String(buffer: $0.body))
        }
    }

    static func exportHoldsMarkers(_ server: TestServer) async throws {
        let user = try await server.user(days: 20, name: "Marker-Name-\(UUID().uuidString.prefix(6))")
        let other = try await server.user(days: 20, name: "Other-Name-\(UUID().uuidString.prefix(6))")
        let marker = "Export-Marker-\(UUID().uuidString.prefix(8))"
        let otherMarker = "Other-Marker-\(UUID().uuidString.prefix(8))"
        try await server.test { client in
            let expected = try await writeMarkedData(client, user, marker: marker)
            let foreign = try await writeMarkedData(client, other, marker: otherMarker, number: 2)
            let (status, headers, text) = try await export(client, user)
            #expect(status == .ok)
            #expect(headers[.contentDisposition]?.hasPrefix("attachment; filename=") == true)
            #expect(headers[.contentType] == "application/json")
            let document = try JSONParser.parse(Array(text.utf8))
            #expect(document["complete"] == .bool(true))
            #expect(document["user"]["id"].string == user.id)
            #expect(text.contains(try #require(try await server.store.accounts.name(of: user.id))))
            for value in expected { #expect(text.contains(value), "the export holds \(value)") }
            for value in foreign + [other.id, otherMarker] {
                #expect(!text.contains(value), "the export holds another user's \(value)")
            }
            #expect(!text.contains(user.apiKey), "never a key")
            #expect(document["api_keys"][0]["prefix"].string == String(user.apiKey.prefix(8)))
            #expect(document["checkins"].count == 23)
            var everything = InsightQuery()
            everything.archivedStatus = nil
            let insights = try await server.store.insights.list(for: user.id, query: everything)
            #expect(document["insights"].count == insights.pagination.totalCount)
            let favourites = (0..<document["insights"].count).map { document["insights"][$0] }
                .filter { $0["is_favorite"] == .bool(true) }
            #expect(favourites.count == 1)
            #expect(favourites.first?["is_read"] == .bool(true))
            let messages = document["consultations"][0]["messages"]
            #expect(
                favourites.first.map { $0["generation"] == .null || $0["generation"]["source"].string != nil } == true)
            #expect(messages.count == 2 && messages[1]["generation"]["source"].string == "rules")
            #expect(messages[1]["data_queries"] == .array([]))
            #expect(document["workouts"].count == 1)
            #expect(document["daily_metrics"].count == 1)
            #expect(document["goals"].count == 1)
        }
    }

    /// More rows than one statement reads, on every paged list: all exported, in order, once.
    static func exportInPages(_ server: TestServer) async throws {
        let store = server.store
        let user = try await server.user(days: Int(Store.exportPageSize) * 2 + 17)
        for index in 0..<(Store.exportPageSize + 3) {
            _ = try await store.goals.create(try StoreContract.goal("goal \(index)"), for: user.id)
        }
        // Starts in the reverse of their ids' order, some equal: the pages follow (start, id).
        let workouts = (0..<(Store.exportPageSize + 3)).map { index in
            WorkoutRecord(start: (1_000 - index / 2) * 60_000, end: 100_000_000, activity: "a\(index)")
        }
        try await store.workouts.upsert(workouts, for: user.id)
        let consultation = try await store.consultations.create(
            CreateConsultationRequest(persona: .sleepCoach, title: "long"), for: user.id)
        for index in 0..<(Store.exportPageSize / 2 + 5) {
            _ = try await store.consultations.append(
                [(.user, "q\(index)", []), (.assistant, "a\(index)", [])], to: consultation)
        }
        let chunks = ChunkCounter()
        var bytes: [UInt8] = []
        #expect(
            try await store.exportAccount(user.id) { chunk in
                chunks.add()
                bytes += chunk
            })
        #expect(chunks.count > 1, "written in chunks")
        let document = try JSONParser.parse(bytes)
        #expect(document["checkins"].count == Int(Store.exportPageSize) * 2 + 17)
        #expect(document["goals"].count == Int(Store.exportPageSize) + 3)
        let messages = document["consultations"][0]["messages"]
        #expect(messages.count == Int(Store.exportPageSize) + 10)
        #expect(messages[0]["content"].string == "q0" && messages[messages.count - 1]["content"].string == "a104")
        let exported = (0..<document["workouts"].count).compactMap { document["workouts"][$0]["activity"].string }
        #expect(exported.count == workouts.count && Set(exported) == Set(workouts.map(\.activity)))
        #expect(exported == (try await store.workouts.all(for: user.id)).map(\.activity), "oldest first, as listed")
        let dates = (0..<document["checkins"].count).compactMap { document["checkins"][$0]["date"].string }
        #expect(dates == dates.sorted() && Set(dates).count == dates.count)
        #expect(try await store.exportAccount("usr_missing") { _ in Issue.record("wrote for nobody") } == false)
    }

    static func confirmation(_ server: TestServer) async throws {
        let user = try await server.user(days: 3)
        let other = try await server.user()
        let tokenOnly = TestServer.User(id: user.id, apiKey: "", token: user.token)
        try await server.test { client in
            #expect(try await client.call(.delete, "/api/v1/account", as: user).0 == .badRequest)
            let (missing, _, error) = try await client.call(.delete, "/api/v1/account", as: user, json: "{}")
            #expect(missing == .badRequest && error["error"]["message"].string?.contains("api_key") == true)
            let (wrong, _, refusal) = try await client.call(
                .delete, "/api/v1/account", as: tokenOnly, json: #"{"api_key":"\#(other.apiKey)"}"#)
            #expect(wrong == .forbidden && refusal["error"]["code"].string == "CONFIRMATION_FAILED")
            #expect(try await server.store.userExists(user.id))
            let (erased, _, _) = try await client.call(
                .delete, "/api/v1/account", as: tokenOnly, json: #"{"api_key":"\#(user.apiKey)"}"#)
            #expect(erased == .noContent)
            let (again, _, _) = try await client.call(
                .delete, "/api/v1/account", as: user, json: #"{"api_key":"\#(user.apiKey)"}"#)
            #expect(again == .unauthorized, "the credentials went with the account")
            #expect(try await client.call(.get, "/api/v1/profile", as: other).0 == .ok)
        }
        #expect(try await server.store.eraseUser(user.id) == false, "a second erasure finds nobody")
    }

    /// Every cell of every table, as text (blobs as their bytes).
    static func everyCell(_ store: Store) async throws -> [(table: String, cell: String)] {
        let tables =
            store.engine.dialect == .postgres
            ? try await store.engine.query(
                "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'")
            : try await store.engine.query("SELECT name FROM sqlite_master WHERE type = 'table'")
        var cells: [(String, String)] = []
        for table in try tables.map({ try $0.text("name") }) {
            for row in try await store.engine.query("SELECT * FROM \(table)") {
                for value in row.values {
                    switch value {
                    case .text(let text): cells.append((table, text))
                    case .blob(let bytes): cells.append((table, String(decoding: bytes, as: UTF8.self)))
                    default: break
                    }
                }
            }
        }
        return cells
    }

    static func noRowLeft(_ server: TestServer) async throws {
        let store = server.store
        let user = try await server.user(days: 20)
        let other = try await server.user(days: 20)
        try await server.test { client in
            let ids = try await writeMarkedData(client, user, marker: "gone")
            _ = try await writeMarkedData(client, other, marker: "kept", number: 2)
            // Rows of every other kind: a second key, a revocation mark, a rate-limit bucket, an idempotency key.
            #expect(try await client.call(.post, "/api/v1/auth/keys", as: user).0 == .created)
            #expect(try await client.call(.post, "/api/v1/auth/revoke", as: user.withoutToken).0 == .ok)
            #expect(
                try await client.call(.post, "/api/v1/goals/suggestions", as: user.withoutToken, json: "{}").0 == .ok)
            var headers = user.withoutToken.headers
            headers[.idempotencyKey] = "k-1"
            try await client.execute(
                uri: "/api/v1/goals", method: .post, headers: headers,
                body: ByteBuffer(string: IdempotencyTests.goal)
            ) { #expect($0.status == .created) }
            try await store.addProviderTokens(120, for: user.id, day: 20_000)
            let before = try await export(client, other).2
            let consultationId = try #require(ids.last)
            let theirs = { (cells: [(table: String, cell: String)]) in
                cells.filter { $0.cell == user.id || $0.cell == consultationId }.map(\.table)
            }
            #expect(
                Set(theirs(try await everyCell(store))).isSuperset(
                    of: Store.userRows.map(\.table).filter { $0 != "messages" }),
                "the test writes a row of the user in every table")

            #expect(
                try await client.call(
                    .delete, "/api/v1/account", as: user.withoutToken, json: #"{"api_key":"\#(user.apiKey)"}"#
                ).0 == .noContent)
            #expect(theirs(try await everyCell(store)) == [], "no row names the user or their consultation")
            #expect(try await store.engine.query("SELECT 1 FROM messages").count == 2, "the other user's messages")
            let after = try await export(client, other).2
            #expect(Self.withoutTime(after) == Self.withoutTime(before), "the other user reads back unchanged")
        }
    }

    /// An export without its `exported_at`.
    static func withoutTime(_ text: String) -> JSONValue {
        guard case .object(var members) = (try? JSONParser.parse(Array(text.utf8))) ?? .null else { return .null }
        members.remove("exported_at")
        return .object(members)
    }

    /// Both instances remember the user's key and token (a 5 s cache); the
    /// erasure through one is refused by both as soon as it answers.
    static func refusedEverywhere(_ server: TestServer) async throws {
        let user = try await server.user(days: 3)
        let keyOnly = user.withoutToken
        let tokenOnly = TestServer.User(id: user.id, apiKey: "", token: user.token)
        // SQLite is served by one process: its second "instance" is the same one.
        let instances =
            server.engine == .postgres
            ? [server, server.sharing(try await server.reopen())] : [server]
        if server.engine == .postgres {
            // Listening takes a moment after start-up; until then nothing is cached at all.
            try await Task.sleep(for: .milliseconds(500))
        }
        try await withTestClients(instances) { (clients: [any TestClientProtocol]) async throws in
            for client in clients {
                #expect(try await client.call(.get, "/api/v1/profile", as: keyOnly).0 == .ok)
                #expect(try await client.call(.get, "/api/v1/profile", as: tokenOnly).0 == .ok)
            }
            #expect(
                try await clients[0].call(
                    .delete, "/api/v1/account", as: keyOnly, json: #"{"api_key":"\#(user.apiKey)"}"#
                ).0 == .noContent)
            // Another instance forgets once its listener has heard the erasure's
            // notice, which the erasing instance waited for too: a request sent in
            // the same moment may still pass (docs/SERVER.md), so the other
            // instance is given until its first refusal, at most 2 s; from then
            // on everything of the user is refused there as here.
            for client in clients.dropFirst() {
                let deadline = ContinuousClock.now + .seconds(2)
                while try await client.call(.get, "/api/v1/profile", as: keyOnly).0 != .unauthorized {
                    guard ContinuousClock.now < deadline else {
                        Issue.record("another instance still accepts the erased user's key after 2 s")
                        break
                    }
                    try await Task.sleep(for: .milliseconds(10))
                }
            }
            for client in clients {
                for caller in [keyOnly, tokenOnly] {
                    for uri in ["/api/v1/profile", "/api/v1/insights", "/api/v1/checkins"] {
                        #expect(try await client.call(.get, uri, as: caller).0 == .unauthorized, "\(uri)")
                    }
                    #expect(try await client.call(.post, "/api/v1/auth/token", as: caller).0 == .unauthorized)
                }
            }
        }
        if instances.count > 1 { await instances[1].store.shutdown() }
    }

    /// Runs `body` with a test client of each server's router, all at once.
    static func withTestClients(
        _ servers: [TestServer], after clients: [any TestClientProtocol] = [],
        body: @escaping @Sendable ([any TestClientProtocol]) async throws -> Void
    ) async throws {
        guard let first = servers.first else { return try await body(clients) }
        try await first.test { client in
            try await withTestClients(Array(servers.dropFirst()), after: clients + [client], body: body)
        }
    }

    /// Writes of every kind race with the erasure: none answers 500, and
    /// nothing of the user is left once all have answered.
    static func inFlight(_ server: TestServer) async throws {
        let store = server.store
        let user = try await server.user(days: 30)
        let keyOnly = user.withoutToken
        try await server.test { client in
            let consultation =
                try await client.call(
                    .post, "/api/v1/consultations", as: keyOnly, json: #"{"persona":"sleep_coach"}"#
                ).2["data"]["id"].string ?? "missing"
            let statuses = try await withThrowingTaskGroup(of: [HTTPResponse.Status].self) { group in
                for worker in 0..<6 {
                    group.addTask {
                        var statuses: [HTTPResponse.Status] = []
                        for round in 0..<15 {
                            let day = String(format: "%02d", round % 28 + 1)
                            let (uri, method, body): (String, HTTPRequest.Method, String) =
                                switch (worker + round) % 6 {
                                case 0:
                                    (
                                        "/api/v1/checkins", .post,
                                        #"{"checkins":[{"date":"2024-01-\#(day)","steps":5000}]}"#
                                    )
                                case 1: ("/api/v1/profile", .put, #"{"age":30}"#)
                                case 2: ("/api/v1/goals", .post, IdempotencyTests.goal)
                                case 3: ("/api/v1/consultations/\(consultation)/messages", .post, #"{"content":"hi"}"#)
                                case 4: ("/api/v1/insights/generate", .post, "{}")
                                default: ("/api/v1/goals/suggestions", .post, "{}")
                                }
                            var headers = keyOnly.headers
                            headers[.idempotencyKey] = "w\(worker)-r\(round)"
                            let status = try await client.execute(
                                uri: uri, method: method, headers: headers, body: ByteBuffer(string: body)
                            ) { $0.status }
                            statuses.append(status)
                        }
                        return statuses
                    }
                }
                group.addTask {
                    try await Task.sleep(for: .milliseconds(30))
                    let (status, _, _) = try await client.call(
                        .delete, "/api/v1/account", as: keyOnly, json: #"{"api_key":"\#(user.apiKey)"}"#)
                    return [status]
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0 += $1 }
            }
            #expect(!statuses.contains { $0.code >= 500 }, "\(statuses.filter { $0.code >= 500 })")
            #expect(statuses.contains(.noContent))
            #expect(statuses.contains(.unauthorized), "some requests came after the erasure")
        }
        let left = try await everyCell(store).filter { $0.cell == user.id }.map(\.table)
        #expect(left == [], "rows written after the erasure: \(left)")
    }
}

extension AccountContract {
    /// Every sealed value of `user` that a copy of the data database holds, with where it belongs.
    static func sealedValues(of user: String, in store: Store) async throws -> [(SealedField, [UInt8])] {
        var values: [(SealedField, [UInt8])] = []
        let reads: [(sql: String, field: (SQLRow) throws -> SealedField, column: String)] = [
            (
                "SELECT id, name FROM users WHERE id = ?",
                { SealedField(table: "users", column: "name", row: try $0.text("id"), user: user) }, "name"
            ),
            ("SELECT body FROM profiles WHERE user_id = ?", { _ in ProfileSQLRepository.profileField(user) }, "body"),
            (
                "SELECT date, body FROM checkins WHERE user_id = ?",
                { SealedField(table: "checkins", column: "body", row: try $0.text("date"), user: user) }, "body"
            ),
            (
                "SELECT id, title FROM insights WHERE user_id = ?",
                { InsightSQLRepository.insightField("title", try $0.text("id"), user) }, "title"
            ),
            (
                "SELECT id, body FROM goals WHERE user_id = ?",
                { GoalSQLRepository.goalField(try $0.text("id"), user) }, "body"
            ),
            (
                "SELECT id, body FROM workouts WHERE user_id = ?",
                { WorkoutSQLRepository.workoutField(try $0.text("id"), user) },
                "body"
            ),
            (
                "SELECT date, body FROM daily_metrics WHERE user_id = ?",
                { DailyMetricsSQLRepository.dailyMetricsField(user, try $0.text("date")) }, "body"
            ),
            (
                "SELECT id, body FROM consultations WHERE user_id = ?",
                { SealedField(table: "consultations", column: "body", row: try $0.text("id"), user: user) }, "body"
            ),
            (
                "SELECT m.id AS id, m.consultation_id AS cid, m.content AS content FROM messages m JOIN consultations c ON c.id = m.consultation_id WHERE c.user_id = ?",
                { ConsultationSQLRepository.messageField(try $0.text("cid"), try $0.text("id"), user) }, "content"
            ),
            (
                "SELECT m.id AS id, m.consultation_id AS cid, m.data_queries AS data_queries FROM messages m JOIN consultations c ON c.id = m.consultation_id WHERE c.user_id = ? AND m.data_queries IS NOT NULL",
                { ConsultationSQLRepository.dataQueriesField(try $0.text("cid"), try $0.text("id"), user) },
                "data_queries"
            ),
        ]
        for read in reads {
            for row in try await store.engine.query(read.sql, [.text(user)]) {
                values.append((try read.field(row), try row.blob(read.column)))
            }
        }
        return values
    }

    /// A copy of the data database taken before the erasure (SQLite: the file;
    /// both engines: every sealed value of the user, as a dump holds them),
    /// read after it with the server key and the key store as they are then,
    /// yields nothing of the erased user and everything of the other.
    static func copyBeforeErase(_ server: TestServer) async throws {
        let store = server.store
        let user = try await server.user(days: 10)
        let other = try await server.user(days: 10)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("wellness-copy-\(UUID().uuidString)")
        try await server.test { client in
            _ = try await writeMarkedData(client, user, marker: "erased", number: 1)
            _ = try await writeMarkedData(client, other, marker: "kept", number: 2)
        }
        for owner in [user.id, other.id] {
            let consultation = try #require(
                try await store.consultations.list(for: owner, archived: nil, page: 1, pageSize: 1).0.first)
            let reply = try #require(try await store.consultations.messages(of: consultation).last)
            let queries = JSONValue.array([
                .object(
                    JSONObject([("query", .object(JSONObject())), ("result", .object(JSONObject([("rows", .int(1))])))])
                )
            ])
            #expect(try await store.consultations.recordDataQueries(ofMessage: reply.id, userId: owner, queries))
        }
        let theirs = try await sealedValues(of: user.id, in: store)
        #expect(theirs.contains { $0.0.table == "workouts" } && theirs.contains { $0.0.column == "data_queries" })
        let kept = try await sealedValues(of: other.id, in: store)
        #expect(theirs.count > 15 && kept.count > 15)
        if server.engine == .sqlite {
            try await store.engine.query("PRAGMA wal_checkpoint(TRUNCATE)")
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: server.directory.appendingPathComponent("wellness.sqlite"),
                to: copy.appendingPathComponent("wellness.sqlite"))
        }
        #expect(try await store.eraseUser(user.id))

        // The server key and the key store as they are after the erasure, in a fresh process's memory.
        let keys = UserKeys(engine: store.userKeys.engine, server: store.cipher.server)
        let ciphers = UserCiphers(server: store.cipher.server, keys: keys)
        try await keys.load(user.id)
        try await keys.load(other.id)
        #expect(keys.cached(user.id) == nil, "the erased user's key is gone from the key store")
        for (field, sealed) in theirs {
            #expect(throws: SealedValueError.self) { try ciphers.open(sealed, for: field) }
            #expect(throws: SealedValueError.self, "not sealed with the server key") {
                try store.cipher.server.open(sealed, for: field)
            }
        }
        for (field, sealed) in kept { #expect(throws: Never.self) { try ciphers.open(sealed, for: field) } }

        guard server.engine == .sqlite else { return }
        let copied = try await Store.open(
            engine: try SQLiteEngine(path: copy.appendingPathComponent("wellness.sqlite").path),
            cipher: store.cipher.server, keyEngine: store.userKeys.engine)
        #expect(try await copied.userExists(user.id), "the copy still holds the rows")
        await #expect(throws: SealedValueError.self) { try await copied.accounts.name(of: user.id) }
        await #expect(throws: SealedValueError.self) { try await copied.checkIns.all(for: user.id) }
        #expect(try await copied.accounts.name(of: other.id) == (try await store.accounts.name(of: other.id)))
        #expect(try await copied.checkIns.all(for: other.id).count == 13)
        try? FileManager.default.removeItem(at: copy)
    }
}

/// Counts an export's chunks (written by one task at a time).
private final class ChunkCounter: @unchecked Sendable {
    private(set) var count = 0
    func add() { count += 1 }
}

extension TestServer {
    /// This server's configuration over another store (another instance on the same database).
    func sharing(_ other: Store) -> TestServer {
        TestServer(
            engine: engine, directory: directory, store: other, credentials: credentials,
            configuration: configuration, metrics: ServerMetrics())
    }
}

@Suite struct SQLiteAccountTests {
    @Test(arguments: AccountContract.allCases)
    func account(_ contract: AccountContract) async throws {
        try await contract.run(on: .sqlite)
    }
}

@Suite(
    .enabled(
        if: TestEngine.postgresURL != nil,
        "skipped: WELLNESS_TEST_POSTGRES_URL is not set (e2e/server/postgres.sh run swift test ... sets it)"))
struct PostgresAccountTests {
    @Test(arguments: AccountContract.allCases)
    func account(_ contract: AccountContract) async throws {
        try await contract.run(on: .postgres)
    }
}
