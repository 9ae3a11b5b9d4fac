import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import WellnessKitCore

/// Builds the server: storage (SQLite in `<data>/wellness.sqlite`, or PostgreSQL), the encryption and
/// token keys, the routes, and the insight schedule.
public enum WellnessApplication {
    /// The store for a configuration: SQLite in `<data>/wellness.sqlite`, or
    /// PostgreSQL at ``ServerConfiguration/databaseURL``; the data directory
    /// and key are created on first run.
    ///
    /// A key is generated only while the database holds no sealed data, and
    /// never over an existing key file; the key must open the database's key
    /// check value. Database and key files are mode 0600. `clock` is the
    /// store's time in epoch milliseconds: the wall clock unless a test passes its own;
    /// `principalClock` the monotonic nanoseconds its remembered principals expire by.
    /// - Throws: ``ConfigurationError`` when the key is missing, unreadable or
    ///   wrong for the data, or the database is from an earlier version (the
    ///   server must not start), or storage fails.
    public static func openStore(
        _ configuration: ServerConfiguration,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "wellness-server"), metrics: ServerMetrics? = nil,
        clock: @escaping @Sendable () -> Int64 = Store.nowMilliseconds,
        principalClock: @escaping @Sendable () -> UInt64 = Store.uptimeNanoseconds
    ) async throws
        -> (Store, Credentials)
    {
        try FileManager.default.createDirectory(
            at: configuration.dataDirectory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let engine: any SQLEngine
        if let url = configuration.databaseURL {
            engine = try PostgresEngine(
                url: url, maximumConnections: configuration.databaseConnections,
                callTimeout: configuration.databaseTimeout, logger: logger, metrics: metrics)
        } else {
            engine = try SQLiteEngine(
                path: configuration.dataDirectory.appendingPathComponent("wellness.sqlite").path,
                readers: configuration.sqliteReaders, metrics: metrics)
        }
        let keyEngine: any SQLEngine
        do {
            keyEngine = try userKeyEngine(configuration, data: engine, logger: logger)
        } catch {
            await engine.shutdown()
            throw error
        }
        do {
            let state = try await Store.inspect(engine)
            let cipher = try FieldCipher.load(
                dataDirectory: configuration.dataDirectory, environment: environment,
                mayCreate: state.isEmpty)
            let tokenKeys = try TokenKeys.load(dataDirectory: configuration.dataDirectory, environment: environment)
            let store = try await Store.open(
                engine: engine, cipher: cipher, keyEngine: keyEngine,
                principalLifetime: configuration.principalLifetime,
                openedInsights: configuration.openedInsights,
                insightPageBytes: configuration.effectiveInsightPageBytes, clock: clock,
                principalClock: principalClock)
            return (store, Credentials(keys: tokenKeys))
        } catch {
            await engine.shutdown()
            if (keyEngine as AnyObject) !== (engine as AnyObject) { await keyEngine.shutdown() }
            throw error
        }
    }

    /// Where the users' data keys are (``ServerConfiguration/keyDatabaseURL``):
    /// the key database, else `DIR/user-keys.sqlite` beside a SQLite database,
    /// else the PostgreSQL data database itself (with a warning).
    private static func userKeyEngine(_ configuration: ServerConfiguration, data: any SQLEngine, logger: Logger)
        throws -> any SQLEngine
    {
        if let url = configuration.keyDatabaseURL {
            return try PostgresEngine(
                url: url, maximumConnections: 2, callTimeout: configuration.databaseTimeout, logger: logger)
        }
        guard configuration.databaseURL == nil else {
            logger.warning(
                """
                the users' data keys are in the data database: an erased user's data stays readable in copies \
                of it (backups, dumps); give --key-database to keep them apart
                """)
            return data
        }
        return try SQLiteEngine(
            path: configuration.dataDirectory.appendingPathComponent("user-keys.sqlite").path, readers: 1)
    }

    public static func router(
        store: Store, credentials: Credentials, configuration: ServerConfiguration,
        metrics: ServerMetrics = ServerMetrics(), aiLogger: Logger = Logger(label: "wellness-server.ai")
    ) -> Router<AppRequestContext> {
        let router = Router(context: AppRequestContext.self)
        // Outermost first: the log and the metrics time the whole request; HEAD
        // runs as GET; every error becomes the envelope; an announced body over
        // the limit is refused before it is read; a wrong method on a known path is 405.
        router.add(middleware: RequestLogMiddleware(metrics: metrics))
        router.add(middleware: HeadMiddleware())
        router.add(middleware: ErrorEnvelopeMiddleware())
        router.add(middleware: BodyLimitMiddleware())
        var routes = AppState(
            store: store, credentials: credentials,
            limiter: RateLimiter(
                store: store, capacity: configuration.aiRequestsPerWindow,
                window: configuration.aiWindowSeconds),
            signupLimiter: configuration.allowSignup
                ? RateLimiter(store: store, capacity: configuration.signupsPerMinute, window: 60) : nil)
        routes.userLimit = UserConcurrencyLimit(
            limit: configuration.requestsPerUser, aloneLimit: configuration.effectiveRequestsPerLoneUser)
        routes.provider = MeteredProvider(
            base: provider(configuration, store: store, metrics: metrics, logger: aiLogger), metrics: metrics)
        routes.metrics = metrics
        routes.idempotencyLeaseMilliseconds = configuration.idempotencyLeaseMilliseconds
        routes.dailyMetricsLimits = (configuration.dailyMetricsDaysPerRequest, configuration.dailyMetricsPerDay)
        routes.safetyClassifier = configuration.ai.flatMap { ai in
            ai.safetyModel.map { SafetyClassifier(configuration: ai, model: $0) }
        }
        router.add(middleware: MethodNotAllowedMiddleware(allowedMethods: routes.allowedMethods))
        routes.register(on: router)
        return router
    }

    /// The configured language model, or the rules.
    static func provider(
        _ configuration: ServerConfiguration, store: Store, metrics: ServerMetrics, logger: Logger
    ) -> any GenerationProvider {
        guard let ai = configuration.ai else { return RulesProvider() }
        return ChatCompletionsProvider(
            configuration: ai, ledger: StoreTokenLedger(store: store, logger: logger), logger: logger,
            metrics: metrics)
    }

    /// HTTP/1.1 with the configuration's read and idle deadlines, where a
    /// request the HTTP parser rejects gets the error envelope too.
    public static func httpServer(_ configuration: ServerConfiguration) -> HTTPServerBuilder {
        .wellness(timeouts: configuration.timeouts)
    }

    /// The application, ready to run; `onBound` receives the bound port.
    public static func build(
        _ configuration: ServerConfiguration, logger: Logger,
        onBound: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws -> some ApplicationProtocol {
        let metrics = ServerMetrics()
        let (store, credentials) = try await openStore(configuration, logger: logger, metrics: metrics)
        var app = Application(
            router: router(store: store, credentials: credentials, configuration: configuration, metrics: metrics),
            server: httpServer(configuration),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "wellness-server"),
            onServerRunning: { channel in onBound(channel.localAddress?.port ?? 0) },
            eventLoopGroupProvider: .shared(IOThreads.group(threads: configuration.ioThreads)),
            logger: logger)
        app.addServices(InsightSchedule(store: store, interval: configuration.insightIntervalSeconds, logger: logger))
        return app
    }
}
