import Foundation
import Testing

@testable import WellnessServer

/// Performance: authenticated principals are remembered briefly,
/// and a revocation still takes effect at once on the instance that stores it.
@Suite struct PrincipalCacheTests {
    @Test func remembersOwnersAndMarksUntilARevocationForgetsTheMark() {
        let cache = PrincipalCache(lifetime: 60)
        cache.remember(user: "usr_1", forFingerprint: "f1", lookedUpAt: cache.generation)
        cache.remember(tokensValidAfter: 5, user: "usr_1", lookedUpAt: cache.generation)
        #expect(cache.user(forFingerprint: "f1") == "usr_1")
        #expect(cache.user(forFingerprint: "f2") == nil)
        #expect(cache.tokensValidAfter(user: "usr_1") == 5)
        cache.forgetTokens(of: "usr_1")
        #expect(cache.tokensValidAfter(user: "usr_1") == nil)
        #expect(cache.user(forFingerprint: "f1") == "usr_1", "API keys are not revoked by token revocation")
    }

    @Test func aLookupOvertakenByARevocationIsNotRemembered() {
        let cache = PrincipalCache(lifetime: 60)
        let before = cache.generation
        cache.forgetTokens(of: "usr_1")
        cache.remember(tokensValidAfter: 0, user: "usr_1", lookedUpAt: before)
        #expect(cache.tokensValidAfter(user: "usr_1") == nil)
        cache.remember(tokensValidAfter: 9, user: "usr_1", lookedUpAt: cache.generation)
        #expect(cache.tokensValidAfter(user: "usr_1") == 9)
    }

    @Test func aLifetimeOfZeroRemembersNothing() {
        let cache = PrincipalCache(lifetime: 0)
        cache.remember(user: "usr_1", forFingerprint: "f1", lookedUpAt: cache.generation)
        cache.remember(tokensValidAfter: 5, user: "usr_1", lookedUpAt: cache.generation)
        #expect(cache.user(forFingerprint: "f1") == nil)
        #expect(cache.tokensValidAfter(user: "usr_1") == nil)
    }

    /// The store answers from the cache, yet its own revocation is seen by the very next check.
    @Test func theStoresRevocationIsSeenAtOnceDespiteTheCache() async throws {
        let server = try await TestServer.make()
        let user = try await server.user()
        let store = server.store
        #expect(store.principals.lifetime > 0)
        #expect(try await store.userId(forAPIKey: user.apiKey) == user.id)
        #expect(store.principals.user(forFingerprint: Credentials.fingerprint(ofAPIKey: user.apiKey)) == user.id)
        #expect(try await store.userId(forAPIKey: user.apiKey + "x") == nil)
        #expect(try await store.tokensValidAfter(userId: user.id) == 0)
        #expect(store.principals.tokensValidAfter(user: user.id) == 0)
        try await store.revokeTokens(userId: user.id, at: 1_700_000_000_000)
        #expect(try await store.tokensValidAfter(userId: user.id) == 1_700_000_000_000)
    }

    /// Another instance's revocation (here: another store on the same database) is read on every
    /// request when the cache is off.
    @Test func withoutTheCacheAnotherInstancesRevocationIsSeenAtOnce() async throws {
        let server = try await TestServer.make { $0.principalLifetime = 0 }
        let user = try await server.user()
        let other = try await server.reopen()
        #expect(try await server.store.tokensValidAfter(userId: user.id) == 0)
        try await other.revokeTokens(userId: user.id, at: 1_700_000_000_000)
        #expect(try await server.store.tokensValidAfter(userId: user.id) == 1_700_000_000_000)
        await other.shutdown()
    }

    /// An API key revoked by another instance stops working here within the
    /// principal lifetime, the documented bound (`--auth-cache-ttl`), measured
    /// on a clock the test moves: still answered from memory just before it
    /// ends, refused once it has.
    @Test(arguments: [TestEngine.sqlite, .postgres])
    func anotherInstancesKeyRevocationIsSeenWithinTheLifetime(engine: TestEngine) async throws {
        guard engine != .postgres || TestEngine.postgresURL != nil else { return }
        let clock = ManualClock()
        let server = try await TestServer.make(engine, principalClock: { clock.nanoseconds })
        let user = try await server.user()
        let other = try await server.reopen()
        let second = try await other.apiKeys.create(for: user.id)
        // Twice: the second is answered from memory (and on SQLite reads the erasure mark a first time).
        for _ in 0..<2 { #expect(try await server.store.userId(forAPIKey: second.apiKey) == user.id) }
        try await other.apiKeys.revoke(second.record.id, of: user.id)
        let lifetime = Int64(server.store.principals.lifetime * 1000)
        #expect(lifetime > 0)
        clock.advance(milliseconds: lifetime - 1)
        #expect(
            try await server.store.userId(forAPIKey: second.apiKey) == user.id,
            "believed from memory within the lifetime")
        clock.advance(milliseconds: 1)
        #expect(try await server.store.userId(forAPIKey: second.apiKey) == nil, "refused once the lifetime is over")
        #expect(try await server.store.userId(forAPIKey: user.apiKey) == user.id, "the other key still works")
        await other.shutdown()
    }

    @Test func fingerprintsAreTheHexOfSHA256() {
        // SHA-256("abc"), FIPS 180-2's example.
        #expect(
            Credentials.fingerprint(ofAPIKey: "abc")
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
