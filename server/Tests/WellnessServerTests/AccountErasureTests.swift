import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WellnessKitCore

@testable import WellnessServer

/// Erasures that do not go as planned: a key store that fails, an erasure
/// interrupted before this version deleted the key first, and an erasure by
/// another process (`wellness-server erase-user`) while a server runs.
extension AccountContract {
    /// The key store refuses the delete (another connection holds its write
    /// lock): `DELETE /api/v1/account` answers 503 with `Retry-After` and
    /// erases nothing (the account still works, the key is still stored);
    /// once the key store answers, the retry erases the key and the rows.
    static func keyStoreDown(_ server: TestServer) async throws {
        let store = server.store
        let user = try await server.user(days: 3)
        let keyOnly = user.withoutToken
        let confirmation = #"{"api_key":"\#(user.apiKey)"}"#
        try await server.test { client in
            #expect(
                try await client.call(.post, "/api/v1/goals", as: keyOnly, json: IdempotencyTests.goal).0 == .created)
            let lock = try await KeyStoreLock(server)
            let (status, headers, body) = try await client.call(
                .delete, "/api/v1/account", as: keyOnly, json: confirmation)
            #expect(status == .serviceUnavailable, "\(body)")
            #expect(headers[.retryAfter] == "30" && body["error"]["code"].string == "KEY_STORE_UNAVAILABLE")
            let goals = try await client.call(.get, "/api/v1/goals", as: keyOnly)
            #expect(goals.0 == .ok && goals.2["data"]["goals"].count == 1, "nothing was erased")
            try await lock.release()
            #expect(try await store.userKeys.isStored(user.id), "the key is kept")
            #expect(try await client.call(.delete, "/api/v1/account", as: keyOnly, json: confirmation).0 == .noContent)
            #expect(try await client.call(.get, "/api/v1/goals", as: keyOnly).0 == .unauthorized)
        }
        let keyKept = try await store.userKeys.isStored(user.id)
        let rowsKept = try await store.userExists(user.id)
        #expect(!keyKept && !rowsKept)
        // The operator's command fails the same way, without deleting anything.
        let other = try await server.user(days: 3)
        let lock = try await KeyStoreLock(server)
        await #expect(throws: KeyStoreUnavailable.self) { try await store.erase(other.id) }
        try await lock.release()
        let otherRows = try await store.userExists(other.id)
        let otherKey = try await store.userKeys.isStored(other.id)
        #expect(otherRows && otherKey, "nothing of the other user was erased")
        #expect(try await store.erase(other.id) == .account)
    }

    /// An erasure that deleted the rows but not the key (as versions that
    /// deleted the key last left one whose key store failed) is finished by
    /// the next: the key is deleted and reported, not "no such user".
    static func interrupted(_ server: TestServer) async throws {
        let store = server.store
        let user = try await server.user(days: 3)
        _ = try await store.engine.transaction { session in
            for (table, condition) in Store.userRows {
                try await session.query("DELETE FROM \(table) WHERE \(condition)", [.text(user.id)])
            }
        }
        #expect(try await store.userKeys.isStored(user.id))
        #expect(try await store.erase(user.id) == .keyOnly)
        #expect(try await !store.userKeys.isStored(user.id))
        #expect(try await store.erase(user.id) == .nothing)
        #expect(try await store.erase("usr_unknown") == .nothing)
    }

    /// SQLite: another process on the same file (a second store, as
    /// `wellness-server erase-user` opens) erases the user while this one
    /// remembers their API key and token; the next request with either is 401.
    static func erasedByAnotherProcess(_ server: TestServer) async throws {
        // PostgreSQL's instances are told through notices (erasedCredentialsAreRefusedOnEveryInstance).
        guard server.engine == .sqlite else { return }
        let user = try await server.user(days: 3)
        let keyOnly = user.withoutToken
        let tokenOnly = TestServer.User(id: user.id, apiKey: "", token: user.token)
        let command = try await server.reopen()
        try await server.test { client in
            for caller in [keyOnly, tokenOnly] {
                #expect(try await client.call(.get, "/api/v1/profile", as: caller).0 == .ok, "remembered now")
            }
            let erased = try await command.erase(user.id)
            #expect(erased == .account)
            for caller in [keyOnly, tokenOnly] {
                #expect(try await client.call(.get, "/api/v1/profile", as: caller).0 == .unauthorized)
            }
        }
        await command.shutdown()
    }
}

/// Another connection holding the key store's write lock until released:
/// SQLite's `BEGIN IMMEDIATE` on `user-keys.sqlite`, PostgreSQL's `LOCK
/// TABLE user_keys IN EXCLUSIVE MODE` (reads go on, writes wait until the
/// call timeout).
private struct KeyStoreLock {
    let engine: any SQLEngine
    let holder: Task<Void, any Error>
    let releaseSink: AsyncStream<Void>.Continuation

    init(_ server: TestServer) async throws {
        switch server.engine {
        case .sqlite:
            engine = try SQLiteEngine(
                path: server.directory.appendingPathComponent("user-keys.sqlite").path, readers: 1)
        case .postgres:
            engine = try PostgresEngine(url: try #require(server.configuration.keyDatabaseURL), maximumConnections: 1)
        }
        let (held, heldSink) = AsyncStream<Void>.makeStream()
        let (released, releaseSink) = AsyncStream<Void>.makeStream()
        let statement = server.engine == .sqlite ? "SELECT 1" : "LOCK TABLE user_keys IN EXCLUSIVE MODE"
        holder = Task { [engine] in
            defer { heldSink.finish() }
            _ = try await engine.transaction { session in
                try await session.query(statement)
                heldSink.yield()
                for await _ in released {}
            }
        }
        self.releaseSink = releaseSink
        for await _ in held { break }
    }

    func release() async throws {
        releaseSink.finish()
        try await holder.value
        await engine.shutdown()
    }
}
