import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WellnessKitCore

@testable import WellnessServer

/// `GET|POST /api/v1/auth/keys` and `DELETE /api/v1/auth/keys/{id}`: rotation without lock-out.
@Suite struct APIKeyRoutesTests {
    private static func withKey(_ user: TestServer.User, _ apiKey: String) -> TestServer.User {
        TestServer.User(id: user.id, apiKey: apiKey, token: "")
    }

    @Test func aKeyIsRotatedAndTheOldOneRefusedAtOnce() async throws {
        let server = try await TestServer.make()
        let user = try await server.user()
        let old = user.withoutToken
        try await server.test { client in
            #expect(try await client.call(.get, "/api/v1/insights", as: old).0 == .ok, "the old key, now remembered")
            let (created, _, body) = try await client.call(.post, "/api/v1/auth/keys", as: old)
            let apiKey = try #require(body["data"]["api_key"].string)
            #expect(created == .created && body["data"]["prefix"].string == String(apiKey.prefix(8)))
            let new = Self.withKey(user, apiKey)
            #expect(try await client.call(.get, "/api/v1/insights", as: new).0 == .ok)

            let (listed, _, list) = try await client.call(.get, "/api/v1/auth/keys", as: new)
            #expect(listed == .ok && list["data"]["keys"].count == 2)
            for index in 0..<2 {
                guard case .object(let key) = list["data"]["keys"][index] else {
                    Issue.record("not an object")
                    continue
                }
                #expect(key.members.map(\.key) == ["id", "prefix", "created_at"])
            }
            let text = try JSONWriter.string(list)
            for secret in [
                user.apiKey, apiKey, Credentials.fingerprint(ofAPIKey: user.apiKey),
                Credentials.fingerprint(ofAPIKey: apiKey),
            ] {
                #expect(!text.contains(secret), "the list shows no key and no fingerprint")
            }
            let oldId = try #require(list["data"]["keys"][0]["id"].string)
            #expect(list["data"]["keys"][0]["prefix"].string == String(user.apiKey.prefix(8)))

            #expect(try await client.call(.delete, "/api/v1/auth/keys/\(oldId)", as: new).0 == .noContent)
            #expect(try await client.call(.get, "/api/v1/insights", as: old).0 == .unauthorized, "refused at once")
            #expect(try await client.call(.get, "/api/v1/insights", as: new).0 == .ok)
            #expect(try await client.call(.delete, "/api/v1/auth/keys/\(oldId)", as: new).0 == .notFound)
        }
    }

    @Test func theLastKeyIsNotRevokedButTheCurrentOneMayBe() async throws {
        let server = try await TestServer.make()
        let user = try await server.user()
        let stranger = try await server.user()
        try await server.test { client in
            let only = try #require(
                try await client.call(.get, "/api/v1/auth/keys", as: user).2["data"]["keys"][0]["id"].string)
            let (status, _, refusal) = try await client.call(.delete, "/api/v1/auth/keys/\(only)", as: user)
            #expect(status == .conflict && refusal["error"]["code"].string == "LAST_API_KEY")
            #expect(try await client.call(.get, "/api/v1/insights", as: user.withoutToken).0 == .ok, "still works")
            #expect(
                try await client.call(.delete, "/api/v1/auth/keys/\(only)", as: stranger).0 == .notFound,
                "another user's key is not found")

            let second = try #require(
                try await client.call(.post, "/api/v1/auth/keys", as: user, json: "{}")
                    .2["data"]["api_key"].string)
            let secondUser = Self.withKey(user, second)
            let secondId = try #require(
                try await client.call(.get, "/api/v1/auth/keys", as: secondUser)
                    .2["data"]["keys"][1]["id"].string)
            #expect(
                try await client.call(.delete, "/api/v1/auth/keys/\(secondId)", as: secondUser).0 == .noContent,
                "the key of the request itself")
            #expect(try await client.call(.get, "/api/v1/insights", as: secondUser).0 == .unauthorized)
            #expect(try await client.call(.get, "/api/v1/insights", as: user.withoutToken).0 == .ok)
        }
    }

    @Test func keyRoutesRefuseABody() async throws {
        let server = try await TestServer.make()
        let user = try await server.user()
        try await server.test { client in
            let only = try #require(
                try await client.call(.get, "/api/v1/auth/keys", as: user).2["data"]["keys"][0]["id"].string)
            for body in NoInputRoutesTests.refusedBodies {
                #expect(
                    try await client.call(.post, "/api/v1/auth/keys", as: user, json: body).0 == .badRequest, "\(body)")
                #expect(
                    try await client.call(.delete, "/api/v1/auth/keys/\(only)", as: user, json: body).0 == .badRequest)
            }
            #expect(
                try await client.call(.get, "/api/v1/auth/keys", as: user).2["data"]["keys"].count == 1, "none created")
        }
    }
}
