import Crypto
import Foundation
import Testing
import WellnessKitCore

@testable import WellnessServer

/// Databases of an earlier schema version are migrated at start-up and read
/// back as the earlier server wrote them. The version-4 database is
/// `Fixtures/schema-v4.sqlite`, written through the API of the last server of
/// version 4, with what that server answered to reads of it
/// (`Fixtures/schema-v4.json`, both made by `Fixtures/make-schema-v4.py`).
/// The version-6 database (`schema-v6.*`, the version before per-user data
/// keys) was made by the same script from the last server of version 6.
struct SchemaMigrationCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// The key the fixture is sealed with: bytes 0 to 31.
    static let key = Data((0..<32).map { UInt8($0) })

    struct Read {
        let path: String
        let status: Int
        let body: Any
    }

    /// The fixture's API key and the reads its server answered.
    static func recorded(version: Int = 4) throws -> (apiKey: String, reads: [Read]) {
        let data = try Data(contentsOf: fixtures.appendingPathComponent("schema-v\(version).json"))
        guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let apiKey = document["api_key"] as? String, let reads = document["reads"] as? [[String: Any]]
        else {
            throw SQLFailure("schema-v4.json is not the fixture's shape")
        }
        return (
            apiKey,
            try reads.map { read in
                guard let path = read["path"] as? String, let status = read["status"] as? Int, let body = read["body"]
                else {
                    throw SQLFailure("a read of schema-v4.json is not the fixture's shape")
                }
                return Read(path: path, status: status, body: body)
            }
        )
    }

    /// A data directory holding the fixture's key and, for SQLite, its
    /// database; for PostgreSQL, a new database holding the fixture's rows.
    static func versionFourServer(_ engine: TestEngine, version: Int = 4) async throws -> ServerConfiguration {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wellness-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let keyFile = directory.appendingPathComponent("encryption.key")
        try key.write(to: keyFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
        let database = directory.appendingPathComponent("wellness.sqlite")
        try FileManager.default.copyItem(
            at: fixtures.appendingPathComponent("schema-v\(version).sqlite"), to: database)
        var configuration = ServerConfiguration(dataDirectory: directory)
        configuration.databaseConnections = 4
        if engine == .postgres {
            let url = try await TestEngine.newPostgresDatabase()
            try await copyRows(from: database.path, to: url)
            try FileManager.default.removeItem(at: database)
            configuration.databaseURL = url
        }
        return configuration
    }

    /// The tables of version 4, parents before children.
    private static let versionFourTables = [
        "users", "profiles", "checkins", "insights", "api_keys", "goals", "consultations", "messages", "list_counts",
        "list_versions", "rate_limits", "schedules", "idempotency_keys", "meta",
    ]

    /// Creates the tables of version 4 in the PostgreSQL database at `url` and copies every row of the SQLite file.
    private static func copyRows(from path: String, to url: String) async throws {
        let source = try SQLiteEngine(path: path)
        let target = try PostgresEngine(url: url, maximumConnections: 1)
        defer { Task { await target.shutdown() } }
        guard let versionFour = Schema.migrations.first(where: { $0.version == 4 }) else {
            throw SQLFailure("no migration of version 4")
        }
        try await target.transaction { session in try await versionFour.apply(on: session, dialect: .postgres) }
        for table in versionFourTables {
            for row in try await source.query("SELECT * FROM \(table)") {
                let names = row.columns.names
                try await target.query(
                    """
                    INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))
                    """, row.values)
            }
        }
    }

    /// Equality of two documents of `JSONSerialization`, whatever the order of their objects' members.
    static func sameJSON(_ lhs: Any, _ rhs: Any) -> Bool {
        switch (lhs, rhs) {
        case (let left as [String: Any], let right as [String: Any]):
            return left.count == right.count
                && left.allSatisfy { key, value in right[key].map { sameJSON(value, $0) } ?? false }
        case (let left as [Any], let right as [Any]):
            return left.count == right.count && zip(left, right).allSatisfy { sameJSON($0, $1) }
        case (let left as String, let right as String):
            return left == right
        case (is NSNull, is NSNull):
            return true
        default:
            guard let left = number(lhs), let right = number(rhs) else { return false }
            return left == right
        }
    }

    /// Members added to the API since the fixture was written, at their value for data from before:
    /// a message's `data_queries` (version 8), empty; a profile's `time_zone` and `first_weekday`
    /// (version 10), UTC and Monday.
    static func withoutAddedMembers(_ value: Any) -> Any {
        switch value {
        case let object as [String: Any]:
            return object.filter { key, member in
                !(key == "data_queries" && (member as? [Any])?.isEmpty == true)
                    && !(key == "time_zone" && member as? String == "UTC")
                    && !(key == "first_weekday" && number(member) == 2)
            }
            .mapValues(withoutAddedMembers)
        case let array as [Any]:
            return array.map(withoutAddedMembers)
        default:
            return value
        }
    }

    private static func number(_ value: Any) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        if let number = value as? Int { return Double(number) }
        if let number = value as? Double { return number }
        if let flag = value as? Bool { return flag ? 1 : 0 }
        return nil
    }
}

@Suite struct MigrationTests {
    private func migratesVersionFour(on engine: TestEngine) async throws {
        let configuration = try await SchemaMigrationCase.versionFourServer(engine)
        let (store, credentials) = try await WellnessApplication.openStore(configuration, environment: [:])
        defer { Task { await store.shutdown() } }
        let version = try await store.engine.query("SELECT value FROM meta WHERE name = 'schema_version'").first?.blob(
            "value")
        #expect(version.map { String(decoding: $0, as: UTF8.self) } == String(Schema.version))

        let (apiKey, reads) = try SchemaMigrationCase.recorded()
        let userId = try #require(try await store.userId(forAPIKey: apiKey))
        let user = TestServer.User(id: userId, apiKey: apiKey, token: "")
        let server = TestServer(
            engine: engine, directory: configuration.dataDirectory, store: store,
            credentials: credentials, configuration: configuration, metrics: ServerMetrics())
        try await server.test { client in
            for read in reads {
                let (status, _, body) = try await client.call(.get, read.path, as: user)
                let answered = SchemaMigrationCase.withoutAddedMembers(
                    try JSONSerialization.jsonObject(with: Data(try JSONWriter.bytes(body))))
                #expect(Int(status.code) == read.status, "\(read.path)")
                #expect(SchemaMigrationCase.sameJSON(answered, read.body), "\(read.path) reads back differently")
            }
        }

        // The rate-limit buckets moved with their tokens, by scope and subject.
        let buckets = try await store.engine.query("SELECT scope, subject FROM rate_limit_buckets ORDER BY scope")
        #expect(try buckets.map { try $0.text("scope") } == ["messages", "suggestions"])
        #expect(try buckets.allSatisfy { try $0.text("subject") == userId })

        // Writes after the migration keep the recounted totals.
        let page = try await store.insights.list(for: userId, query: InsightQuery())
        let first = try #require(page.insights.first)
        _ = try await store.insights.update(
            first.id, for: userId, with: UpdateInsightRequest(isRead: nil, isFavorite: true, isArchived: nil))
        var favorites = InsightQuery()
        favorites.favoritesOnly = true
        let before = reads.first { $0.path == "/api/v1/insights?favorites_only=true" }
        let beforeTotal = ((before?.body as? [String: Any])?["data"] as? [String: Any])
            .flatMap { ($0["pagination"] as? [String: Any])?["total_count"] as? Int }
        let expected = (beforeTotal ?? -1) + (first.isFavorite ? 0 : 1)
        #expect(try await store.insights.list(for: userId, query: favorites).pagination.totalCount == expected)
    }

    /// A database of today's version before per-user keys: every value is
    /// sealed again under its user's key, reads answer as before, and the
    /// server key alone no longer opens any of them.
    @Test func aVersionSixDatabaseIsResealedUnderPerUserKeysAndReadsBackAsWritten() async throws {
        let configuration = try await SchemaMigrationCase.versionFourServer(.sqlite, version: 6)
        let cipher = FieldCipher(key: SymmetricKey(data: SchemaMigrationCase.key))
        let database = configuration.dataDirectory.appendingPathComponent("wellness.sqlite").path
        let before = try await Self.sealedNames(SQLiteEngine(path: database))
        #expect(before.count == 1)
        for (user, sealed) in before {
            #expect(
                try cipher.open(sealed, for: SealedField(table: "users", column: "name", row: user, user: user)) != "")
        }

        let (store, credentials) = try await WellnessApplication.openStore(configuration, environment: [:])
        let (apiKey, reads) = try SchemaMigrationCase.recorded(version: 6)
        let userId = try #require(try await store.userId(forAPIKey: apiKey))
        let user = TestServer.User(id: userId, apiKey: apiKey, token: "")
        let server = TestServer(
            engine: .sqlite, directory: configuration.dataDirectory, store: store,
            credentials: credentials, configuration: configuration, metrics: ServerMetrics())
        try await server.test { client in
            for read in reads {
                let (status, _, body) = try await client.call(.get, read.path, as: user)
                let answered = SchemaMigrationCase.withoutAddedMembers(
                    try JSONSerialization.jsonObject(with: Data(try JSONWriter.bytes(body))))
                #expect(Int(status.code) == read.status, "\(read.path)")
                #expect(SchemaMigrationCase.sameJSON(answered, read.body), "\(read.path) reads back differently")
            }
        }
        #expect(try await store.userKeys.storedCount() == 1)
        for (user, sealed) in try await Self.sealedNames(store.engine) {
            let field = SealedField(table: "users", column: "name", row: user, user: user)
            #expect(throws: SealedValueError.self, "re-sealed: the server key alone opens nothing") {
                try cipher.open(sealed, for: field)
            }
            #expect(try store.cipher.open(sealed, for: field) != "")
        }
        let body = try #require(try await store.engine.query("SELECT body FROM checkins LIMIT 1").first?.blob("body"))
        #expect(!body.isEmpty)
        await store.shutdown()

        // Without the key store, the server refuses to start rather than seal new data under new keys.
        try FileManager.default.removeItem(at: configuration.dataDirectory.appendingPathComponent("user-keys.sqlite"))
        await #expect(throws: ConfigurationError.self) {
            _ = try await WellnessApplication.openStore(configuration, environment: [:])
        }
    }

    private static func sealedNames(_ engine: any SQLEngine) async throws -> [(String, [UInt8])] {
        try await engine.query("SELECT id, name FROM users").map { (try $0.text("id"), try $0.blob("name")) }
    }

    @Test func aVersionFourDatabaseOnSQLiteIsMigratedAndReadsBackAsWritten() async throws {
        try await migratesVersionFour(on: .sqlite)
    }

    @Test(
        .enabled(
            if: TestEngine.postgresURL != nil,
            "skipped: WELLNESS_TEST_POSTGRES_URL is not set (e2e/server/postgres.sh run swift test ... sets it)"))
    func aVersionFourDatabaseOnPostgreSQLIsMigratedAndReadsBackAsWritten() async throws {
        try await migratesVersionFour(on: .postgres)
    }

    @Test func instancesStartingTogetherOnSQLiteMigrateOnce() async throws {
        try await migratesOnce(on: .sqlite)
    }

    @Test(
        .enabled(
            if: TestEngine.postgresURL != nil,
            "skipped: WELLNESS_TEST_POSTGRES_URL is not set (e2e/server/postgres.sh run swift test ... sets it)"))
    func instancesStartingTogetherOnPostgreSQLMigrateOnce() async throws {
        try await migratesOnce(on: .postgres)
    }

    /// Instances starting together on one database migrate it once: the
    /// counts are recounted once, not once per instance.
    private func migratesOnce(on engine: TestEngine) async throws {
        let configuration = try await SchemaMigrationCase.versionFourServer(engine)
        let cipher = FieldCipher(key: SymmetricKey(data: SchemaMigrationCase.key))
        // One key store for the three (a SQLite file is one process's): three engines converting a new
        // file to WAL at once could be refused "database is locked".
        let keys: (any SQLEngine)? =
            configuration.databaseURL == nil
            ? try SQLiteEngine(path: configuration.dataDirectory.appendingPathComponent("user-keys.sqlite").path)
            : nil
        let stores = try await withThrowingTaskGroup(of: Store.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    let engine: any SQLEngine =
                        try configuration.databaseURL.map { try PostgresEngine(url: $0) }
                        ?? SQLiteEngine(
                            path: configuration.dataDirectory.appendingPathComponent("wellness.sqlite").path)
                    return try await Store.open(engine: engine, cipher: cipher, keyEngine: keys ?? engine)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let store = try #require(stores.first)
        let counted = try await store.engine.query("SELECT CAST(SUM(n) AS BIGINT) AS n FROM insight_counts").first?
            .integer("n")
        let rows = try await store.engine.query("SELECT COUNT(*) AS n FROM insights").first?.integer("n")
        #expect(counted == rows && rows != nil && rows != 0)
        for store in stores { await store.shutdown() }
    }

    @Test func aVersionSevenDatabaseOnSQLiteGainsWorkoutsAndDataQueries() async throws {
        try await migratesVersionSeven(on: .sqlite)
    }

    @Test(
        .enabled(
            if: TestEngine.postgresURL != nil,
            "skipped: WELLNESS_TEST_POSTGRES_URL is not set (e2e/server/postgres.sh run swift test ... sets it)"))
    func aVersionSevenDatabaseOnPostgreSQLGainsWorkoutsAndDataQueries() async throws {
        try await migratesVersionSeven(on: .postgres)
    }

    /// A database of version 7 (written by this server, then version 8's and
    /// 9's changes undone) gains the workouts table and the messages' data
    /// queries, and reads back its rows as before.
    private func migratesVersionSeven(on engine: TestEngine) async throws {
        let server = try await TestServer.make(engine)
        let user = try await server.user(days: 3)
        let consultation = try await server.store.consultations.create(
            CreateConsultationRequest(persona: .sleepCoach, title: "before"), for: user.id)
        let written = try await server.store.consultations.append(
            [(.user, "q", []), (.assistant, "a", [])], to: consultation)
        for statement in [
            "DROP TABLE daily_metrics", "DROP TABLE workout_counts", "DROP TABLE workouts",
            "ALTER TABLE messages DROP COLUMN data_queries",
        ] {
            try await server.store.engine.query(statement)
        }
        try await server.store.engine.query(
            "UPDATE meta SET value = ? WHERE name = 'schema_version'", [.blob(Array("7".utf8))])
        await server.store.shutdown()

        let store = try await server.reopen()
        let version = try await store.engine.query("SELECT value FROM meta WHERE name = 'schema_version'").first?.blob(
            "value")
        #expect(version == Array(String(Schema.version).utf8))
        #expect(try await store.checkIns.all(for: user.id).count == 3)
        #expect(try await store.consultations.messages(of: consultation).map(\.content) == ["q", "a"])
        let queries = JSONValue.array([.object(JSONObject([("query", .object(JSONObject())), ("result", .null)]))])
        #expect(try await store.consultations.recordDataQueries(ofMessage: written[1].id, userId: user.id, queries))
        #expect(
            try await store.consultations.messagesJSON(of: consultation).map { $0["data_queries"] } == [
                .array([]), queries,
            ])
        let workout = WorkoutRecord(start: 1_000, end: 61_000, activity: "Run", fields: ["distance": 1.5])
        try await store.workouts.upsert([workout], for: user.id)
        #expect(try await store.workouts.all(for: user.id).map(\.fields) == [["distance": 1.5]])
        await store.shutdown()
    }

    @Test func aVersionEightDatabaseOnSQLiteGainsWorkoutCounts() async throws {
        try await migratesVersionEight(on: .sqlite)
    }

    @Test(
        .enabled(
            if: TestEngine.postgresURL != nil,
            "skipped: WELLNESS_TEST_POSTGRES_URL is not set (e2e/server/postgres.sh run swift test ... sets it)"))
    func aVersionEightDatabaseOnPostgreSQLGainsWorkoutCounts() async throws {
        try await migratesVersionEight(on: .postgres)
    }

    /// A database of version 8 (written by this server, then version 9's
    /// table dropped) gains `workout_counts`, counted from its rows: the
    /// workouts list's totals are the same as before, and follow new writes.
    private func migratesVersionEight(on engine: TestEngine) async throws {
        let server = try await TestServer.make(engine)
        let user = try await server.user()
        let other = try await server.user()
        let workouts = (0..<3).map { hour in
            WorkoutRecord(start: Int64(hour) * 3_600_000, end: Int64(hour) * 3_600_000 + 60_000, activity: "Run")
        }
        try await server.store.workouts.upsert(workouts, for: user.id)
        try await server.store.workouts.upsert([workouts[0]], for: other.id)
        try await server.store.engine.query("DROP TABLE daily_metrics")
        try await server.store.engine.query("DROP TABLE workout_counts")
        try await server.store.engine.query(
            "UPDATE meta SET value = ? WHERE name = 'schema_version'", [.blob(Array("8".utf8))])
        await server.store.shutdown()

        let store = try await server.reopen()
        let version = try await store.engine.query("SELECT value FROM meta WHERE name = 'schema_version'").first?.blob(
            "value")
        #expect(version == Array(String(Schema.version).utf8))
        func total(_ userId: String) async throws -> Int {
            try await store.workouts.list(for: userId, from: nil, to: nil, page: 1, pageSize: 2).1.totalCount
        }
        #expect(try await total(user.id) == 3)
        #expect(try await total(other.id) == 1)
        try await store.workouts.upsert(
            [WorkoutRecord(start: 99_000_000, end: 99_060_000, activity: "Swim")], for: user.id)
        #expect(try await total(user.id) == 4)
        let id = try #require(try await store.workouts.all(for: user.id).first?.id)
        #expect(try await store.workouts.delete(id, for: user.id))
        #expect(try await !store.workouts.delete(id, for: user.id), "deleted once, counted once")
        #expect(try await total(user.id) == 3)
        #expect(try await total(other.id) == 1)
        await store.shutdown()
    }

    @Test func aVersionNineDatabaseOnSQLiteGainsDailyMetrics() async throws {
        try await migratesVersionNine(on: .sqlite)
    }

    @Test(
        .enabled(
            if: TestEngine.postgresURL != nil,
            "skipped: WELLNESS_TEST_POSTGRES_URL is not set (e2e/server/postgres.sh run swift test ... sets it)"))
    func aVersionNineDatabaseOnPostgreSQLGainsDailyMetrics() async throws {
        try await migratesVersionNine(on: .postgres)
    }

    /// A database of version 9 (written by this server, then version 10's
    /// table dropped) gains `daily_metrics`: its check-ins and profile read
    /// back as before (the profile's calendar at its defaults), and daily
    /// metrics are stored and read.
    private func migratesVersionNine(on engine: TestEngine) async throws {
        let server = try await TestServer.make(engine)
        let user = try await server.user(days: 3)
        try await server.store.profiles.save(Profile(age: 40), for: user.id)
        try await server.store.engine.query("DROP TABLE daily_metrics")
        try await server.store.engine.query(
            "UPDATE meta SET value = ? WHERE name = 'schema_version'", [.blob(Array("9".utf8))])
        await server.store.shutdown()

        let store = try await server.reopen()
        let version = try await store.engine.query("SELECT value FROM meta WHERE name = 'schema_version'").first?.blob(
            "value")
        #expect(version == Array("10".utf8) && Schema.version == 10)
        #expect(try await store.checkIns.all(for: user.id).count == 3)
        #expect(try await store.profiles.get(for: user.id) == Profile(age: 40))
        #expect(try await store.dailyMetrics.all(for: user.id).isEmpty)
        let input = try DailyMetricsInput(
            json: try JSONParser.parse(Array(#"{"days":[{"date":"2026-03-02","resting_heart_rate":58}]}"#.utf8)),
            maximumDays: 10, maximumMetrics: 10)
        try await store.dailyMetrics.upsert(input, for: user.id, maximumMetrics: 10)
        #expect(try await store.dailyMetrics.all(for: user.id).map(\.values) == [["resting_heart_rate": 58]])
        await store.shutdown()
    }

    /// A database written by a newer server is refused, and left as it was.
    @Test func aDatabaseOfANewerVersionIsRefused() async throws {
        let configuration = try await SchemaMigrationCase.versionFourServer(.sqlite)
        let path = configuration.dataDirectory.appendingPathComponent("wellness.sqlite").path
        let newer = String(Schema.version + 1)
        do {
            let engine = try SQLiteEngine(path: path)
            try await engine.query(
                "UPDATE meta SET value = ? WHERE name = 'schema_version'", [.blob(Array(newer.utf8))])
        }
        do {
            _ = try await WellnessApplication.openStore(configuration, environment: [:])
            Issue.record("a newer database was opened")
        } catch {
            #expect("\(error)".contains("schema version \(newer), written by a newer wellness-server"), "\(error)")
        }
        let engine = try SQLiteEngine(path: path)
        #expect(try await !engine.query("SELECT 1 FROM list_counts LIMIT 1").isEmpty, "left at version 4's tables")
    }

    /// A migration that fails leaves the database at its version, whole.
    @Test func aFailedMigrationLeavesTheDatabaseAsItWas() async throws {
        let configuration = try await SchemaMigrationCase.versionFourServer(.sqlite)
        let path = configuration.dataDirectory.appendingPathComponent("wellness.sqlite").path
        do {
            // A table in the way of version 5's.
            let engine = try SQLiteEngine(path: path)
            try await engine.query("CREATE TABLE goal_counts (x INTEGER)")
        }
        do {
            _ = try await WellnessApplication.openStore(configuration, environment: [:])
            Issue.record("the migration succeeded over a table in its way")
        } catch {
            #expect("\(error)".contains("goal_counts"), "\(error)")
        }
        let engine = try SQLiteEngine(path: path)
        let version = try await engine.query("SELECT value FROM meta WHERE name = 'schema_version'").first?.blob(
            "value")
        #expect(version == Array("4".utf8))
        #expect(try await !engine.query("SELECT 1 FROM list_counts LIMIT 1").isEmpty)
        await #expect(throws: (any Error).self) { try await engine.query("SELECT 1 FROM insight_counts") }
    }
}
