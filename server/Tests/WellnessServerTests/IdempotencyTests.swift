import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WellnessKitCore

@testable import WellnessServer

/// POSTs with an Idempotency-Key apply once per user and key.
@Suite struct IdempotencyTests {
    static let goal = #"{"title":"Drink water","goal_type":"nutrition","start_date":"2025-01-01","is_recurring":true}"#

    private static func post(
        _ client: any TestClientProtocol, _ uri: String, _ user: TestServer.User, key: String,
        _ body: String
    ) async throws -> (HTTPResponse.Status, HTTPFields, String) {
        var headers = user.headers
        headers[.idempotencyKey] = key
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body)) {
            ($0.status, $0.headers, String(buffer: $0.body))
        }
    }

    @Test func aRetryReplaysTheFirstAnswerWithoutApplyingTwice() async throws {
        let server = try await TestServer.make()
        let user = try await server.user()
        try await server.test { client in
            let first = try await Self.post(client, "/api/v1/goals", user, key: "k-1", Self.goal)
            let again = try await Self.post(client, "/api/v1/goals", user, key: "k-1", Self.goal)
            #expect(first.0 == .created && again.0 == .created && again.2 == first.2)
            #expect(again.1[.idempotentReplayed] == "true" && first.1[.idempotentReplayed] == nil)
            let goals = try await client.call(.get, "/api/v1/goals", as: user).2
            #expect(goals["data"]["goals"].count == 1)
            let other = try await Self.post(client, "/api/v1/goals", user, key: "k-2", Self.goal)
            #expect(other.0 == .created && other.2 != first.2, "another key is another goal")
        }
    }

    @Test func aKeyReusedForAnotherRequestIs422AndKeysArePerUser() async throws {
        let server = try await TestServer.make()
        let user = try await server.user()
        let stranger = try await server.user(name: "stranger")
        try await server.test { client in
            _ = try await Self.post(client, "/api/v1/goals", user, key: "shared", Self.goal)
            let reused = try await Self.post(
                client, "/api/v1/goals", user, key: "shared",
                Self.goal.replacingOccurrences(of: "water", with: "tea"))
            #expect(reused.0 == .unprocessableContent && reused.2.contains("IDEMPOTENCY_KEY_REUSED"))
            let elsewhere = try await Self.post(
                client, "/api/v1/consultations", user, key: "shared", #"{"persona":"general_wellness"}"#)
            #expect(elsewhere.0 == .unprocessableContent, "the path is part of the request")
            let theirs = try await Self.post(client, "/api/v1/goals", stranger, key: "shared", Self.goal)
            #expect(theirs.0 == .created && theirs.1[.idempotentReplayed] == nil, "another user's key space")
            let bad = try await Self.post(
                client, "/api/v1/goals", user, key: String(repeating: "x", count: 300), Self.goal)
            #expect(bad.0 == .badRequest)
        }
    }

    @Test func aFailedRequestLeavesNoTrace() async throws {
        let server = try await TestServer.make()
        let user = try await server.user()
        try await server.test { client in
            let invalid = try await Self.post(client, "/api/v1/goals", user, key: "k", #"{"title":""}"#)
            #expect(invalid.0 == .badRequest)
            let valid = try await Self.post(client, "/api/v1/goals", user, key: "k", Self.goal)
            #expect(valid.0 == .created, "the failed attempt did not keep the key")
        }
    }

    @Test func concurrentRequestsWithOneKeyApplyOnce() async throws {
        let server = try await TestServer.make()
        let user = try await server.user()
        let hash = Store.requestHash(method: "POST", path: "/api/v1/goals", body: Array(Self.goal.utf8))
        let claims = try await withThrowingTaskGroup(of: Store.IdempotencyClaim.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await server.store.claimIdempotency(
                        user: user.id, key: "k", requestHash: hash, leaseMilliseconds: 60_000)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let leases = claims.compactMap { claim -> Store.IdempotencyLease? in
            if case .claimed(let lease) = claim { return lease } else { return nil }
        }
        #expect(leases.count == 1 && claims.filter { $0 == .inProgress }.count == 7)
        let lease = try #require(leases.first)
        try await server.store.completeIdempotency(lease, status: 201, body: Array("{}".utf8))
        #expect(
            try await server.store.claimIdempotency(
                user: user.id, key: "k", requestHash: hash, leaseMilliseconds: 60_000)
                == .replay(status: 201, body: Array("{}".utf8)))
    }

    /// A claim whose instance died: after its lease, a replay applies the
    /// request if its write had not committed, and never applies it twice.
    @Test func anEndedLeaseIsTakenOverOnlyWhileNothingWasApplied() async throws {
        // Leases end on the store's clock, which the test moves past them instead of waiting.
        let clock = ManualClock()
        let server = try await TestServer.make(clock: { clock.milliseconds })
        let user = try await server.user()
        let store = server.store
        let hash = Store.requestHash(method: "POST", path: "/api/v1/goals", body: Array(Self.goal.utf8))
        func claim(_ key: String, lease: Int64) async throws -> Store.IdempotencyClaim {
            try await store.claimIdempotency(user: user.id, key: key, requestHash: hash, leaseMilliseconds: lease)
        }
        func write(_ name: String, under lease: Store.IdempotencyLease) async throws {
            _ = try await store.fenced(by: lease) {
                try await store.engine.transaction { session in
                    try await session.query("INSERT INTO schedules (name, next_run_ms) VALUES (?, 0)", [.text(name)])
                }
            }
        }
        func written(_ name: String) async throws -> Bool {
            !(try await store.engine.query("SELECT 1 FROM schedules WHERE name = ?", [.text(name)]).isEmpty)
        }

        // Crashed before its write: the replay after the lease applies it; the old holder's write is refused.
        guard case .claimed(let dead) = try await claim("before", lease: 1) else {
            Issue.record("not claimed")
            return
        }
        #expect(try await claim("before", lease: 60_000) == .inProgress, "taken over within the lease")
        clock.advance(milliseconds: 2)
        guard case .claimed(let replay) = try await claim("before", lease: 60_000) else {
            Issue.record("not taken over")
            return
        }
        await #expect(throws: IdempotencyLeaseLost.self) { try await write("old holder", under: dead) }
        try await write("replay", under: replay)
        let oldHolderWrote = try await written("old holder")
        let replayWrote = try await written("replay")
        #expect(!oldHolderWrote && replayWrote)
        #expect(try await claim("before", lease: 60_000) == .inProgress)

        // Crashed after its write committed: never applied again, and the replay is told so.
        guard case .claimed(let applied) = try await claim("after", lease: 2_000) else {
            Issue.record("not claimed")
            return
        }
        try await write("applied once", under: applied)
        clock.advance(milliseconds: 2_000)
        #expect(try await claim("after", lease: 60_000) == .inProgress, "taken over at the lease's last instant")
        clock.advance(milliseconds: 1)
        #expect(try await claim("after", lease: 60_000) == .appliedResponseLost)
    }
}
