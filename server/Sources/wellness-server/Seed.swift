import ArgumentParser
import Foundation
import WellnessKitCore
import WellnessServer

/// `wellness-server seed --data DIR --insights 10,1000`: one user per count,
/// holding that many insights, printed as JSON lines (for load tests).
struct Seed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create load-test users holding the given numbers of insights; print them as JSON lines.")

    @Option(help: "Data directory (the keys, and the SQLite database unless --database is given).")
    var data = "./wellness-data"
    @Option(help: "PostgreSQL instead of SQLite: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE.")
    var database: String?
    @Option(help: "PostgreSQL database of the users' data keys, as for `serve`.")
    var keyDatabase: String?
    @Option(help: "Comma-separated insight counts, one user each (0–1000000).") var insights = "10"

    func run() async throws {
        let counts = insights.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? -1) >= 0 && ($0 ?? -1) <= 1_000_000 }) else {
            throw ValidationError("--insights must be comma-separated counts from 0 to 1000000")
        }
        var configuration = ServerConfiguration(dataDirectory: URL(fileURLWithPath: data))
        configuration.databaseURL = database
        configuration.keyDatabaseURL = keyDatabase
        let store: Store
        do {
            store = try await WellnessApplication.openStore(configuration).0
        } catch let error as ConfigurationError {
            throw ExitCode.configuration("cannot seed", error)
        }
        do {
            for count in counts.compactMap({ $0 }) {
                let user = try await LoadTestData.seed(store, insights: count)
                let line = JSONObject([
                    ("insights", .number(String(count))), ("user_id", .string(user.id)),
                    ("api_key", .string(user.apiKey)),
                    ("first_insight", user.insightId.map(JSONValue.string) ?? .null),
                ])
                print(try JSONWriter.string(.object(line)))
            }
        } catch {
            await store.shutdown()
            throw error
        }
        await store.shutdown()
    }
}
