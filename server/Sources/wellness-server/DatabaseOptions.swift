import ArgumentParser
import WellnessServer

/// How `serve` uses its database: connections and their deadline.
struct DatabaseOptions: ParsableArguments {
    @Option(help: "Seconds a PostgreSQL statement or transaction may take before its request fails (PostgreSQL only).")
    var databaseTimeout = Double(PostgresEngine.defaultCallTimeout.components.seconds)
    @Option(help: "PostgreSQL connections this instance opens and keeps (PostgreSQL only).")
    var databaseConnections = ServerConfiguration.defaultDatabaseConnections
    @Option(help: "SQLite reader connections (SQLite only).")
    var sqliteReaders = SQLiteEngine.defaultReaders

    func validate() throws {
        guard databaseTimeout.isFinite, databaseTimeout >= 0.001, databaseTimeout <= 86_400 else {
            throw ValidationError("--database-timeout must be between 0.001 and 86400 seconds")
        }
        guard (1...ServerConfiguration.maximumDatabaseConnections).contains(databaseConnections) else {
            throw ValidationError(
                "--database-connections must be between 1 and \(ServerConfiguration.maximumDatabaseConnections)")
        }
        guard sqliteReaders >= 1 else { throw ValidationError("--sqlite-readers must be 1 or more") }
    }

    /// Sets the configuration's connections and their deadline.
    func apply(to configuration: inout ServerConfiguration) {
        configuration.databaseConnections = databaseConnections
        configuration.databaseTimeout = .milliseconds(ofSeconds: databaseTimeout)
        configuration.sqliteReaders = sqliteReaders
    }
}
