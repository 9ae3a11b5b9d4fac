import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// PostgreSQL through postgres-nio's connection pool and async API (no
/// thread ever blocks on the database).
///
/// Several server instances may share one database: everything they must
/// agree on (rate limits, the insight schedule, the key check value) is in
/// it, see ``Store``.
public final class PostgresEngine: SQLEngine, @unchecked Sendable {
    public var dialect: SQLDialect { .postgres }
    public let location: String
    private let client: PostgresClient
    private let runner: Task<Void, Never>
    /// The pool of one connection that ``watch(channel:_:)`` opens, beside the others.
    private let watchConfiguration: PostgresClient.Configuration
    private let watcherLock = NSLock()
    private var watchers: [Task<Void, Never>] = []
    private let logger: Logger
    private let connectionWait: TimeAmount
    private let callTimeout: TimeAmount
    private let metrics: ServerMetrics?
    /// Where the calls' timers run (a NIO timer costs less than a task).
    private let timers: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton

    /// Connects lazily to `url`, `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`
    /// (`?sslmode=disable` or none: plain TCP; `sslmode=require`: TLS).
    /// - Throws: ``ConfigurationError`` when the URL is not one.
    /// - Parameters:
    ///   - connectionWait: how long a call waits for a pooled connection before
    ///     it fails (the database is down or every connection busy).
    ///   - callTimeout: how long a call may take on its connection (a statement,
    ///     or a whole transaction); PostgreSQL's `statement_timeout` is set to it
    ///     too, so that the database stops what the call abandoned.
    ///   - metrics: where each call's wait for its pooled connection is reported.
    public init(
        url: String, maximumConnections: Int = 20, connectionWait: Duration = .seconds(10),
        callTimeout: Duration = defaultCallTimeout,
        logger: Logger = Logger(label: "wellness-server.postgres"), metrics: ServerMetrics? = nil
    ) throws {
        self.metrics = metrics
        let parsed = try Self.parse(url)
        location = parsed.location
        var configuration = parsed.configuration
        // postgres-nio runs an idle connection's keep-alive (30 s) and idle
        // timeout (60 s) as sleeping tasks that the next lease cancels, but
        // that stay in memory until they would have fired. Measured under list
        // load: about 1 KB a request, RSS 64 -> 173 MB within 70 s and throughput
        // down 9 % (33 % in the full benchmark). So the pool opens all its
        // connections and keeps them (no idle timeout), and sends no keep-alive
        // queries: a connection the server closed is dropped at once, one
        // silently lost is noticed when used (and the call timeout bounds that).
        configuration.options.maximumConnections = max(maximumConnections, 1)
        configuration.options.minimumConnections = configuration.options.maximumConnections
        configuration.options.keepAliveBehavior = nil
        self.connectionWait = Self.timeAmount(connectionWait)
        self.callTimeout = Self.timeAmount(callTimeout)
        let milliseconds = max(self.callTimeout.nanoseconds / 1_000_000, 1)
        // Generic plans for the prepared reads: once the tables have statistics,
        // PostgreSQL's default planned a custom plan on every run of a list
        // (its generic plan's estimate was the average user's rows), which is
        // the parse-and-plan cost preparing is there to save. Every read is an
        // index lookup by user or id, so the generic plan is the same plan.
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", "\(milliseconds)"), ("plan_cache_mode", "force_generic_plan"),
        ]
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        var watching = configuration
        watching.options.maximumConnections = 1
        watching.options.minimumConnections = 0
        watchConfiguration = watching
        self.logger = logger
        let client = client
        runner = Task { await client.run() }
    }

    /// The longest a call may take on its connection by default.
    public static let defaultCallTimeout = Duration.seconds(30)

    /// `duration` in nanoseconds, saturating.
    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow else { return .nanoseconds(seconds < 0 ? 0 : .max) }
        let total = nanoseconds.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000)
        return .nanoseconds(total.overflow ? .max : max(total.partialValue, 0))
    }

    deinit {
        for watcher in watcherLock.withLock({ watchers }) { watcher.cancel() }
        runner.cancel()
    }

    static func parse(_ url: String) throws -> (configuration: PostgresClient.Configuration, location: String) {
        let invalid = ConfigurationError(
            "--database must be postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|require]")
        guard let components = URLComponents(string: url),
            components.scheme == "postgres" || components.scheme == "postgresql",
            let host = components.host, !host.isEmpty,
            let user = components.user, !user.isEmpty
        else { throw invalid }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty else { throw invalid }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw invalid }
        let sslMode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
        let tls: PostgresClient.Configuration.TLS
        switch sslMode {
        case "disable": tls = .disable
        case "require": tls = .require(.makeClientConfiguration())
        default: throw invalid
        }
        let configuration = PostgresClient.Configuration(
            host: host, port: port, username: user,
            password: components.password, database: database, tls: tls)
        return (configuration, "postgres://\(user)@\(host):\(port)/\(database)")
    }

    @discardableResult
    public func query(_ sql: String, _ parameters: [SQLValue]) async throws -> [SQLRow] {
        let statement = try Self.statement(sql, parameters)
        let isSelect = SQLStatement.isSelect(sql)
        return try await Self.failures {
            try await withConnection { [self] connection in
                if isSelect { return try await read(statement, parameters, on: connection) }
                return try await Self.rows(connection.query(statement, logger: logger))
            }
        }
    }

    /// `body` with a pooled connection, within ``connectionWait`` for the
    /// connection and ``callTimeout`` on it (``PostgresCall``).
    private func withConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws -> T
    {
        let asked = ContinuousClock.now
        return try await PostgresCall.run(
            connectionWait: connectionWait, callTimeout: callTimeout, timers: timers.next(),
            lease: { [client] in try await client.withConnection($0) }
        ) { [metrics] connection in
            metrics?.databaseWait(.pool, asked.duration(to: .now))
            return try await body(connection)
        }
    }

    /// A read, prepared on the connection (see ``PostgresStatementCache``); run
    /// again unprepared when that fails, since postgres-nio keeps failing a
    /// statement whose preparation failed once on a connection.
    private func read(_ query: PostgresQuery, _ parameters: [SQLValue], on connection: PostgresConnection)
        async throws -> [SQLRow]
    {
        do {
            if let rows = try await PostgresStatementCache.shared.rows(
                query.sql, query.binds, types: parameters.map { $0.postgresType }, on: connection, logger: logger)
            {
                return rows
            }
        } catch {
            logger.debug("prepared read failed; running it unprepared", metadata: ["error": "\(error)"])
        }
        return try await Self.rows(connection.query(query, logger: logger))
    }

    public func transaction<T: Sendable>(lock: Int64?, _ body: @escaping @Sendable (any SQLSession) async throws -> T)
        async throws -> T
    {
        let logger = logger
        return try await Self.failures {
            try await withConnection { connection in
                try await connection.query("BEGIN", logger: logger)
                do {
                    if let lock {
                        try await connection.query(
                            Self.statement("SELECT pg_advisory_xact_lock(?)", [.integer(lock)]),
                            logger: logger)
                    }
                    let session = PostgresTransaction(connection: connection, logger: logger)
                    let result = try await body(session)
                    try await TransactionFence.current?.check(session)
                    // A transaction abandoned past its call timeout (its caller was told it failed) rolls back.
                    try Task.checkCancellation()
                    try await connection.query("COMMIT", logger: logger)
                    return result
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
        }
    }

    public var isShared: Bool { true }

    /// Opens a connection of its own, beside the pool's, listening on
    /// `channel`, and another once that one is lost (after a second, so a
    /// database that is down is not asked in a loop).
    public func watch(channel: String, _ handler: @escaping @Sendable (DatabaseNotice) -> Void) {
        let client = PostgresClient(configuration: watchConfiguration, backgroundLogger: logger)
        let logger = logger
        let runner = Task { await client.run() }
        let watcher = Task {
            defer { runner.cancel() }
            while !Task.isCancelled {
                do {
                    try await client.withConnection { connection in
                        try await connection.listen(on: channel) { notices in
                            handler(.listening)
                            for try await notice in notices { handler(.notified(notice.payload)) }
                        }
                    }
                } catch {
                    if Task.isCancelled { break }
                    logger.warning(
                        "not listening to the database's notices; retrying in 1 s",
                        metadata: ["channel": "\(channel)", "error": "\(error)"])
                }
                handler(.lost)
                try? await Task.sleep(for: .seconds(1))
            }
        }
        watcherLock.withLock { watchers.append(watcher) }
    }

    public func isResponsive(within timeout: Double) async -> Bool {
        await Deadline.check(within: timeout) { [self] in (try? await query("SELECT 1")) != nil }
    }

    public func shutdown() async {
        for watcher in watcherLock.withLock({ watchers }) { watcher.cancel() }
        runner.cancel()
        _ = await runner.value
    }

    static func statement(_ sql: String, _ parameters: [SQLValue]) throws -> PostgresQuery {
        var bindings = PostgresBindings(capacity: parameters.count)
        for parameter in parameters {
            switch parameter {
            case .null: bindings.appendNull()
            case .integer(let number): bindings.append(number)
            case .real(let number): bindings.append(number)
            case .text(let text): bindings.append(text)
            case .blob(let bytes): bindings.append(ByteBuffer(bytes: bytes))
            }
        }
        return PostgresQuery(unsafeSQL: SQLDialect.postgres.placeholders(sql), binds: bindings)
    }

    static func rows<Rows: AsyncSequence>(_ sequence: Rows) async throws -> [SQLRow] where Rows.Element == PostgresRow {
        var rows: [SQLRow] = []
        var columns: SQLColumns?
        for try await row in sequence {
            let names = columns ?? SQLColumns(row.map(\.columnName))
            columns = names
            rows.append(SQLRow(columns: names, values: try row.map(value(of:))))
        }
        return rows
    }

    private static func value(of cell: PostgresCell) throws -> SQLValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int8: return .integer(try cell.decode(Int64.self))
        case .int4: return .integer(Int64(try cell.decode(Int32.self)))
        case .int2: return .integer(Int64(try cell.decode(Int16.self)))
        case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
        case .float8, .float4: return .real(try cell.decode(Double.self))
        case .bytea:
            var buffer = try cell.decode(ByteBuffer.self)
            return .blob(buffer.readBytes(length: buffer.readableBytes) ?? [])
        default: return .text(try cell.decode(String.self))
        }
    }

    /// postgres-nio's errors with the server's message, which `PSQLError` hides from its description.
    static func failures<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PSQLError {
            let message = error.serverInfo?[.message] ?? "\(error.code)"
            throw SQLFailure("PostgreSQL: \(message)")
        }
    }
}

extension SQLValue {
    /// The parameter type PostgreSQL is told (`.null`: inferred from the statement).
    fileprivate var postgresType: PostgresDataType {
        switch self {
        case .null: return .null
        case .integer: return .int8
        case .real: return .float8
        case .text: return .text
        case .blob: return .bytea
        }
    }
}

/// The statements of one PostgreSQL transaction, on its connection.
private struct PostgresTransaction: SQLSession, @unchecked Sendable {
    let connection: PostgresConnection
    let logger: Logger

    func query(_ sql: String, _ parameters: [SQLValue]) async throws -> [SQLRow] {
        let statement = try PostgresEngine.statement(sql, parameters)
        return try await PostgresEngine.failures {
            try await PostgresEngine.rows(connection.query(statement, logger: logger))
        }
    }
}
