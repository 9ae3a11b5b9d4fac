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
    private let logger: Logger
    private let connectionWait: Duration
    private let connectionWaitNanoseconds: Int64
    /// Where the connection-wait timers run (a NIO timer costs less than a task).
    private let timers: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton

    /// Connects lazily to `url`, `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`
    /// (`?sslmode=disable` or none: plain TCP; `sslmode=require`: TLS).
    /// - Throws: ``ConfigurationError`` when the URL is not one.
    /// - Parameter connectionWait: how long a statement waits for a pooled
    ///   connection before it fails (the database is down or every connection busy).
    public init(url: String, maximumConnections: Int = 20, connectionWait: Duration = .seconds(10),
                logger: Logger = Logger(label: "wellness-server.postgres")) throws {
        let parsed = try Self.parse(url)
        location = parsed.location
        var configuration = parsed.configuration
        configuration.options.maximumConnections = max(maximumConnections, 1)
        configuration.options.minimumConnections = 1
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        self.connectionWait = connectionWait
        let (seconds, attoseconds) = connectionWait.components
        connectionWaitNanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000).partialValue
            .addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
        let client = client
        runner = Task { await client.run() }
    }

    deinit {
        runner.cancel()
    }

    static func parse(_ url: String) throws -> (configuration: PostgresClient.Configuration, location: String) {
        let invalid = ConfigurationError(
            "--database must be postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|require]")
        guard let components = URLComponents(string: url),
              components.scheme == "postgres" || components.scheme == "postgresql",
              let host = components.host, !host.isEmpty,
              let user = components.user, !user.isEmpty else { throw invalid }
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
        let configuration = PostgresClient.Configuration(host: host, port: port, username: user,
                                                         password: components.password, database: database, tls: tls)
        return (configuration, "postgres://\(user)@\(host):\(port)/\(database)")
    }

    @discardableResult
    public func query(_ sql: String, _ parameters: [SQLValue]) async throws -> [[SQLValue]] {
        let statement = try Self.statement(sql, parameters)
        let isSelect = SQLStatement.isSelect(sql)
        return try await Self.failures {
            try await withConnection { [self] connection in
                if isSelect { return try await read(statement, parameters, on: connection) }
                return try await Self.rows(connection.query(statement, logger: logger))
            }
        }
    }

    /// `body` with a pooled connection, waiting at most ``connectionWait`` for
    /// one. postgres-nio's pool waits for ever (while the database is down it
    /// keeps trying to connect), and so would the request, and a graceful
    /// shutdown waiting for that request.
    private func withConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws -> T {
        let wait = LeaseWait()
        let statement = Task { [client] in
            try await client.withConnection { connection in
                guard wait.settle(.leased) else { throw CancellationError() }
                return try await body(connection)
            }
        }
        let timer = timers.next().scheduleTask(in: .nanoseconds(connectionWaitNanoseconds)) {
            if wait.settle(.expired) { statement.cancel() }
        }
        defer { timer.cancel() }
        do {
            return try await withTaskCancellationHandler { try await statement.value } onCancel: { statement.cancel() }
        } catch where wait.outcome == .expired {
            throw SQLFailure("PostgreSQL: no connection within \(connectionWait) (is the database up?)")
        }
    }

    /// A read, prepared on the connection (see ``PostgresStatementCache``); run
    /// again unprepared when that fails, since postgres-nio keeps failing a
    /// statement whose preparation failed once on a connection.
    private func read(_ query: PostgresQuery, _ parameters: [SQLValue], on connection: PostgresConnection)
        async throws -> [[SQLValue]] {
        do {
            if let rows = try await PostgresStatementCache.shared.rows(
                query.sql, query.binds, types: parameters.map { $0.postgresType }, on: connection, logger: logger) {
                return rows
            }
        } catch {
            logger.debug("prepared read failed; running it unprepared", metadata: ["error": "\(error)"])
        }
        return try await Self.rows(connection.query(query, logger: logger))
    }

    public func transaction<T: Sendable>(lock: Int64?, _ body: @escaping @Sendable (any SQLSession) async throws -> T)
        async throws -> T {
        let logger = logger
        return try await Self.failures {
            try await withConnection { connection in
                try await connection.query("BEGIN", logger: logger)
                do {
                    if let lock {
                        try await connection.query(Self.statement("SELECT pg_advisory_xact_lock(?)", [.integer(lock)]),
                                                   logger: logger)
                    }
                    let result = try await body(PostgresTransaction(connection: connection, logger: logger))
                    try await connection.query("COMMIT", logger: logger)
                    return result
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
        }
    }

    public func isResponsive(within timeout: Double) async -> Bool {
        await Deadline.check(within: timeout) { [self] in (try? await query("SELECT 1")) != nil }
    }

    public func shutdown() async {
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

    static func rows<Rows: AsyncSequence>(_ sequence: Rows) async throws -> [[SQLValue]] where Rows.Element == PostgresRow {
        var rows: [[SQLValue]] = []
        for try await row in sequence {
            rows.append(try row.map(value(of:)))
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

/// Whether a statement got its connection or its wait ran out, whichever came first.
private final class LeaseWait: @unchecked Sendable {
    enum Outcome { case leased, expired }

    private let lock = NSLock()
    private var settled: Outcome?

    var outcome: Outcome? { lock.withLock { settled } }

    /// Records `outcome` unless the other came first; whether it did.
    func settle(_ outcome: Outcome) -> Bool {
        lock.withLock {
            guard settled == nil else { return false }
            settled = outcome
            return true
        }
    }
}

/// The statements of one PostgreSQL transaction, on its connection.
private struct PostgresTransaction: SQLSession, @unchecked Sendable {
    let connection: PostgresConnection
    let logger: Logger

    func query(_ sql: String, _ parameters: [SQLValue]) async throws -> [[SQLValue]] {
        let statement = try PostgresEngine.statement(sql, parameters)
        return try await PostgresEngine.failures {
            try await PostgresEngine.rows(connection.query(statement, logger: logger))
        }
    }
}
