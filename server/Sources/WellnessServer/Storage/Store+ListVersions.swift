/// The version of each user's list, kept in `list_versions` and raised by
/// every transaction that changes the list, so that a page read at a version
/// is known to be current while the version is unchanged (``InsightPageCache``).
extension Store {
    /// The current version of `userId`'s `list` (0 before its first change).
    func listVersion(_ list: CountedList, for userId: String) async throws -> Int64 {
        try await engine.query("SELECT version FROM list_versions WHERE user_id = ? AND list = ?",
                               [.text(userId), .text(list.rawValue)]).first?.first?.integer ?? 0
    }

    /// Raises the version of `userId`'s `list`, in the transaction that changes it.
    func raiseVersion(_ list: CountedList, for userId: String, on session: any SQLSession) async throws {
        try await session.query("""
            INSERT INTO list_versions (user_id, list, version) VALUES (?, ?, 1)
            ON CONFLICT (user_id, list) DO UPDATE SET version = list_versions.version + 1
            """, [.text(userId), .text(list.rawValue)])
    }

    /// A scalar subquery of the version of `userId`'s `list`, for a page's
    /// statement to carry: the version the page was read at.
    static func versionColumn(_ list: CountedList, for userId: String) -> SQLStatement {
        SQLStatement("COALESCE((SELECT version FROM list_versions WHERE user_id = ? AND list = ?), 0)",
                     [.text(userId), .text(list.rawValue)])
    }
}
