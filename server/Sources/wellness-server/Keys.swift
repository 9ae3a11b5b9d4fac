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

    /// Where the data is, as for `serve`.
    struct DataOptions: ParsableArguments {
        @Option(help: "Data directory (the keys, and the SQLite database unless --database is given).")
        var data = "./wellness-data"
        @Option(help: "PostgreSQL instead of SQLite: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE.")
        var database: String?
        @Option(help: "PostgreSQL database of the users' data keys, as for `serve`.")
        var keyDatabase: String?

        /// Opens the store, runs `body` on it, and prints its JSON line; a refusal exits 1 with the reason.
        func run(_ body: (Store) async throws -> JSONValue) async throws {
            var configuration = ServerConfiguration(dataDirectory: URL(fileURLWithPath: data))
            configuration.databaseURL = database
            configuration.keyDatabaseURL = keyDatabase
            let store: Store
            do {
                store = try await WellnessApplication.openStore(configuration).0
            } catch let error as ConfigurationError {
                throw ExitCode.configuration("cannot open the database", error)
            }
            let result: Result<JSONValue, any Error>
            do {
                result = .success(try await body(store))
            } catch {
                result = .failure(error)
            }
            await store.shutdown()
            switch result {
            case .success(let line): print(try JSONWriter.string(line))
            case .failure(let refusal as APIKeyRefusal):
                FileHandle.standardError.write(Data("wellness-server: keys: \(refusal.description)\n".utf8))
                throw ExitCode.failure
            case .failure(let failure as KeyStoreUnavailable):
                FileHandle.standardError.write(Data("wellness-server: \(failure.description); retry later\n".utf8))
                throw ExitCode(75)  // EX_TEMPFAIL: nothing was done; the same command succeeds later.
            case .failure(let refusal as UnknownUser):
                FileHandle.standardError.write(Data("wellness-server: \(refusal.description)\n".utf8))
                throw ExitCode.failure
            case .failure(let error): throw error
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the user's keys (id, prefix, created_at; never the key) as a JSON line.")
        @OptionGroup var options: DataOptions
        @Argument(help: "The user's id.") var user: String

        func run() async throws {
            try await options.run { store in .array(try await store.apiKeys(of: user).map { $0.json() }) }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a key for the user; print it (shown only this once) with its id as a JSON line.")
        @OptionGroup var options: DataOptions
        @Argument(help: "The user's id.") var user: String

        func run() async throws {
            try await options.run { store in
                let created = try await store.createAPIKey(for: user)
                return created.record.json(apiKey: created.apiKey)
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke one of the user's keys (not the last).")
        @OptionGroup var options: DataOptions
        @Argument(help: "The user's id.") var user: String
        @Argument(help: "The key's id, as `keys list` prints it.") var key: String

        func run() async throws {
            try await options.run { store in
                try await store.revokeAPIKey(key, of: user)
                return .object(JSONObject([("revoked", .string(key))]))
            }
        }
    }
}
