import Foundation
import WellnessKitCore

/// The application's state: what every request handler reads (the store
/// and each resource's repository, the credentials, the rate and
/// concurrency limiters, the generation provider, the metrics and the
/// limits). Its route table (``table``) is put together from one file per
/// resource (`AppState+InsightsRoutes.swift`, `AppState+GoalsRoutes.swift`, ...).
struct AppState {
    /// The data, for what is not one resource's (authentication, idempotency,
    /// rate limits, generation records, readiness); each resource's through ``repositories``.
    let store: Store
    /// What signs and checks tokens.
    let credentials: Credentials
    /// The AI endpoints' requests per user and window.
    let limiter: RateLimiter
    /// Sign-ups per client address, or nil when `POST /dev/users` is off.
    let signupLimiter: RateLimiter?
    /// Requests of one user processed at once.
    var userLimit = UserConcurrencyLimit(limit: UserConcurrencyLimit.defaultLimit)
    /// What writes insights, goal suggestions and tips, and coach replies.
    var provider: any GenerationProvider = RulesProvider()
    /// What `GET /metrics` reports.
    var metrics = ServerMetrics()
    /// How long an idempotency key's claim holds it without completing.
    var idempotencyLeaseMilliseconds = ServerConfiguration(dataDirectory: URL(fileURLWithPath: "/"))
        .idempotencyLeaseMilliseconds
    /// Days one daily-metrics request may carry, and metrics one day may hold.
    var dailyMetricsLimits = (
        days: DailyMetricsInput.defaultMaximumDays, metrics: DailyMetricsInput.defaultMaximumMetricsPerDay
    )
    /// The safety classifier asked about coach messages the crisis lexicon passes (`--ai-safety-model`).
    var safetyClassifier: SafetyClassifier?
    /// Each resource's reads and writes.
    var repositories: Repositories

    /// The state over `store`, each resource's repository the store's own
    /// (``Repositories/init(store:)``); the other parts are set afterwards
    /// where they are not the defaults.
    init(store: Store, credentials: Credentials, limiter: RateLimiter, signupLimiter: RateLimiter?) {
        self.store = store
        self.credentials = credentials
        self.limiter = limiter
        self.signupLimiter = signupLimiter
        repositories = Repositories(store: store)
    }
}
