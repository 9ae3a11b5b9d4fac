import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WellnessKitCore

@testable import WellnessServer

/// Routes that read nothing from their body take none, or `{}`: any other body
/// is 400 with the error envelope, and the route does nothing.
@Suite struct NoInputRoutesTests {
    /// Bodies that are not an empty object: not JSON, another type, an object with a member.
    static let refusedBodies = ["hello", "[]", #"{"x":1}"#]

    private static func expectRefused(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String,
        as user: TestServer.User, body: String
    ) async throws {
        let (status, _, reply) = try await client.call(method, uri, as: user, json: body)
        #expect(status == .badRequest, "\(method) \(uri) with \(body)")
        #expect(
            reply["success"] == .bool(false) && reply["error"]["code"].string == "VALIDATION_ERROR",
            "\(method) \(uri) with \(body)")
    }

    @Test func revokeRefusesABodyAndRevokesNothing() async throws {
        let server = try await TestServer.make()
        let first = try await server.user()
        let second = try await server.user()
        let bearerOf = { (user: TestServer.User) in TestServer.User(id: user.id, apiKey: "", token: user.token) }
        try await server.test { client in
            for body in Self.refusedBodies {
                try await Self.expectRefused(client, .post, "/api/v1/auth/revoke", as: first.withoutToken, body: body)
            }
            #expect(try await client.call(.get, "/api/v1/insights", as: bearerOf(first)).0 == .ok, "nothing revoked")
            #expect(try await client.call(.post, "/api/v1/auth/revoke", as: first.withoutToken, json: "{}").0 == .ok)
            #expect(try await client.call(.get, "/api/v1/insights", as: bearerOf(first)).0 == .unauthorized)
            #expect(try await client.call(.post, "/api/v1/auth/revoke", as: second.withoutToken).0 == .ok)
            #expect(try await client.call(.get, "/api/v1/insights", as: bearerOf(second)).0 == .unauthorized)
        }
    }

    @Test func tokenRefusesABody() async throws {
        let server = try await TestServer.make()
        let user = try await server.user()
        try await server.test { client in
            for body in Self.refusedBodies {
                try await Self.expectRefused(client, .post, "/api/v1/auth/token", as: user.withoutToken, body: body)
            }
            for body in ["{}", nil] {
                let (status, _, reply) = try await client.call(
                    .post, "/api/v1/auth/token", as: user.withoutToken, json: body)
                #expect(status == .ok && reply["data"]["token"].string != nil, "\(body ?? "no body")")
            }
        }
    }

    @Test func generateRefusesABodyAndGeneratesNothing() async throws {
        let server = try await TestServer.make()
        let user = try await server.user()
        try await server.store.checkIns.upsert(TestServer.checkIns(days: 10), for: user.id)
        try await server.test { client in
            for body in Self.refusedBodies {
                try await Self.expectRefused(client, .post, "/api/v1/insights/generate", as: user, body: body)
            }
            #expect(
                try await client.call(.get, "/api/v1/insights", as: user).2["data"]["pagination"]["total_count"]
                    == .int(0),
                "nothing generated")
            let (status, _, reply) = try await client.call(.post, "/api/v1/insights/generate", as: user, json: "{}")
            #expect(status == .ok && reply["data"]["insights_generated"] != .int(0))
            #expect(try await client.call(.get, "/api/v1/insights", as: user).2["data"]["insights"].count > 0)
            #expect(try await client.call(.post, "/api/v1/insights/generate", as: user).0 == .ok)
        }
    }

    @Test func deleteRefusesABodyAndDeletesNothing() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 10)
        try await server.test { client in
            let page = try await client.call(.get, "/api/v1/insights", as: user).2["data"]["insights"]
            let first = try #require(page[0]["id"].string)
            let second = try #require(page[1]["id"].string)
            for body in Self.refusedBodies {
                try await Self.expectRefused(client, .delete, "/api/v1/insights/\(first)", as: user, body: body)
            }
            #expect(try await client.call(.get, "/api/v1/insights/\(first)", as: user).0 == .ok, "nothing deleted")
            #expect(try await client.call(.delete, "/api/v1/insights/\(first)", as: user, json: "{}").0 == .noContent)
            #expect(try await client.call(.delete, "/api/v1/insights/\(second)", as: user).0 == .noContent)
        }
    }
}
