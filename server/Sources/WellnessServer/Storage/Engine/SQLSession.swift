/// Something statements run on: an engine (each statement on its own) or one
/// open transaction.
///
/// Statements are written once for every engine: `?` placeholders, `ON
/// CONFLICT` upserts, `RETURNING`, and the column types of ``Schema``; the
/// engine translates what differs (see ``SQLDialect``).
public protocol SQLSession: Sendable {
    /// Runs one statement with `parameters` and returns its rows.
    @discardableResult
    func query(_ sql: String, _ parameters: [SQLValue]) async throws -> [[SQLValue]]
}

extension SQLSession {
    @discardableResult
    public func query(_ sql: String) async throws -> [[SQLValue]] {
        try await query(sql, [])
    }
}
