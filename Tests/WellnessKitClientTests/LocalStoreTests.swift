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
