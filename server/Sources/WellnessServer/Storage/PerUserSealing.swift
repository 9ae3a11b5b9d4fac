import Foundation

/// Schema version 7's move from one key for every sealed value to a key per
/// user (``UserKeys``): each user gets a key, and every sealed value is opened
/// with the server key and sealed again with its user's, bound to the same
/// field. Runs inside the migration's transaction, so a failure leaves the
/// data as it was (keys already made stay in the key store, unused until a
/// retry takes them up). The keys are made before, outside the set-up lock
/// (``makeKeys(_:on:)``), so that instances waiting for the lock (SQLite's
/// writer, for at most its busy timeout) wait for the re-sealing only.
struct PerUserSealing: Sendable {
    let keys: UserKeys
    let server: FieldCipher

    /// The key store and server key of the migration under way (set by ``Store/open(engine:cipher:keyEngine:principalLifetime:openedInsights:insightPageBytes:)``).
    @TaskLocal static var current: PerUserSealing?

    /// Rows re-sealed per statement.
    static let pageSize: Int64 = 500

    /// One sealed table: how its rows are read page by page (their key
    /// columns first, then `user`, then the sealed columns), how each value's
    /// field is named, and how a row is written back.
    private struct Table {
        let name: String
        let keys: [String]
        let select: String
        let sealed: [String]
        let field: @Sendable (SQLRow, String) throws -> SealedField
    }

    private static let tables: [Table] = [
        Table(
            name: "users", keys: ["id"], select: "SELECT id, id AS owner, name FROM users", sealed: ["name"],
            field: { row, column in
                SealedField(table: "users", column: column, row: try row.text("id"), user: try row.text("id"))
            }),
        Table(
            name: "profiles", keys: ["user_id"], select: "SELECT user_id, user_id AS owner, body FROM profiles",
            sealed: ["body"],
            field: { row, column in
                SealedField(
                    table: "profiles", column: column, row: try row.text("user_id"), user: try row.text("user_id"))
            }),
        Table(
            name: "checkins", keys: ["user_id", "date"],
            select: "SELECT user_id, date, user_id AS owner, body FROM checkins", sealed: ["body"],
            field: { row, column in
                SealedField(table: "checkins", column: column, row: try row.text("date"), user: try row.text("user_id"))
            }),
        Table(
            name: "insights", keys: ["id"],
            select: "SELECT id, user_id AS owner, title, content, summary, suggestions, data_context FROM insights",
            sealed: ["title", "content", "summary", "suggestions", "data_context"],
            field: { row, column in
                SealedField(table: "insights", column: column, row: try row.text("id"), user: try row.text("owner"))
            }),
        Table(
            name: "goals", keys: ["id"], select: "SELECT id, user_id AS owner, body FROM goals", sealed: ["body"],
            field: { row, column in
                SealedField(table: "goals", column: column, row: try row.text("id"), user: try row.text("owner"))
            }),
        Table(
            name: "consultations", keys: ["id"], select: "SELECT id, user_id AS owner, body FROM consultations",
            sealed: ["body"],
            field: { row, column in
                SealedField(
                    table: "consultations", column: column, row: try row.text("id"), user: try row.text("owner"))
            }),
        Table(
            name: "messages", keys: ["id"],
            select: """
                SELECT messages.id AS id, consultations.user_id AS owner, messages.consultation_id AS consultation_id,
                    messages.content AS content, messages.proposals AS proposals
                FROM messages JOIN consultations ON consultations.id = messages.consultation_id
                """,
            sealed: ["content", "proposals"],
            field: { row, column in
                SealedField(
                    table: "messages", column: column,
                    row: "\(try row.text("consultation_id"))/\(try row.text("id"))", user: try row.text("owner"))
            }),
        Table(
            name: "idempotency_keys", keys: ["user_id", "key"],
            select: "SELECT user_id, key, user_id AS owner, body FROM idempotency_keys", sealed: ["body"],
            field: { row, column in
                SealedField(
                    table: "idempotency_keys", column: column, row: try row.text("key"), user: try row.text("user_id"))
            }),
    ]

    /// A key for every user of a database from before per-user keys, made
    /// ahead of its migration; idempotent (a user's existing key is kept).
    static func makeKeys(_ keys: UserKeys, on engine: any SQLEngine) async throws {
        var after = ""
        while true {
            let users = try await engine.query(
                "SELECT id FROM users WHERE id > ? ORDER BY id LIMIT ?", [.text(after), .integer(pageSize)])
            for row in users {
                after = try row.text("id")
                try await keys.create(for: after)
            }
            if Int64(users.count) < pageSize { return }
        }
    }

    /// The migration step: a key for every user, then every sealed value of every table sealed again with it.
    /// - Throws: ``ConfigurationError`` outside a migration; ``SealedValueError`` for a value the server key does not open.
    static func resealEverything(on session: any SQLSession) async throws {
        guard let sealing = current else { throw ConfigurationError("no key store for the per-user keys") }
        var ciphers: [String: FieldCipher] = [:]
        var after = ""
        while true {
            let users = try await session.query(
                "SELECT id FROM users WHERE id > ? ORDER BY id LIMIT ?", [.text(after), .integer(pageSize)])
            for row in users {
                let user = try row.text("id")
                if let cipher = sealing.keys.cached(user) {
                    ciphers[user] = cipher
                } else {
                    ciphers[user] = try await sealing.keys.create(for: user)
                }
                after = user
            }
            if Int64(users.count) < pageSize { break }
        }
        for table in tables {
            try await sealing.reseal(table, with: ciphers, on: session)
        }
    }

    private func reseal(_ table: Table, with ciphers: [String: FieldCipher], on session: any SQLSession) async throws {
        // Keyset paging on the table's key (a row-value comparison for two columns).
        let qualified = table.keys.map { table.name == "messages" ? "messages.\($0)" : $0 }
        let after = "(\(qualified.joined(separator: ", "))) > (\(table.keys.map { _ in "?" }.joined(separator: ", ")))"
        var last: [SQLValue]?
        while true {
            let condition = last == nil ? "" : (table.select.contains(" WHERE ") ? " AND " : " WHERE ") + after
            let rows = try await session.query(
                "\(table.select)\(condition) ORDER BY \(qualified.joined(separator: ", ")) LIMIT ?",
                (last ?? []) + [.integer(Self.pageSize)])
            for row in rows {
                let keyValues = try table.keys.map { try row.value($0) }
                last = keyValues
                // A row whose user is gone (an orphan) has no key to take; it stays as it is.
                guard let cipher = ciphers[try row.text("owner")] else { continue }
                var values: [SQLValue] = []
                for column in table.sealed {
                    guard let sealed = try row.optionalBlob(column) else {
                        values.append(.null)
                        continue
                    }
                    let field = try table.field(row, column)
                    values.append(.blob(try cipher.seal(try server.open(sealed, for: field), for: field)))
                }
                let assignments = table.sealed.map { "\($0) = ?" }.joined(separator: ", ")
                let keys = table.keys.map { "\($0) = ?" }.joined(separator: " AND ")
                try await session.query("UPDATE \(table.name) SET \(assignments) WHERE \(keys)", values + keyValues)
            }
            if Int64(rows.count) < Self.pageSize { return }
        }
    }
}
