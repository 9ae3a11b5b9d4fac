import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import WellnessKitCore

@testable import WellnessServer

/// The engine a test's server stores in. PostgreSQL needs
/// `WELLNESS_TEST_POSTGRES_URL` (e2e/server/postgres.sh sets it); each test
/// gets a new database in that cluster.
enum TestEngine: String, Sendable, CustomStringConvertible {
    case sqlite, postgres

    var description: String { rawValue }

    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["WELLNESS_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The cluster's files, for at-rest checks (e2e/server/postgres.sh sets it).
    static var postgresData: String? {
        ProcessInfo.processInfo.environment["WELLNESS_TEST_POSTGRES_DATA"].flatMap { $0.isEmpty ? nil : $0 }
    }

    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "WELLNESS_TEST_POSTGRES_URL is not set" }
    }

    private static let admin: PostgresEngine? = postgresURL.flatMap {
        try? PostgresEngine(url: $0, maximumConnections: 2)
    }

    /// A new, empty database in the test cluster, and its URL.
    static func newPostgresDatabase() async throws -> String {
        guard let base = postgresURL, let admin, var components = URLComponents(string: base) else {
            throw Unavailable()
        }
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await admin.query("CREATE DATABASE \(name)")
        components.path = "/\(name)"
        return components.string ?? base
    }
}

/// A server on a fresh data directory (and, for PostgreSQL, a fresh
/// database), with helpers to call it as a user.
struct TestServer {
    let engine: TestEngine
    let directory: URL
    let store: Store
    let credentials: Credentials
    let configuration: ServerConfiguration
    /// What this server's `GET /metrics` reports (its engine's waits too).
    let metrics: ServerMetrics

    static func make(
        _ engine: TestEngine = .sqlite, aiRequestsPerWindow: Int = 100,
        clock: @escaping @Sendable () -> Int64 = Store.nowMilliseconds,
        principalClock: @escaping @Sendable () -> UInt64 = Store.uptimeNanoseconds,
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> TestServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wellness-test-\(UUID().uuidString)")
        var configuration = ServerConfiguration(dataDirectory: directory)
        configuration.aiRequestsPerWindow = aiRequestsPerWindow
        configuration.databaseConnections = 4
        // Every engine's tests read lists through the page cache, which is off by default on SQLite.
        configuration.insightPageBytes = Store.defaultInsightPageBytes
        if engine == .postgres {
            configuration.databaseURL = try await TestEngine.newPostgresDatabase()
            configuration.keyDatabaseURL = try await TestEngine.newPostgresDatabase()
        }
        configure(&configuration)
        let metrics = ServerMetrics()
        let (store, credentials) = try await WellnessApplication.openStore(
            configuration, environment: [:], metrics: metrics, clock: clock, principalClock: principalClock)
        return TestServer(
            engine: engine, directory: directory, store: store, credentials: credentials,
            configuration: configuration, metrics: metrics)
    }

    /// Another store on the same data (another instance, or a restart).
    func reopen(environment: [String: String] = [:]) async throws -> Store {
        try await WellnessApplication.openStore(configuration, environment: environment).0
    }

    /// A user with `days` days of check-ins ending yesterday.
    func user(days: Int = 0, name: String = "test") async throws -> User {
        let created = try await store.accounts.create(name: name)
        if days > 0 {
            let checkIns = Self.checkIns(days: days)
            try await store.checkIns.upsert(checkIns, for: created.id)
            try await store.insights.add(InsightGenerator.insights(from: checkIns), for: created.id)
        }
        return User(id: created.id, apiKey: created.apiKey, token: credentials.token(for: created.id))
    }

    static func checkIns(days: Int) -> [CheckIn] {
        let today = Int(Date().timeIntervalSince1970 / 86_400)
        var checkIns: [CheckIn] = []
        for offset in 1...max(days, 1) {
            guard let date = CalendarDate(daysSinceEpoch: today - offset) else { continue }
            let cycle = Double(offset % 4)
            var checkIn = CheckIn(date: date)
            checkIn.biologicalAge = 40 - Double(days - offset) * 0.01
            checkIn.steps = 6000 + Double(offset % 7) * 500
            checkIn.workouts = offset % 3 == 0 ? 1 : 0
            checkIn.calories = 2000
            checkIn.sleepHours = 6 + cycle * 0.5
            checkIn.mood = 4 + cycle
            checkIns.append(checkIn)
        }
        return checkIns
    }

    /// The files that hold the data at rest: SQLite's database, WAL and
    /// shared memory, or every file of the PostgreSQL cluster (after a
    /// checkpoint, so that the tables are written out).
    func filesAtRest() async throws -> [URL] {
        switch engine {
        case .sqlite:
            return try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasPrefix("wellness.sqlite") }.map { directory.appendingPathComponent($0) }
        case .postgres:
            guard let data = TestEngine.postgresData else { return [] }
            try await store.engine.query("CHECKPOINT")
            var files: [URL] = []
            let enumerator = FileManager.default.enumerator(
                at: URL(fileURLWithPath: data), includingPropertiesForKeys: [.isRegularFileKey])
            while let url = enumerator?.nextObject() as? URL {
                if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(url) }
            }
            return files
        }
    }

    struct User {
        let id: String
        let apiKey: String
        let token: String

        /// The API key and the token, each when not empty.
        var headers: HTTPFields {
            var fields: HTTPFields = [.contentType: "application/json"]
            if !apiKey.isEmpty { fields[HTTPField.Name("X-API-Key")!] = apiKey }
            if !token.isEmpty { fields[.authorization] = "Bearer \(token)" }
            return fields
        }
    }

    /// Runs `body` with a client of the router; the AI provider logs to `aiLog` when given.
    func test(aiLog: LogRecorder? = nil, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void)
        async throws
    {
        let router = WellnessApplication.router(
            store: store, credentials: credentials, configuration: configuration, metrics: metrics,
            aiLogger: aiLog.map { recorder in Logger(label: "test") { _ in recorder } }
                ?? Logger(label: "wellness-server.ai"))
        try await Application(router: router).test(.router) { client in try await body(client) }
    }
}

extension TestClientProtocol {
    /// Sends a request and returns the status, headers and parsed JSON body (null when empty).
    func call(_ method: HTTPRequest.Method, _ uri: String, as user: TestServer.User?, json: String? = nil)
        async throws -> (HTTPResponse.Status, HTTPFields, JSONValue)
    {
        try await execute(
            uri: uri, method: method, headers: user?.headers ?? [:],
            body: json.map { ByteBuffer(string: $0) }
        ) { response in
            let bytes = Array(response.body.readableBytesView)
            return (response.status, response.headers, bytes.isEmpty ? .null : try JSONParser.parse(bytes))
        }
    }
}

extension JSONValue {
    subscript(key: String) -> JSONValue {
        if case .object(let object) = self { return object[key] ?? .null }
        return .null
    }

    subscript(index: Int) -> JSONValue {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return .null
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var count: Int {
        if case .array(let elements) = self { return elements.count }
        return 0
    }
}
