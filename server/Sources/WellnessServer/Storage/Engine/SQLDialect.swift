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
        var result = ""
        result.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A `SELECT ... FOR UPDATE` suffix: PostgreSQL locks the rows read until
    /// the transaction ends; SQLite's `BEGIN IMMEDIATE` already excludes every other writer.
    var forUpdate: String {
        self == .postgres ? " FOR UPDATE" : ""
    }
}
