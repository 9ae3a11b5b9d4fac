import ArgumentParser
import Foundation
import WellnessKitCore
import WellnessServer

/// `wellness-server seed --data DIR --insights 10,1000`: one user per count,
/// holding that many insights, printed as JSON lines (for load tests).
struct Seed: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create load-test users holding the given numbers of insights; print them as JSON lines.")

    @Option(help: "Data directory (database and keys).") var data = "./wellness-data"
    @Option(help: "Comma-separated insight counts, one user each (0–1000000).") var insights = "10"

    func run() throws {
        let counts = insights.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? -1) >= 0 && ($0 ?? -1) <= 1_000_000 }) else {
            throw ValidationError("--insights must be comma-separated counts from 0 to 1000000")
        }
        do {
            var configuration = ServerConfiguration(dataDirectory: URL(fileURLWithPath: data))
            configuration.port = 0
            let (store, _) = try WellnessApplication.openStore(configuration)
            for count in counts.compactMap({ $0 }) {
                let user = try LoadTestData.seed(store, insights: count)
                let line = JSONObject([
                    ("insights", .number(String(count))), ("user_id", .string(user.id)), ("api_key", .string(user.apiKey)),
                    ("first_insight", user.insightId.map(JSONValue.string) ?? .null),
                ])
                print(try JSONWriter.string(.object(line)))
            }
        } catch let error as ConfigurationError {
            throw ExitCode.configuration("cannot seed", error)
        }
    }
}
