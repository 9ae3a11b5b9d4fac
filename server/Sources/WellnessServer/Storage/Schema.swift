/// The tables, written once for both engines (``SQLDialect/schema(_:)``
/// swaps the type names for PostgreSQL's), as an ordered list of versions.
///
/// Every user-written or health value is sealed (``FieldCipher``, bound to its
/// table, column, row and user); what stays plain is what queries filter,
/// sort or join on: ids, dates of check-ins, insight types and flags, goal
/// statuses, timestamps (epoch milliseconds, so that they sort), and API
/// keys' SHA-256 and first characters.
///
/// Lists cost O(page): each sort order has an index led by the user, and the
/// totals come from the count tables (`insight_counts`, `goal_counts`,
/// `consultation_counts`, `workout_counts`), one row per user and combination of the columns a
/// list filters on, kept in step with the rows in the same transaction
/// (``Store/recordListChange(_:on:)``). A list read again costs one row of
/// `list_versions` while it is unchanged.
///
/// A database records its version in `meta`; ``Store/open(engine:cipher:principalLifetime:openedInsights:insightPageBytes:)``
/// applies the steps of every later version, in order, in one transaction
/// under ``setupLock``, so instances starting together on one PostgreSQL
/// database migrate it once and a failed step leaves it as it was.
enum Schema {
    /// The versions, oldest first. A new one is appended; a released one never changes.
    static let migrations: [SchemaMigration] = [
        SchemaMigration(
            version: 4, summary: "tables of user data sealed and bound to their rows",
            statements: version4),
        SchemaMigration(
            version: 5, summary: "list totals and rate limits by column, not by joined strings",
            steps: version5),
        SchemaMigration(
            version: 6, summary: "how generated text was made, and AI tokens per user and day",
            statements: version6),
        SchemaMigration(
            version: perUserKeysVersion, summary: "each user's values sealed with their own data key",
            steps: [.rewrite({ try await PerUserSealing.resealEverything(on: $0) })]),
        SchemaMigration(
            version: 8, summary: "workouts, and the data queries a coach's reply ran",
            statements: version8),
        SchemaMigration(
            version: 9, summary: "workout totals in a count table, as the other lists'",
            statements: version9),
        SchemaMigration(
            version: 10, summary: "daily metrics (resting heart rate, sleep stages, weight, ...) per user and date",
            statements: version10),
    ]

    /// The version from which each user's values are sealed with their own key (``UserKeys``).
    static let perUserKeysVersion = 7

    /// The version this server writes: the last of ``migrations``.
    static var version: Int { migrations.last?.version ?? 0 }

    /// The oldest version this server migrates from.
    static var oldestReadable: Int { migrations.first?.version ?? 0 }

    /// Serializes schema set-up across instances sharing one PostgreSQL database.
    static let setupLock: Int64 = 0x5745_4C4C_0001

    /// The tables of version 4, the first version that sealed values bound to their rows:
    /// the start of every database this server reads.
    private static let version4: [String] = [
        """
        CREATE TABLE IF NOT EXISTS users (
            id TEXT PRIMARY KEY, name BLOB NOT NULL, api_key_fingerprint TEXT NOT NULL UNIQUE,
            created_ms INTEGER NOT NULL, tokens_valid_after_ms INTEGER NOT NULL DEFAULT 0)
        """,
        """
        CREATE TABLE IF NOT EXISTS profiles (
            user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE, body BLOB NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS checkins (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE, date TEXT NOT NULL, body BLOB NOT NULL,
            PRIMARY KEY (user_id, date))
        """,
        """
        CREATE TABLE IF NOT EXISTS insights (
            id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            insight_type TEXT NOT NULL, title BLOB NOT NULL, content BLOB NOT NULL, summary BLOB, suggestions BLOB,
            data_context BLOB, is_read INTEGER NOT NULL DEFAULT 0, is_favorite INTEGER NOT NULL DEFAULT 0,
            is_archived INTEGER NOT NULL DEFAULT 0, generated_ms INTEGER NOT NULL, read_ms INTEGER,
            archived_ms INTEGER, created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL,
            dedupe_key TEXT NOT NULL, UNIQUE (user_id, dedupe_key))
        """,
        // A user's API keys (their SHA-256; the first characters, to tell them apart). Added within
        // schema version 4: a database from before has none, and its users' keys are still
        // `users.api_key_fingerprint` until a key of the user is created, listed or revoked (``APIKeySQLRepository/adoptFirstKey``).
        """
        CREATE TABLE IF NOT EXISTS api_keys (
            id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            fingerprint TEXT NOT NULL UNIQUE, prefix TEXT, created_ms INTEGER NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS api_keys_by_user ON api_keys (user_id, created_ms, id)",
        "CREATE INDEX IF NOT EXISTS insights_by_created ON insights (user_id, is_archived, created_ms, id)",
        "CREATE INDEX IF NOT EXISTS insights_by_generated ON insights (user_id, is_archived, generated_ms, id)",
        "CREATE INDEX IF NOT EXISTS insights_by_updated ON insights (user_id, is_archived, updated_ms, id)",
        """
        CREATE TABLE IF NOT EXISTS goals (
            id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            status TEXT NOT NULL, body BLOB NOT NULL, created_ms INTEGER NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS goals_by_created ON goals (user_id, created_ms, id)",
        "CREATE INDEX IF NOT EXISTS goals_by_status ON goals (user_id, status, created_ms, id)",
        """
        CREATE TABLE IF NOT EXISTS consultations (
            id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            is_archived INTEGER NOT NULL, body BLOB NOT NULL, created_ms INTEGER NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS consultations_by_created ON consultations (user_id, created_ms, id)",
        "CREATE INDEX IF NOT EXISTS consultations_by_archived ON consultations (user_id, is_archived, created_ms, id)",
        """
        CREATE TABLE IF NOT EXISTS messages (
            id TEXT PRIMARY KEY, consultation_id TEXT NOT NULL REFERENCES consultations(id) ON DELETE CASCADE,
            role TEXT NOT NULL, content BLOB NOT NULL, proposals BLOB, created_ms INTEGER NOT NULL,
            sequence INTEGER NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS messages_by_consultation ON messages (consultation_id, sequence)",
        """
        CREATE TABLE IF NOT EXISTS list_counts (
            user_id TEXT NOT NULL, list TEXT NOT NULL, bucket TEXT NOT NULL, n INTEGER NOT NULL,
            PRIMARY KEY (user_id, list, bucket))
        """,
        // Raised by every change to a user's list, in the same transaction (see ``InsightPageCache``).
        """
        CREATE TABLE IF NOT EXISTS list_versions (
            user_id TEXT NOT NULL, list TEXT NOT NULL, version INTEGER NOT NULL, PRIMARY KEY (user_id, list))
        """,
        // Token buckets, shared by every instance on the database (AI requests per user, sign-ups per address).
        "CREATE TABLE IF NOT EXISTS rate_limits (key TEXT PRIMARY KEY, tokens REAL NOT NULL, updated_ms INTEGER NOT NULL)",
        // When each scheduled job is next due; the instance that moves it forward runs the job.
        "CREATE TABLE IF NOT EXISTS schedules (name TEXT PRIMARY KEY, next_run_ms INTEGER NOT NULL)",
        // POSTs already applied, by the client's Idempotency-Key: the response (sealed) to replay for a day,
        // and while none is stored, the request holding the key until its lease ends (see `addedColumns`).
        """
        CREATE TABLE IF NOT EXISTS idempotency_keys (
            user_id TEXT NOT NULL, key TEXT NOT NULL, request_hash TEXT NOT NULL, status INTEGER, body BLOB,
            created_ms INTEGER NOT NULL, lease_owner TEXT, lease_expires_ms INTEGER,
            applied INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (user_id, key))
        """,
        "CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value BLOB NOT NULL)",
    ]

    /// Version 5. Databases of version 4 written before `api_keys` and the
    /// idempotency leases first get them. List totals move from `list_counts`
    /// (one text key joining a list's filter values with `|`) to a table per
    /// list whose columns are those the list filters on, recounted from the
    /// rows; rate-limit buckets move to a key of two columns, scope and subject.
    private static let version5: [SchemaMigration.Step] = [
        .statement(
            """
            CREATE TABLE IF NOT EXISTS api_keys (
                id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                fingerprint TEXT NOT NULL UNIQUE, prefix TEXT, created_ms INTEGER NOT NULL)
            """),
        .statement("CREATE INDEX IF NOT EXISTS api_keys_by_user ON api_keys (user_id, created_ms, id)"),
        .addColumn(table: "idempotency_keys", column: "lease_owner", definition: "TEXT"),
        .addColumn(table: "idempotency_keys", column: "lease_expires_ms", definition: "INTEGER"),
        .addColumn(table: "idempotency_keys", column: "applied", definition: "INTEGER NOT NULL DEFAULT 0"),
        .statement(
            """
            CREATE TABLE insight_counts (
                user_id TEXT NOT NULL, insight_type TEXT NOT NULL, is_read INTEGER NOT NULL,
                is_favorite INTEGER NOT NULL, is_archived INTEGER NOT NULL, n INTEGER NOT NULL,
                PRIMARY KEY (user_id, insight_type, is_read, is_favorite, is_archived))
            """),
        .statement(
            """
            INSERT INTO insight_counts (user_id, insight_type, is_read, is_favorite, is_archived, n)
            SELECT user_id, insight_type, is_read, is_favorite, is_archived, COUNT(*) FROM insights
            GROUP BY user_id, insight_type, is_read, is_favorite, is_archived
            """),
        .statement(
            """
            CREATE TABLE goal_counts (
                user_id TEXT NOT NULL, status TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (user_id, status))
            """),
        .statement(
            "INSERT INTO goal_counts (user_id, status, n) SELECT user_id, status, COUNT(*) FROM goals GROUP BY user_id, status"
        ),
        .statement(
            """
            CREATE TABLE consultation_counts (
                user_id TEXT NOT NULL, is_archived INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (user_id, is_archived))
            """),
        .statement(
            """
            INSERT INTO consultation_counts (user_id, is_archived, n)
            SELECT user_id, is_archived, COUNT(*) FROM consultations GROUP BY user_id, is_archived
            """),
        .statement("DROP TABLE list_counts"),
        .statement(
            """
            CREATE TABLE rate_limit_buckets (
                scope TEXT NOT NULL, subject TEXT NOT NULL, tokens REAL NOT NULL, updated_ms INTEGER NOT NULL,
                PRIMARY KEY (scope, subject))
            """),
        .rewrite({ try await Store.moveJoinedRateLimitKeys(on: $0) }),
        .statement("DROP TABLE rate_limits"),
    ]

    /// Version 6. How each insight and message was written (`generation_*`:
    /// `llm` or `rules`, the model, the prompt version, why the rules stood in;
    /// null on rows from before, which the rules wrote), and the provider
    /// tokens each user spent per UTC day (``StoreTokenLedger``).
    private static let version6: [String] = [
        "ALTER TABLE insights ADD COLUMN generation_source TEXT",
        "ALTER TABLE insights ADD COLUMN generation_model TEXT",
        "ALTER TABLE insights ADD COLUMN generation_prompt_version TEXT",
        "ALTER TABLE insights ADD COLUMN generation_fallback_reason TEXT",
        "ALTER TABLE messages ADD COLUMN generation_source TEXT",
        "ALTER TABLE messages ADD COLUMN generation_model TEXT",
        "ALTER TABLE messages ADD COLUMN generation_prompt_version TEXT",
        "ALTER TABLE messages ADD COLUMN generation_fallback_reason TEXT",
        """
        CREATE TABLE ai_token_usage (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE, day INTEGER NOT NULL,
            tokens INTEGER NOT NULL, PRIMARY KEY (user_id, day))
        """,
    ]

    /// Version 8. Workouts (the query engine's sessions): start and end
    /// plain, to sort and filter on; activity and fields sealed in `body`.
    /// A workout's id is derived from its user, start and activity, so the
    /// same workout sent again lands on its row. And the data queries a
    /// coach's reply ran, with their results (sealed, null when none).
    private static let version8: [String] = [
        """
        CREATE TABLE workouts (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE, id TEXT NOT NULL,
            start_ms INTEGER NOT NULL, end_ms INTEGER NOT NULL, body BLOB NOT NULL, PRIMARY KEY (user_id, id))
        """,
        "CREATE INDEX workouts_by_start ON workouts (user_id, start_ms, id)",
        "ALTER TABLE messages ADD COLUMN data_queries BLOB",
    ]

    /// Version 9. The workouts list's total from a count table (one row per
    /// user, kept in step by ``Store/changingLists(of:_:)``) instead of
    /// counting the user's rows for every page; recounted from the rows.
    private static let version9: [String] = [
        "CREATE TABLE workout_counts (user_id TEXT NOT NULL PRIMARY KEY, n INTEGER NOT NULL)",
        "INSERT INTO workout_counts (user_id, n) SELECT user_id, COUNT(*) FROM workouts GROUP BY user_id",
    ]

    /// Version 10. Daily metrics beside the check-ins: one row per user and
    /// date (the user's local day, as the client names it), the day's
    /// metrics sealed together in `body`.
    private static let version10: [String] = [
        """
        CREATE TABLE daily_metrics (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE, date TEXT NOT NULL, body BLOB NOT NULL,
            PRIMARY KEY (user_id, date))
        """
    ]
}
