// Values and rows are part of this module's API (``SQLSession``), so whoever imports it has them.
@_exported import WellnessSQLite

/// Something statements run on: an engine (each statement on its own) or one
/// open transaction.
///
/// Statements are written once for every engine: `?` placeholders, `ON
/// CONFLICT` upserts, `RETURNING`, and the column types of ``Schema``; the
/// engine translates what differs (see ``SQLDialect``).
public protocol SQLSession: Sendable {
    /// Runs one statement with `parameters` and returns its rows.
    @discardableResult
    func query(_ sql: String, _ parameters: [SQLValue]) async throws -> [SQLRow]
}

extension SQLSession {
    @discardableResult
    public func query(_ sql: String) async throws -> [SQLRow] {
        try await query(sql, [])
    }
}
