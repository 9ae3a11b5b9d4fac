/// The store's per-resource repositories: each resource's reads and writes
/// in the store's database, behind the protocol its routes and services
/// depend on. They share the store's engine, keys, paging and list
/// bookkeeping; what cuts across resources (erasure, export, idempotency,
/// coordination, generation records) stays on ``Store`` itself.
extension Store {
    /// The users' goals.
    public var goals: GoalSQLRepository { GoalSQLRepository(store: self) }
    /// The users' workouts.
    public var workouts: WorkoutSQLRepository { WorkoutSQLRepository(store: self) }
    /// The users' daily metrics.
    public var dailyMetrics: DailyMetricsSQLRepository { DailyMetricsSQLRepository(store: self) }
    /// The users' consultations and their messages.
    public var consultations: ConsultationSQLRepository { ConsultationSQLRepository(store: self) }
    /// The users' API keys.
    public var apiKeys: APIKeySQLRepository { APIKeySQLRepository(store: self) }
    /// The users' accounts as a whole.
    public var accounts: AccountSQLRepository { AccountSQLRepository(store: self) }
    /// The users' profiles.
    public var profiles: ProfileSQLRepository { ProfileSQLRepository(store: self) }
    /// The users' check-ins.
    public var checkIns: CheckInSQLRepository { CheckInSQLRepository(store: self) }
    /// The users' insights.
    public var insights: InsightSQLRepository { InsightSQLRepository(store: self) }
}
