/// Each resource's repository, as the routes and services reach them: the
/// store's SQL ones (``init(store:)``), or others put in their place.
struct Repositories: Sendable {
    /// The users' goals.
    var goals: any GoalRepository
    /// The users' workouts.
    var workouts: any WorkoutRepository
    /// The users' daily metrics.
    var dailyMetrics: any DailyMetricsRepository
    /// The users' consultations and their messages.
    var consultations: any ConsultationRepository
    /// The users' API keys.
    var apiKeys: any APIKeyRepository
    /// The users' accounts as a whole.
    var accounts: any AccountRepository
    /// The users' profiles.
    var profiles: any ProfileRepository
    /// The users' check-ins.
    var checkIns: any CheckInRepository
    /// The users' insights.
    var insights: any InsightRepository

    /// The store's own repositories, all in its database.
    init(store: Store) {
        goals = store.goals
        workouts = store.workouts
        dailyMetrics = store.dailyMetrics
        consultations = store.consultations
        apiKeys = store.apiKeys
        accounts = store.accounts
        profiles = store.profiles
        checkIns = store.checkIns
        insights = store.insights
    }
}
