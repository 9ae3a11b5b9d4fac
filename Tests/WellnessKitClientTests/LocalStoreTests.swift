import Foundation
import Testing
import WellnessSQLite
import WellnessTestSupport

@testable import WellnessKitClient
@testable import WellnessKitCore

/// The local store's files, schema versions, and
/// per-goal interval preferences shared by threads and instances.
@Suite struct LocalStoreTests {
    private func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wellness-store-\(UUID().uuidString)/a/b").path
    }

    @Test func erasingOneOwnerLeavesNothingOfItAndEverythingOfTheOthers() throws {
        let store = try LocalStore(directory: directory())
        let erased = OfflineScope(baseURL: "http://127.0.0.1:1", credential: "key-a", cipher: nil)
        let kept = OfflineScope(baseURL: "http://127.0.0.1:1", credential: "key-b", cipher: nil)
        for scope in [erased, kept] {
            try store.cachePut(.object(JSONObject([("n", .int(1))])), key: "/api/v1/goals", scope: scope)
            try store.cachePut(.object(JSONObject([("n", .int(2))])), key: "/api/v1/insights", scope: scope)
            _ = try store.enqueue(
                LocalStore.OutboxEntry(
                    operation: "create_goal", method: "POST", path: "/api/v1/goals", body: .object(JSONObject()),
                    idempotencyKey: UUID().uuidString, reason: "offline"),
                scope: scope)
        }
        try store.setIntervalPreference(.week, goalId: "g")

        #expect(try store.erase(scope: erased) == LocalStore.Erasure(cached: 2, pending: 1, failed: 0))
        #expect(try store.cacheGet(key: "/api/v1/goals", scope: erased) == nil)
        #expect(try store.pendingWrites(scope: erased).isEmpty)
        #expect(try store.cacheGet(key: "/api/v1/goals", scope: kept) != nil)
        #expect(try store.pendingWrites(scope: kept).count == 1)
        #expect(try store.intervalPreference(goalId: "g") == .week)
        #expect(try store.erase(scope: erased) == LocalStore.Erasure(cached: 0, pending: 0, failed: 0))
    }

    @Test func filesArePrivateAndTheSchemaIsVersioned() throws {
        let path = directory()
        let store = try LocalStore(directory: path)
        try store.setIntervalPreference(.week, goalId: "g")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.posixPermissions] as? Int == 0o700)
        for file in ["store.sqlite", "store.sqlite-wal", "store.sqlite-shm", "store.lock"] {
            let mode = try FileManager.default.attributesOfItem(atPath: "\(path)/\(file)")[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file)")
        }
        let version = try store.withConnection { try $0.query("PRAGMA user_version").first?.integer("user_version") }
        #expect(version == LocalStore.schemaVersion)
        let mode = try store.withConnection { try $0.query("PRAGMA journal_mode").first?.text("journal_mode") }
        #expect(mode == "wal")
    }

    @Test func aStoreFromANewerLibraryIsRefused() throws {
        let path = directory()
        let store = try LocalStore(directory: path)
        try store.withConnection { try $0.execute("PRAGMA user_version = 99") }
        #expect(throws: WellnessError.self) { try LocalStore(directory: path) }
    }

    @Test func preferencesArePerGoalAndSurviveReopening() throws {
        let path = directory()
        do {
            let store = try LocalStore(directory: path)
            try store.setIntervalPreference(.month, goalId: "g1")
            try store.setIntervalPreference(.week, goalId: "g2")
            try store.setIntervalPreference(.quarter, goalId: "g2")
        }
        let reopened = try LocalStore(directory: path)
        #expect(try reopened.intervalPreference(goalId: "g1") == .month)
        #expect(try reopened.intervalPreference(goalId: "g2") == .quarter)
        #expect(try reopened.intervalPreference(goalId: "g3") == nil)
        try reopened.setIntervalPreference(nil, goalId: "g1")
        #expect(try reopened.intervalPreference(goalId: "g1") == nil)
    }

    @Test func manyThreadsOnTwoInstancesLoseNothing() throws {
        let path = directory()
        let stores = [try LocalStore(directory: path), try LocalStore(directory: path)]
        let failures = ManagedCount()
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            do {
                try stores[index % 2].setIntervalPreference(.year, goalId: "goal-\(index)")
            } catch {
                failures.increment()
            }
        }
        #expect(failures.value == 0)
        let count = try stores[0].withConnection {
            try $0.query("SELECT COUNT(*) AS n FROM interval_preferences").first?.integer("n")
        }
        #expect(count == 200)
    }

    /// Processes that start together open a fresh store together: the first
    /// open (switching to WAL, migrating) must not refuse the others.
    @Test func storesOpenedTogetherOnAFreshDirectoryAllOpen() throws {
        let failures = ManagedCount()
        for _ in 0..<40 {
            let path = directory()
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do {
                    try LocalStore(directory: path).setIntervalPreference(.week, goalId: "g")
                } catch {
                    failures.increment()
                }
            }
        }
        #expect(failures.value == 0)
    }

    @Test func aGoalIdStandsForItsIntervalUnlessOneIsGiven() throws {
        let configuration = try ClientConfiguration(
            json: JSONParser.parse(
                #"{"base_url":"http://127.0.0.1:9","api_key":"k","store_directory":"\#(directory())"}"#))
        let client = WellnessClient(configuration: configuration)
        try client.setIntervalPreference(.month, goalId: "g1")
        #expect(
            try client.resolvingGoalInterval(JSONParser.parse(#"{"goal_id":"g1","kind":"numeric"}"#))
                == JSONParser.parse(#"{"kind":"numeric","interval":"month"}"#))
        #expect(
            try client.resolvingGoalInterval(JSONParser.parse(#"{"goal_id":"g1","interval":"day"}"#))
                == JSONParser.parse(#"{"interval":"day"}"#))
        #expect(try client.resolvingGoalInterval(JSONParser.parse(#"{"goal_id":"other"}"#)) == JSONParser.parse("{}"))
        #expect(throws: WellnessError.self) { try client.resolvingGoalInterval(JSONParser.parse(#"{"goal_id":7}"#)) }
        let storeless = WellnessClient(
            configuration: try ClientConfiguration(
                json: JSONParser.parse(
                    #"{"base_url":"http://127.0.0.1:9","api_key":"k","store_directory":false}"#)))
        #expect(throws: WellnessError.self) { try storeless.intervalPreference(goalId: "g1") }
    }
}

final class ManagedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }

    func increment() {
        lock.withLock { count += 1 }
    }
}
