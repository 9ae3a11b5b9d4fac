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

    func validate() throws {
        guard requestsPerUser >= 1 else { throw ValidationError("--requests-per-user must be 1 or more") }
        if let requestsPerLoneUser, requestsPerLoneUser < requestsPerUser {
            throw ValidationError("--requests-per-lone-user must be at least --requests-per-user (\(requestsPerUser))")
        }
    }

    /// Sets the configuration's rate and concurrency limits.
    func apply(to configuration: inout ServerConfiguration) {
        configuration.aiRequestsPerWindow = aiRateLimit
        configuration.signupsPerMinute = signupRateLimit
        configuration.requestsPerUser = requestsPerUser
        configuration.requestsPerLoneUser = requestsPerLoneUser
    }
}
