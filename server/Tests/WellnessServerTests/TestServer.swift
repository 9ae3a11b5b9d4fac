import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import WellnessKitCore
@testable import WellnessServer

/// A server on a fresh data directory, with helpers to call it as a user.
struct TestServer {
    let directory: URL
    let store: Store
    let credentials: Credentials
    let configuration: ServerConfiguration

    init(aiRequestsPerWindow: Int = 100, configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("wellness-test-\(UUID().uuidString)")
        var configuration = ServerConfiguration(dataDirectory: directory)
        configuration.aiRequestsPerWindow = aiRequestsPerWindow
        configure(&configuration)
        self.configuration = configuration
        (store, credentials) = try WellnessApplication.openStore(configuration, environment: [:])
    }

    /// A user with `days` days of check-ins ending yesterday.
    func user(days: Int = 0) throws -> User {
        let created = try store.createUser(name: "test")
        if days > 0 {
            let today = Int(Date().timeIntervalSince1970 / 86_400)
            var checkIns: [CheckIn] = []
            for offset in 1...days {
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
            try store.upsert(checkIns, for: created.id)
            try store.add(InsightGenerator.insights(from: checkIns), for: created.id)
        }
        return User(id: created.id, apiKey: created.apiKey, token: credentials.token(for: created.id))
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

    /// Runs `body` with a client of the router.
    func test(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let router = WellnessApplication.router(store: store, credentials: credentials, configuration: configuration)
        try await Application(router: router).test(.router) { client in try await body(client) }
    }
}

extension TestClientProtocol {
    /// Sends a request and returns the status, headers and parsed JSON body (null when empty).
    func call(_ method: HTTPRequest.Method, _ uri: String, as user: TestServer.User?, json: String? = nil)
        async throws -> (HTTPResponse.Status, HTTPFields, JSONValue) {
        try await execute(uri: uri, method: method, headers: user?.headers ?? [:],
                          body: json.map { ByteBuffer(string: $0) }) { response in
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
