import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WellnessKitCore

@testable import WellnessServer

/// Tokens through the routes: revocation, and refresh that ends with its session.
@Suite struct TokenRoutesTests {
    private static func bearer(_ token: String) -> TestServer.User {
        TestServer.User(id: "", apiKey: "", token: token)
    }

    @Test func revokedTokensStopWorkingButTheAPIKeyDoesNot() async throws {
        let server = try await TestServer.make()
        let user = try await server.user()
        let token = user.token
        try await server.test { client in
            #expect(try await Self.status(client, .get, "/api/v1/insights", bearer: token) == .ok)
            #expect(try await Self.status(client, .post, "/api/v1/auth/revoke", bearer: token) == .ok)
            #expect(try await Self.status(client, .get, "/api/v1/insights", bearer: token) == .unauthorized)
            let (status, _, body) = try await client.call(.post, "/api/v1/auth/token", as: user.withoutToken)
            #expect(status == .ok && body["data"]["expires_in"] == .number("3600"))
            let fresh = try #require(body["data"]["token"].string)
            #expect(try await Self.status(client, .get, "/api/v1/insights", bearer: fresh) == .ok)
        }
    }

    @Test func refreshKeepsTheSessionAndEndsWithIt() async throws {
        let server = try await TestServer.make()
        let user = try await server.user()
        let now = Credentials.milliseconds(Date())
        let recent = server.credentials.token(for: user.id, sessionStart: now - 3_600_000)
        let stale = server.credentials.token(
            for: user.id, sessionStart: now - server.credentials.sessionLifetimeMilliseconds - 1000)
        try await server.test { client in
            let (status, _, body) = try await client.call(.post, "/api/v1/auth/token", as: Self.bearer(recent))
            let refreshed = try #require(body["data"]["token"].string)
            #expect(status == .ok)
            #expect(server.credentials.claims(fromToken: refreshed)?.sessionStartMilliseconds == now - 3_600_000)
            #expect(
                try await Self.status(client, .get, "/api/v1/insights", bearer: stale) == .ok, "still valid for calls")
            #expect(
                try await Self.status(client, .post, "/api/v1/auth/token", bearer: stale) == .unauthorized,
                "but not refreshable")
            let withKey = try await client.call(.post, "/api/v1/auth/token", as: user.withoutToken)
            let restarted = try #require(withKey.2["data"]["token"].string)
            #expect(try #require(server.credentials.claims(fromToken: restarted)).sessionStartMilliseconds >= now)
        }
    }

    private static func status(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String,
        bearer token: String
    ) async throws -> HTTPResponse.Status {
        try await client.execute(uri: uri, method: method, headers: [.authorization: "Bearer \(token)"]) { $0.status }
    }
}

extension TestServer.User {
    /// The API key alone.
    var withoutToken: TestServer.User {
        TestServer.User(id: id, apiKey: apiKey, token: "")
    }
}
