import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WellnessKitCore

@testable import WellnessServer

/// `IDEMPOTENCY_RESPONSE_LOST` ("was applied") only when the request's own
/// write committed: a rate-limit token taken on the way is not that write.
@Suite struct IdempotencyAppliedTests {
    /// SQLite, and PostgreSQL when e2e/server/postgres.sh runs the tests.
    static let engines: [TestEngine] = [.sqlite] + (TestEngine.postgresURL == nil ? [] : [.postgres])

    /// A message POST refused with 429 after it took its rate-limit token
    /// applied nothing: the retry with the same key runs again (429 again,
    /// or the exchange once a token is back), never 422 `IDEMPOTENCY_RESPONSE_LOST`.
    @Test(arguments: engines)
    func aRefusedRequestIsRunAgainByItsRetry(_ engine: TestEngine) async throws {
        let server = try await TestServer.make(engine, aiRequestsPerWindow: 1)
        let user = try await server.user(days: 3)
        try await server.test { client in
            let created = try await client.call(
                .post, "/api/v1/consultations", as: user, json: #"{"persona":"sleep_coach"}"#)
            let uri = "/api/v1/consultations/\(try #require(created.2["data"]["id"].string))/messages"
            #expect(try await client.call(.post, uri, as: user, json: #"{"content":"hi"}"#).0 == .created)
            var headers = user.headers
            headers[.idempotencyKey] = "m-1"
            for attempt in 1...2 {
                let (status, body) = try await client.execute(
                    uri: uri, method: .post, headers: headers, body: ByteBuffer(string: #"{"content":"again"}"#)
                ) { ($0.status, String(buffer: $0.body)) }
                #expect(status == .tooManyRequests, "attempt \(attempt): \(body)")
            }
        }
        await server.store.shutdown()
    }

    /// A claim whose instance died after taking a rate-limit token (while the
    /// provider answered, say) and before its write: the replay after the
    /// lease takes the key over and applies the request.
    @Test(arguments: engines)
    func aTokenTakenBeforeACrashIsNotTheWrite(_ engine: TestEngine) async throws {
        let server = try await TestServer.make(engine)
        let user = try await server.user()
        let store = server.store
        let hash = Store.requestHash(method: "POST", path: "/api/v1/consultations/c/messages", body: [])
        // A lease already over: the holder is taken to have died right after its token.
        guard
            case .claimed(let dead) = try await store.claimIdempotency(
                user: user.id, key: "k", requestHash: hash, leaseMilliseconds: -1)
        else {
            Issue.record("not claimed")
            return
        }
        let allowed = try await store.fenced(by: dead) {
            try await store.takeToken("messages", for: user.id, ofUser: true, capacity: 10, window: 60)
        }
        #expect(allowed == nil)
        let replay = try await store.claimIdempotency(
            user: user.id, key: "k", requestHash: hash, leaseMilliseconds: 60_000)
        guard case .claimed = replay else {
            Issue.record("the replay was told \(replay), not given the key")
            return
        }
        await store.shutdown()
    }
}
