import ArgumentParser
import Foundation
import WellnessServer

/// Where the data is: the options of every subcommand that opens the store
/// (`serve`, `seed`, `keys`, `erase-user`, `export-user`), declared once.
struct StorageOptions: ParsableArguments {
    /// `--data`'s default, also that of `rotate-token-key`, which reads only the directory's key file.
    static let defaultDataDirectory = "./wellness-data"

    @Option(help: "Data directory (the keys, and the SQLite database unless --database is given).")
    var data = defaultDataDirectory
    @Option(help: "PostgreSQL instead of SQLite: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE.")
    var database: String?
    @Option(
        help: """
            PostgreSQL database of the users' data keys, apart from --database and shared by every instance \
            (default: DIR/user-keys.sqlite on SQLite, the data database on PostgreSQL).
            """)
    var keyDatabase: String?

    /// Refuses what can be told wrong without opening anything; a database that cannot be opened is a
    /// configuration error at start-up (exit 78), as a wrong key is.
    func validate() throws {
        guard !data.isEmpty else { throw ValidationError("--data must not be empty") }
        if let database, database.isEmpty { throw ValidationError("--database must not be empty") }
        if let keyDatabase, keyDatabase.isEmpty { throw ValidationError("--key-database must not be empty") }
    }

    /// The configuration of these options, every other part at its default.
    func configuration() -> ServerConfiguration {
        var configuration = ServerConfiguration(dataDirectory: URL(fileURLWithPath: data))
        configuration.databaseURL = database
        configuration.keyDatabaseURL = keyDatabase
        return configuration
    }

    /// Opens the store of these options.
    /// - Parameter what: What could not be done, said on stderr before exit status 78 when the store cannot open.
    func openStore(_ what: String) async throws -> Store {
        do {
            return try await WellnessApplication.openStore(configuration()).0
        } catch let error as ConfigurationError {
            throw ExitCode.configuration(what, error)
        }
    }
}
