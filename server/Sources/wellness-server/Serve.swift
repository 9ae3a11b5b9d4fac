import ArgumentParser
import Foundation
import Logging
import WellnessServer

/// `wellness-server [serve] --port 0 --data DIR [--demo] [--allow-signup]`:
/// serves the seeds' API and prints the bound port; SIGTERM or SIGINT stop it
/// gracefully. A missing, unreadable or wrong key stops it at start-up with a
/// message on stderr and exit status 78 (EX_CONFIG); an option out of range,
/// before anything is opened, with exit status 64 (EX_USAGE).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the API (the default).")

    /// The longest `--insight-interval`: a year, which also keeps its milliseconds far from overflowing.
    static let maximumInsightInterval = 365.0 * 86_400

    // The groups' order is that of `--help`.
    @OptionGroup var network: NetworkOptions
    @OptionGroup var storage: StorageOptions
    @OptionGroup var limits: LimitOptions
    @Option(help: "Seconds between scheduled insight generations.") var insightInterval = 3600.0
    @Flag(help: "Seed a demo user with a year of data and print its API key and token.") var demo = false
    @Flag(help: "Serve POST /dev/users, unauthenticated sign-up (off by default).") var allowSignup = false
    @OptionGroup var caches: CacheOptions
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var ai: AIOptions

    /// The groups check their own options before this.
    func validate() throws {
        guard insightInterval.isFinite, insightInterval > 0, insightInterval <= Self.maximumInsightInterval else {
            throw ValidationError(
                "--insight-interval must be more than 0 and at most \(Int(Self.maximumInsightInterval)) seconds")
        }
    }

    /// The configuration of every group; the options were validated when parsed.
    func serverConfiguration() throws -> ServerConfiguration {
        var configuration = storage.configuration()
        try network.apply(to: &configuration)
        limits.apply(to: &configuration)
        caches.apply(to: &configuration)
        database.apply(to: &configuration)
        configuration.insightIntervalSeconds = insightInterval
        configuration.allowSignup = allowSignup
        configuration.ai = try ai.provider()
        return configuration
    }

    func run() async throws {
        do {
            try await serve()
        } catch let error as ConfigurationError {
            throw ExitCode.configuration("cannot start", error)
        }
    }

    private func serve() async throws {
        let configuration = try serverConfiguration()
        LoggingSystem.bootstrap { JSONLogHandler(label: $0) }
        var logger = Logger(label: "wellness-server")
        logger.logLevel = .info
        if demo {
            let (store, credentials) = try await WellnessApplication.openStore(configuration, logger: logger)
            let user = try await DemoData.seed(store)
            await store.shutdown()
            print("demo user \(user.id)\napi_key \(user.apiKey)\ntoken \(credentials.token(for: user.id))")
        }
        if let ai = configuration.ai { logger.info("AI provider: \(ai)") }
        let host = configuration.host
        let app = try await WellnessApplication.build(configuration, logger: logger) { port in
            print("listening on \(host):\(port)")
            fflush(stdout)
        }
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
