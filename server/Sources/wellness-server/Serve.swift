import ArgumentParser
import Foundation
import Logging
import WellnessServer

/// `wellness-server [serve] --port 0 --data DIR [--demo] [--allow-signup]`:
/// serves the seeds' API and prints the bound port; SIGTERM or SIGINT stop it
/// gracefully. A missing, unreadable or wrong key stops it at start-up with a
/// message on stderr and exit status 78 (EX_CONFIG).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the API (the default).")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on; 0 picks a free one.") var port = 8080
    @Option(help: "Data directory (the keys, and the SQLite database unless --database is given).")
    var data = "./wellness-data"
    @Option(help: "PostgreSQL instead of SQLite: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE.")
    var database: String?
    @Option(
        help: """
            PostgreSQL database of the users' data keys, apart from --database and shared by every instance \
            (default: DIR/user-keys.sqlite on SQLite, the data database on PostgreSQL).
            """)
    var keyDatabase: String?
    @Option(help: "AI endpoint requests per user per minute.") var aiRateLimit = 10
    @Option(help: "Seconds between scheduled insight generations.") var insightInterval = 3600.0
    @Flag(help: "Seed a demo user with a year of data and print its API key and token.") var demo = false
    @Flag(help: "Serve POST /dev/users, unauthenticated sign-up (off by default).") var allowSignup = false
    @Option(help: "Sign-ups per client address per minute with --allow-signup.") var signupRateLimit = 10
    @Option(help: "Seconds a request's header may take to arrive (408 after).") var headerTimeout = 10.0
    @Option(help: "Seconds a request's body may take to arrive (408 after).") var bodyTimeout = 30.0
    @Option(help: "Seconds a kept-alive connection may stay idle.") var idleTimeout = 60.0
    @Option(help: "Seconds an API key's owner and a token revocation are remembered (0: looked up every request).")
    var authCacheTtl = Store.defaultPrincipalLifetime
    @Option(
        help:
            "Insights whose decrypted text is kept in memory, so that reading them again costs no decryption (0: none)."
    )
    var insightCacheSize = Store.defaultOpenedInsights
    @Option(
        help: ArgumentHelp(
            "Megabytes of insight list pages kept in memory, so that a page read again while the list "
                + "is unchanged is not read again (default: \(Store.defaultInsightPageBytes >> 20) on PostgreSQL, 0 (none) on SQLite).",
            valueName: "mb"))
    var pageCacheMb: Int?
    @Option(help: "Requests of one user processed at once while other users are active; more wait their turn.")
    var requestsPerUser = ServerConfiguration.defaultRequestsPerUser
    @Option(
        help: ArgumentHelp(
            "Requests of one user processed at once while no other user has been active for a second "
                + "(default: --database-connections on PostgreSQL, --requests-per-user on SQLite).", valueName: "n"))
    var requestsPerLoneUser: Int?
    @Option(help: "Threads that run network I/O (default: one per core).")
    var ioThreads = IOThreads.defaultCount
    @Option(help: "Seconds a PostgreSQL statement or transaction may take before its request fails (PostgreSQL only).")
    var databaseTimeout = Double(PostgresEngine.defaultCallTimeout.components.seconds)
    @Option(help: "PostgreSQL connections this instance opens and keeps (PostgreSQL only).")
    var databaseConnections = ServerConfiguration.defaultDatabaseConnections
    @Option(help: "SQLite reader connections (SQLite only).")
    var sqliteReaders = SQLiteEngine.defaultReaders
    @Option(
        help: ArgumentHelp(
            "An OpenAI-compatible Chat Completions endpoint, up to /v1, for insights, goal suggestions "
                + "and tips, and coach replies (default: the rules write them).", valueName: "url"))
    var aiBaseUrl: String?
    @Option(help: "The model to ask (with --ai-base-url).") var aiModel: String?
    @Option(
        help: ArgumentHelp(
            "A file holding the provider's API key (else WELLNESS_AI_API_KEY, if set).", valueName: "path"))
    var aiApiKeyFile: String?
    @Option(help: "Seconds one AI answer may take, re-ask included; then the rules answer.")
    var aiTimeout = ProviderConfiguration.defaultTimeoutSeconds
    @Option(help: "Seconds a streamed AI answer may pause between two pieces (within --ai-timeout).")
    var aiStreamIdleTimeout = ProviderConfiguration.defaultStreamIdleTimeoutSeconds
    @Option(help: "max_tokens of each provider call.") var aiMaxTokens = ProviderConfiguration.defaultMaxTokens
    @Option(help: "Provider calls in flight at once on this instance; requests beyond get the rules' answer.")
    var aiConcurrency = ProviderConfiguration.defaultConcurrency
    @Option(
        help: ArgumentHelp(
            "How the answer's JSON shape is asked for: json_schema, json_object or none.", valueName: "mode"))
    var aiStructuredOutput = ProviderConfiguration.StructuredOutput.jsonSchema.rawValue
    @Option(
        help: ArgumentHelp(
            "Provider tokens one user may spend a day (UTC); the rules answer beyond (default: no cap).",
            valueName: "n"))
    var aiDailyTokensPerUser: Int?
    @Option(
        help: ArgumentHelp(
            "Rounds of data tool calls (the query over the user's check-ins and workouts) answered per coach reply; 0 offers no tool.",
            valueName: "n"))
    var aiToolRounds = ProviderConfiguration.defaultToolRounds
    @Option(
        help: ArgumentHelp(
            "Data tool calls answered in one round; the round's further calls are refused in its results.",
            valueName: "n"))
    var aiToolCallsPerRound = ProviderConfiguration.defaultToolCallsPerRound
    @Option(
        help: ArgumentHelp(
            "Data tool calls answered over one coach reply's rounds; later calls are refused in their results.",
            valueName: "n"))
    var aiToolCallsPerReply = ProviderConfiguration.defaultToolCallsPerReply
    @Option(
        help: ArgumentHelp(
            "A safety classifier (Llama Guard style) on the same endpoint, asked about each coach message the "
                + "crisis lexicon passes, before the coach model (default: none).", valueName: "model"))
    var aiSafetyModel: String?
    @Option(help: "Seconds the safety classifier may take; then the coach is asked (the lexicon already ran).")
    var aiSafetyTimeout = ProviderConfiguration.defaultSafetyTimeoutSeconds

    func run() async throws {
        do {
            try await serve()
        } catch let error as ConfigurationError {
            throw ExitCode.configuration("cannot start", error)
        }
    }

    private func serve() async throws {
        var configuration = ServerConfiguration(dataDirectory: URL(fileURLWithPath: data))
        configuration.host = host
        configuration.databaseURL = database
        configuration.keyDatabaseURL = keyDatabase
        configuration.port = port
        configuration.aiRequestsPerWindow = aiRateLimit
        configuration.insightIntervalSeconds = insightInterval
        configuration.allowSignup = allowSignup
        configuration.signupsPerMinute = signupRateLimit
        guard authCacheTtl.isFinite, authCacheTtl >= 0, authCacheTtl <= Store.maximumPrincipalLifetime else {
            throw ValidationError(
                "--auth-cache-ttl must be between 0 and \(Int(Store.maximumPrincipalLifetime)) seconds")
        }
        guard requestsPerUser >= 1, sqliteReaders >= 1, insightCacheSize >= 0 else {
            throw ValidationError(
                "--requests-per-user and --sqlite-readers must be 1 or more, --insight-cache-size 0 or more")
        }
        if let pageCacheMb, !(0...ServerConfiguration.maximumPageCacheMegabytes).contains(pageCacheMb) {
            throw ValidationError(
                "--page-cache-mb must be between 0 and \(ServerConfiguration.maximumPageCacheMegabytes)")
        }
        if let requestsPerLoneUser, requestsPerLoneUser < requestsPerUser {
            throw ValidationError("--requests-per-lone-user must be at least --requests-per-user (\(requestsPerUser))")
        }
        guard (1...IOThreads.maximumCount).contains(ioThreads) else {
            throw ValidationError("--io-threads must be between 1 and \(IOThreads.maximumCount)")
        }
        guard databaseTimeout.isFinite, databaseTimeout >= 0.001, databaseTimeout <= 86_400 else {
            throw ValidationError("--database-timeout must be between 0.001 and 86400 seconds")
        }
        guard (1...ServerConfiguration.maximumDatabaseConnections).contains(databaseConnections) else {
            throw ValidationError(
                "--database-connections must be between 1 and \(ServerConfiguration.maximumDatabaseConnections)")
        }
        configuration.databaseConnections = databaseConnections
        configuration.databaseTimeout = .milliseconds(Int64((databaseTimeout * 1000).rounded()))
        configuration.principalLifetime = authCacheTtl
        configuration.openedInsights = insightCacheSize
        configuration.insightPageBytes = pageCacheMb.map { $0 << 20 }
        configuration.requestsPerUser = requestsPerUser
        configuration.requestsPerLoneUser = requestsPerLoneUser
        configuration.sqliteReaders = sqliteReaders
        configuration.ioThreads = ioThreads
        configuration.timeouts = try ServerTimeouts.seconds(header: headerTimeout, body: bodyTimeout, idle: idleTimeout)
        configuration.ai = try providerConfiguration()
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

    /// The provider of the `--ai-*` options, or nil without `--ai-base-url`. The key comes from a file or the
    /// environment, never from the command line (where `ps` shows it).
    private func providerConfiguration() throws -> ProviderConfiguration? {
        guard let aiBaseUrl else {
            guard aiModel == nil, aiApiKeyFile == nil, aiSafetyModel == nil else {
                throw ValidationError("--ai-model, --ai-api-key-file and --ai-safety-model need --ai-base-url")
            }
            return nil
        }
        guard let aiModel else { throw ValidationError("--ai-base-url needs --ai-model") }
        guard let mode = ProviderConfiguration.StructuredOutput(rawValue: aiStructuredOutput) else {
            throw ValidationError("--ai-structured-output must be json_schema, json_object or none")
        }
        guard aiTimeout.isFinite, aiTimeout > 0, aiTimeout <= 600 else {
            throw ValidationError("--ai-timeout must be more than 0 and at most 600 seconds")
        }
        guard aiStreamIdleTimeout.isFinite, aiStreamIdleTimeout > 0, aiStreamIdleTimeout <= 600 else {
            throw ValidationError("--ai-stream-idle-timeout must be more than 0 and at most 600 seconds")
        }
        var ai = ProviderConfiguration(baseURL: aiBaseUrl, model: aiModel, apiKey: try apiKey())
        ai.timeout = .milliseconds(Int64((aiTimeout * 1000).rounded()))
        ai.streamIdleTimeout = .milliseconds(Int64((aiStreamIdleTimeout * 1000).rounded()))
        ai.maxTokens = aiMaxTokens
        ai.concurrency = aiConcurrency
        ai.structuredOutput = mode
        ai.dailyTokensPerUser = aiDailyTokensPerUser
        ai.toolRounds = aiToolRounds
        ai.toolCallsPerRound = aiToolCallsPerRound
        ai.toolCallsPerReply = aiToolCallsPerReply
        guard aiSafetyTimeout.isFinite, aiSafetyTimeout > 0, aiSafetyTimeout <= 60 else {
            throw ValidationError("--ai-safety-timeout must be more than 0 and at most 60 seconds")
        }
        ai.safetyModel = aiSafetyModel
        ai.safetyTimeout = .milliseconds(Int64((aiSafetyTimeout * 1000).rounded()))
        do {
            try ai.validate()
        } catch let error as ProviderConfiguration.Invalid {
            throw ValidationError(error.description)
        }
        return ai
    }

    private func apiKey() throws -> String? {
        guard let aiApiKeyFile else {
            return ProcessInfo.processInfo.environment["WELLNESS_AI_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let data = FileManager.default.contents(atPath: aiApiKeyFile),
            let text = String(data: data, encoding: .utf8)
        else {
            throw ValidationError("--ai-api-key-file: cannot read \(aiApiKeyFile)")
        }
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { throw ValidationError("--ai-api-key-file: \(aiApiKeyFile) is empty") }
        return key
    }
}
