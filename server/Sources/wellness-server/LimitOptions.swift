import ArgumentParser
import WellnessServer

/// How much one user, or one client address, may ask of `serve`.
struct LimitOptions: ParsableArguments {
    @Option(help: "AI endpoint requests per user per minute.") var aiRateLimit = 10
    @Option(help: "Sign-ups per client address per minute with --allow-signup.") var signupRateLimit = 10
    @Option(help: "Requests of one user processed at once while other users are active; more wait their turn.")
    var requestsPerUser = ServerConfiguration.defaultRequestsPerUser
    @Option(
        help: ArgumentHelp(
            "Requests of one user processed at once while no other user has been active for a second "
                + "(default: --database-connections on PostgreSQL, --requests-per-user on SQLite).", valueName: "n"))
    var requestsPerLoneUser: Int?
    @Option(help: "Days one POST /api/v1/daily-metrics may carry.")
    var dailyMetricsDaysPerRequest = ServerConfiguration.defaultDailyMetricsDays
    @Option(help: "Metrics one user's day of daily metrics may hold.")
    var dailyMetricsPerDay = ServerConfiguration.defaultDailyMetricsPerDay

    func validate() throws {
        guard requestsPerUser >= 1 else { throw ValidationError("--requests-per-user must be 1 or more") }
        if let requestsPerLoneUser, requestsPerLoneUser < requestsPerUser {
            throw ValidationError("--requests-per-lone-user must be at least --requests-per-user (\(requestsPerUser))")
        }
        let days = ServerConfiguration.dailyMetricsDaysRange
        guard days.contains(dailyMetricsDaysPerRequest) else {
            throw ValidationError("--daily-metrics-days-per-request must be between 1 and \(days.upperBound)")
        }
        let metrics = ServerConfiguration.dailyMetricsPerDayRange
        guard metrics.contains(dailyMetricsPerDay) else {
            throw ValidationError("--daily-metrics-per-day must be between 1 and \(metrics.upperBound)")
        }
    }

    /// Sets the configuration's rate and concurrency limits.
    func apply(to configuration: inout ServerConfiguration) {
        configuration.aiRequestsPerWindow = aiRateLimit
        configuration.signupsPerMinute = signupRateLimit
        configuration.requestsPerUser = requestsPerUser
        configuration.requestsPerLoneUser = requestsPerLoneUser
        configuration.dailyMetricsDaysPerRequest = dailyMetricsDaysPerRequest
        configuration.dailyMetricsPerDay = dailyMetricsPerDay
    }
}
