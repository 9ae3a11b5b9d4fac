import ArgumentParser
import Foundation
import WellnessKitCore
import WellnessServer

/// `wellness-server keys list|create|revoke USER ...`: a user's API keys, as
/// `GET|POST|DELETE /api/v1/auth/keys` manage them, for an operator.
struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List, create or revoke a user's API keys.",
        discussion: """
            A revoked key is refused at once by this database; a running instance that saw it in the last \
            --auth-cache-ttl seconds may accept it until then. The user's last key cannot be revoked.
            """,
        subcommands: [List.self, Create.self, Revoke.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the user's keys (id, prefix, created_at; never the key) as a JSON line.")
        @OptionGroup var storage: StorageOptions
        @Argument(help: "The user's id.") var user: String

        func run() async throws {
            try await storage.run { store in .array(try await store.apiKeys.list(of: user).map { $0.json() }) }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a key for the user; print it (shown only this once) with its id as a JSON line.")
        @OptionGroup var storage: StorageOptions
        @Argument(help: "The user's id.") var user: String

        func run() async throws {
            try await storage.run { store in
                let created = try await store.apiKeys.create(for: user)
                return created.record.json(apiKey: created.apiKey)
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke one of the user's keys (not the last).")
        @OptionGroup var storage: StorageOptions
        @Argument(help: "The user's id.") var user: String
        @Argument(help: "The key's id, as `keys list` prints it.") var key: String

        func run() async throws {
            try await storage.run { store in
                try await store.apiKeys.revoke(key, of: user)
                return .object(JSONObject([("revoked", .string(key))]))
            }
        }
    }
}
