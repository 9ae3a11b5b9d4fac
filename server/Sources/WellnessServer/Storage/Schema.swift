/// The tables. Insight text and consultation messages are stored sealed
/// (``FieldCipher``), and `meta` holds the key check value that recognises
/// their key; timestamps as epoch milliseconds so that they sort.
enum Schema {
    static let statements = """
        CREATE TABLE IF NOT EXISTS users (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, api_key_fingerprint TEXT NOT NULL UNIQUE,
            created_ms INTEGER NOT NULL, tokens_valid_after_ms INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE IF NOT EXISTS profiles (
            user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE, body TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS checkins (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE, date TEXT NOT NULL,
            biological_age REAL, steps REAL, workouts REAL, calories REAL, sleep_hours REAL, mood REAL,
            PRIMARY KEY (user_id, date));
        CREATE TABLE IF NOT EXISTS insights (
            id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            insight_type TEXT NOT NULL, title BLOB NOT NULL, content BLOB NOT NULL, summary BLOB, suggestions BLOB,
            data_context TEXT, is_read INTEGER NOT NULL DEFAULT 0, is_favorite INTEGER NOT NULL DEFAULT 0,
            is_archived INTEGER NOT NULL DEFAULT 0, generated_ms INTEGER NOT NULL, read_ms INTEGER,
            archived_ms INTEGER, created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL,
            dedupe_key TEXT NOT NULL, UNIQUE (user_id, dedupe_key));
        CREATE INDEX IF NOT EXISTS insights_by_user ON insights (user_id, created_ms);
        CREATE TABLE IF NOT EXISTS goals (
            id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            status TEXT NOT NULL, body TEXT NOT NULL, created_ms INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS consultations (
            id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            is_archived INTEGER NOT NULL, body TEXT NOT NULL, created_ms INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS messages (
            id TEXT PRIMARY KEY, consultation_id TEXT NOT NULL REFERENCES consultations(id) ON DELETE CASCADE,
            role TEXT NOT NULL, content BLOB NOT NULL, created_ms INTEGER NOT NULL, sequence INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value BLOB NOT NULL);
        """

    /// Brings a database made by an earlier version up to these tables.
    static func migrate(_ database: Database) throws {
        let userColumns = try database.query("PRAGMA table_info(users)").compactMap { $0.dropFirst().first?.text }
        if !userColumns.contains("tokens_valid_after_ms") {
            try database.execute("ALTER TABLE users ADD COLUMN tokens_valid_after_ms INTEGER NOT NULL DEFAULT 0")
        }
    }
}
