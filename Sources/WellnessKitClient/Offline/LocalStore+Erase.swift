import WellnessKitCore

extension LocalStore {
    /// What ``erase(scope:)`` deleted.
    public struct Erasure: Sendable, Equatable {
        /// Cached answers (health data) deleted.
        public var cached: Int
        /// Queued writes deleted, never to be sent.
        public var pending: Int
        /// Refused writes deleted.
        public var failed: Int

        public var json: JSONValue {
            .object(JSONObject([("cached", .int(cached)), ("pending", .int(pending)), ("failed", .int(failed))]))
        }
    }

    /// Deletes everything stored for one owner (a user at a server): cached
    /// answers, queued writes and refused writes, in one transaction. Other
    /// owners' data and the per-goal preferences (which hold no health data) stay.
    /// - Throws: ``WellnessError`` when the store cannot be written.
    public func erase(scope: OfflineScope) throws -> Erasure {
        try withConnection { connection in
            try connection.transaction {
                var counts: [Int] = []
                for table in ["cache_entries", "outbox", "outbox_failed"] {
                    try connection.query("DELETE FROM \(table) WHERE owner = ?", [.text(scope.owner)])
                    counts.append(connection.changes)
                }
                return Erasure(cached: counts[0], pending: counts[1], failed: counts[2])
            }
        }
    }
}
