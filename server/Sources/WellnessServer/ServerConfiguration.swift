import Foundation
import WellnessKitCore

/// How the server runs: where, with which data, and how strictly it limits.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// 0 picks a free port; the bound port is printed and reported.
    public var port = 8080
    /// The key file, and the SQLite database unless ``databaseURL`` is set.
    public var dataDirectory: URL
    /// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`: PostgreSQL instead of
    /// SQLite in ``dataDirectory``. Instances sharing one database share its
    /// rate limits and insight schedule.
    public var databaseURL: String?
    /// `postgres://...`: the PostgreSQL database of the users' data keys
    /// (``UserKeys``), apart from ``databaseURL`` so that copies of the data
    /// hold no key; shared by every instance. Without it the keys are in
    /// `DIR/user-keys.sqlite` on SQLite, and in the data database on PostgreSQL
    /// (where erasure then does not reach copies of the data).
    public var keyDatabaseURL: String?
    /// PostgreSQL connections this instance opens at start and keeps. Instances
    /// sharing a database together need that many of its `max_connections`.
    public var databaseConnections = defaultDatabaseConnections
    public static let defaultDatabaseConnections = 20
    /// A bound that catches typos (PostgreSQL allows 100 connections by default).
    public static let maximumDatabaseConnections = 10_000
    /// How long a PostgreSQL call (a statement, or a whole transaction) may
    /// take on its connection before the request fails and the call is abandoned.
    public var databaseTimeout = PostgresEngine.defaultCallTimeout
    /// How long an idempotency key's claim holds the key without completing:
    /// the request deadline, ``databaseTimeout``, after which a replay may
    /// apply a request whose instance died before its write committed.
    public var idempotencyLeaseMilliseconds: Int64 { Self.milliseconds(databaseTimeout) }

    /// `duration` in whole milliseconds, saturating.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        return whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000).partialValue
    }
    /// AI endpoints: requests per user per window.
    public var aiRequestsPerWindow = 10
    public var aiWindowSeconds: TimeInterval = 60
    /// How often insights are regenerated for every user.
    public var insightIntervalSeconds: TimeInterval = 3600
    /// The language model behind insights, goal suggestions and tips, and coach
    /// replies; nil: the rules write them (docs/AI.md).
    public var ai: ProviderConfiguration?
    /// Whether `POST /dev/users` (unauthenticated sign-up) is served; off unless asked for.
    public var allowSignup = false
    /// Sign-ups per client address per minute when they are allowed.
    public var signupsPerMinute = 10
    /// Seconds an API key's owner and a user's token revocation mark are
    /// remembered in memory (0: looked up on every request). A revocation
    /// through this instance takes effect at once; other instances sharing
    /// the database notice it within this time.
    public var principalLifetime = Store.defaultPrincipalLifetime
    /// Insights whose opened (decrypted) sealed fields are kept in memory, so
    /// that reading them again costs no decryption (0: none are kept).
    public var openedInsights = Store.defaultOpenedInsights
    /// Bytes of insight list pages kept in memory, so that a page read again
    /// while the list is unchanged is not read again (0: none are kept);
    /// nil: ``Store/defaultInsightPageBytes`` on either database. A page is
    /// kept as its whole response body, served again after one single-row
    /// lookup of the list's version (``InsightPageCache``).
    public var insightPageBytes: Int?
    /// The most megabytes ``insightPageBytes`` may be set to.
    public static let maximumPageCacheMegabytes = 1 << 20
    /// Requests of one user processed at once while other users are active;
    /// more wait their turn, so one busy user cannot take every reader,
    /// connection or core from the others.
    public var requestsPerUser = defaultRequestsPerUser
    public static let defaultRequestsPerUser = UserConcurrencyLimit.defaultLimit
    /// Requests of one user processed at once while no other user has been
    /// active for a second (``UserConcurrencyLimit``); nil: one per PostgreSQL
    /// connection, and on SQLite ``requestsPerUser`` (there two at a time
    /// already keep the cores busy: 6 gave 5 % more list throughput, and no
    /// better a neighbour's latency).
    public var requestsPerLoneUser: Int?
    /// Days one `POST /api/v1/daily-metrics` may carry; more are refused (400), to be sent in further requests.
    public var dailyMetricsDaysPerRequest = DailyMetricsInput.defaultMaximumDays
    /// Metrics one user's day may hold (``DailyMetricsInput``).
    public var dailyMetricsPerDay = DailyMetricsInput.defaultMaximumMetricsPerDay
    /// The ranges of the two (the days only lowered below the contract's 1,000).
    public static let dailyMetricsDaysRange = 1...DailyMetricsInput.maximumDays
    public static let dailyMetricsPerDayRange = 1...DailyMetricsInput.maximumMetricsPerDay
    public static let defaultDailyMetricsDays = DailyMetricsInput.defaultMaximumDays
    public static let defaultDailyMetricsPerDay = DailyMetricsInput.defaultMaximumMetricsPerDay
    /// Threads that run the server's network I/O (HTTP parsing, socket reads and writes).
    public var ioThreads = IOThreads.defaultCount
    /// SQLite reader connections (SQLite only).
    public var sqliteReaders = SQLiteEngine.defaultReaders
    /// Header, body and idle deadlines of a connection.
    public var timeouts = ServerTimeouts()

    /// ``requestsPerLoneUser``, or its default for the database.
    var effectiveRequestsPerLoneUser: Int {
        requestsPerLoneUser ?? (databaseURL == nil ? requestsPerUser : databaseConnections)
    }

    /// ``insightPageBytes``, or its default for the database.
    var effectiveInsightPageBytes: Int {
        insightPageBytes ?? Store.defaultInsightPageBytes
    }

    public init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }
}
