/// What differs between the engines, in one place: column types and parameter
/// placeholders. Everything else (upserts with `ON CONFLICT`, `RETURNING`,
/// `CAST(... AS BIGINT)`) is written the same for both.
public enum SQLDialect: Sendable {
    case sqlite
    case postgres

    /// `sql` with the schema's type names (`BLOB`, `INTEGER`, `REAL`) for this engine.
    func schema(_ sql: String) -> String {
        switch self {
        case .sqlite: return sql
        case .postgres:
            return sql.replacingOccurrences(of: " BLOB", with: " BYTEA")
                .replacingOccurrences(of: " INTEGER", with: " BIGINT")
                .replacingOccurrences(of: " REAL", with: " DOUBLE PRECISION")
        }
    }

    /// `sql` with PostgreSQL's numbered placeholders (`$1`, `$2`, ...) for `?`,
    /// leaving quoted strings and identifiers alone.
    func placeholders(_ sql: String) -> String {
        guard self == .postgres else { return sql }
        // On UTF-8 bytes: quotes and `?` are ASCII, which never occurs inside a
        // multi-byte character (and walking Characters cost a visible share of a query).
        var result: [UInt8] = []
        result.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        var quote: UInt8?
        for byte in sql.utf8 {
            if let open = quote {
                if byte == open { quote = nil }
                result.append(byte)
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
                result.append(byte)
            } else if byte == UInt8(ascii: "?") {
                number += 1
                result.append(UInt8(ascii: "$"))
                result.append(contentsOf: String(number).utf8)
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A query with parameters (table, column) returning a row when the table has the column.
    var columnLookup: String {
        switch self {
        case .sqlite: return "SELECT 1 FROM pragma_table_info(?) WHERE name = ?"
        case .postgres:
            return "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() "
                + "AND table_name = ? AND column_name = ?"
        }
    }

    /// A `SELECT ... FOR UPDATE` suffix: PostgreSQL locks the rows read until
    /// the transaction ends; SQLite's `BEGIN IMMEDIATE` already excludes every other writer.
    var forUpdate: String {
        self == .postgres ? " FOR UPDATE" : ""
    }

    /// A `SELECT ... FOR KEY SHARE` suffix: on PostgreSQL the row cannot be
    /// deleted until the transaction ends (what a foreign key check takes),
    /// while other such readers and updates of non-key columns go on.
    var forKeyShare: String {
        self == .postgres ? " FOR KEY SHARE" : ""
    }

    /// A statement sending its two parameters, a channel and a payload, to
    /// every watcher (``SQLEngine/watch(channel:_:)``) when its transaction
    /// commits; nil where nobody else can watch (SQLite).
    var notify: String? {
        self == .postgres ? "SELECT pg_notify(?, ?)" : nil
    }
}
