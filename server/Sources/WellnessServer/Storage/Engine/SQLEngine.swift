/// A database the store runs on: SQLite (``SQLiteEngine``, the embedded
/// default) or PostgreSQL (``PostgresEngine``).
///
/// Neither blocks Swift concurrency's cooperative pool: SQLite runs on its
/// own dispatch threads, PostgreSQL through postgres-nio's async API.
public protocol SQLEngine: SQLSession {
    var dialect: SQLDialect { get }
    /// Where the data is, for messages (never a password).
    var location: String { get }

    /// Runs `body` in one transaction, committed when it returns and rolled
    /// back when it throws. Statements of the transaction run on the session
    /// `body` receives; nothing else runs inside it. Transactions do not nest.
    ///
    /// SQLite: `BEGIN IMMEDIATE` on the writer connection, held until the end.
    /// PostgreSQL: `BEGIN` on one pooled connection; when `lock` is given, a
    /// transaction-scoped advisory lock on it is taken first, so that
    /// transactions with the same lock (schema setup, say) run one at a time
    /// across instances.
    func transaction<T: Sendable>(lock: Int64?, _ body: @escaping @Sendable (any SQLSession) async throws -> T)
        async throws -> T

    /// Whether other processes may write the database beside this one, so
    /// that what this process remembers of it must follow their notices
    /// (``watch(channel:_:)``): PostgreSQL, shared by instances. A SQLite file
    /// is served by one process.
    var isShared: Bool { get }

    /// Calls `handler` with every notice sent on `channel` by a committed
    /// transaction (PostgreSQL's `LISTEN`; a statement of ``SQLDialect/notify``
    /// sends one), with ``DatabaseNotice/lost`` whenever notices may be missed
    /// and ``DatabaseNotice/listening`` when they are heard again, until
    /// ``shutdown()``. An engine that is not ``isShared`` calls nothing.
    func watch(channel: String, _ handler: @escaping @Sendable (DatabaseNotice) -> Void)

    /// Whether the database answers `SELECT 1` (on a reader and the writer) within `timeout` seconds.
    func isResponsive(within timeout: Double) async -> Bool

    /// Releases connections; the engine is not used afterwards.
    func shutdown() async

    /// A number that stays the same from one call to a later one only when
    /// nothing was committed to the database between the two, by any
    /// connection of any process (this process's own writes included); nil
    /// when the engine cannot tell now, or has no cheap way (PostgreSQL,
    /// whose instances hear notices instead, ``watch(channel:_:)``). What
    /// was read from the database after a call that returned a number is
    /// still current while later calls return the same number: SQLite
    /// serves what it remembers of a file that another process may write
    /// (``ListVersions``, the erasure mark) after this check instead of a read.
    /// Within a request, a check that began after the request did may answer
    /// (``RequestStart``): it has seen every commit made before the request began.
    /// Never waits for a writer or for a pooled connection.
    func commitEpoch() -> UInt64?

    /// A SELECT of at most one row by an indexed key (a list's version, the
    /// erasure mark): what nearly every request answered from memory still
    /// reads. Like ``SQLSession/query(_:_:)``, unless the engine has a
    /// cheaper way (``SQLiteEngine`` runs it on the calling thread).
    func pointQuery(_ sql: String, _ parameters: [SQLValue]) async throws -> [SQLRow]
}

extension SQLEngine {
    public func commitEpoch() -> UInt64? { nil }

    public func pointQuery(_ sql: String, _ parameters: [SQLValue]) async throws -> [SQLRow] {
        try await query(sql, parameters)
    }
}

/// Statements that every transaction started by the current task (and the
/// tasks it starts) runs last, on its own session, before committing; when
/// they throw, the transaction rolls back. A request binds it to make its
/// writes conditional on something it holds (see ``Store/fenced(by:_:)``).
///
/// The task-local value is this struct, not the bare function: a task-local
/// of an optional async function type crashed `swift_task_localValuePush` in
/// release builds (Swift 6.3.1) on the first keyed POST.
public struct TransactionFence: Sendable {
    /// Runs on the transaction's session before it commits; throwing rolls the transaction back.
    public let check: @Sendable (any SQLSession) async throws -> Void

    public init(_ check: @escaping @Sendable (any SQLSession) async throws -> Void) {
        self.check = check
    }

    @TaskLocal public static var current: TransactionFence?
}

extension SQLEngine {
    public func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws
        -> T
    {
        try await transaction(lock: nil, body)
    }
}

/// One statement and its parameters.
public struct SQLStatement: Sendable {
    public var sql: String
    public var parameters: [SQLValue]

    public init(_ sql: String, _ parameters: [SQLValue] = []) {
        self.sql = sql
        self.parameters = parameters
    }
}

extension SQLStatement {
    /// Whether `sql` is a SELECT (a read).
    static func isSelect(_ sql: String) -> Bool {
        let start = sql.utf8.drop { byte in
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
        }
        return start.prefix(6).lazy.map { $0 & 0xDF }.elementsEqual("SELECT".utf8)
    }
}
