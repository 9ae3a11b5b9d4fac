/// The tables, written once for both engines (``SQLDialect/schema(_:)``
/// swaps the type names for PostgreSQL's).
///
/// Every user-written or health value is sealed (``FieldCipher``, bound to its
/// table, column, row and user); what stays plain is what queries filter,
/// sort or join on: ids, dates of check-ins, insight types and flags, goal
/// statuses, timestamps (epoch milliseconds, so that they sort), and API
/// keys' SHA-256 and first characters.
///
/// Lists cost O(page): each sort order has an index led by the user, and the
/// totals come from `list_counts`, one row per user, list and filter bucket,
/// kept in step with the rows in the same transaction.
/// A list read again costs one row of `list_versions` while it is unchanged.
enum Schema {
    /// The version a database records in `meta`; a database without it (from
    /// before sealing was bound to rows) is refused, see ``Store/open(engine:cipher:)``.
    static let version = "4"

    /// Serializes schema set-up across instances sharing one PostgreSQL database.
    static let setupLock: Int64 = 0x5745_4C4C_0001

    static let statements: [String] = [
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
        // `users.api_key_fingerprint` until a key of the user is created, listed or revoked (``Store/adoptFirstKey``).
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

    /// Columns added to a table of version 4 after databases were written with
    /// it: ``Store/open(engine:cipher:principalLifetime:openedInsights:insightPageBytes:)``
    /// adds each one its table lacks, so such a database keeps version 4. Each
    /// is nullable or has a default, as `ALTER TABLE ... ADD COLUMN` requires;
    /// the `CREATE TABLE` above has them too.
    static let addedColumns: [(table: String, column: String, definition: String)] = [
        // Who holds an idempotency key being applied and until when; whether its write committed.
        ("idempotency_keys", "lease_owner", "TEXT"),
        ("idempotency_keys", "lease_expires_ms", "INTEGER"),
        ("idempotency_keys", "applied", "INTEGER NOT NULL DEFAULT 0"),
    ]
}
