import ArgumentParser
import Foundation
import WellnessKitCore
import WellnessServer

/// `wellness-server seed --data DIR --insights 10,1000`: one user per count,
/// holding that many insights, printed as JSON lines (for load tests).
struct Seed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create load-test users holding the given numbers of insights; print them as JSON lines.")

    @OptionGroup var storage: StorageOptions
    @Option(help: "Comma-separated insight counts, one user each (0–1000000).") var insights = "10"

    func validate() throws {
        _ = try counts()
    }

    func run() async throws {
        let counts = try counts()
        let store = try await storage.openStore("cannot seed")
        do {
            for count in counts {
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

    /// The `--insights` counts.
    private func counts() throws -> [Int] {
        let counts = insights.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? -1) >= 0 && ($0 ?? -1) <= 1_000_000 }) else {
            throw ValidationError("--insights must be comma-separated counts from 0 to 1000000")
        }
        return counts.compactMap { $0 }
    }
}
