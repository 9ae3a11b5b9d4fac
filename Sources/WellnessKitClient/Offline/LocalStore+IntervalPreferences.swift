import WellnessKitCore
import WellnessSQLite

extension LocalStore {
    /// The interval chosen for a goal's charts (seed 002 Phase 5), or nil for automatic.
    /// - Throws: ``WellnessError`` when the store cannot be read.
    public func intervalPreference(goalId: String) throws -> AggregationInterval? {
        try withConnection { connection in
            let stored = try connection.query(
                "SELECT interval FROM interval_preferences WHERE goal_id = ?",
                [.text(goalId)]
            ).first.map { row in try Self.reading { try row.text("interval") } }
            return stored.flatMap { AggregationInterval(rawValue: $0) }
        }
    }

    /// Keeps `interval` for the goal; nil resets it to automatic.
    /// - Throws: ``WellnessError`` when the store cannot be written.
    public func setIntervalPreference(_ interval: AggregationInterval?, goalId: String) throws {
        try withConnection { connection in
            try connection.transaction {
                if let interval {
                    try connection.query(
                        """
                        INSERT INTO interval_preferences (goal_id, interval, updated_s) VALUES (?, ?, ?)
                        ON CONFLICT (goal_id) DO UPDATE SET interval = excluded.interval, updated_s = excluded.updated_s
                        """, [.text(goalId), .text(interval.rawValue), .integer(Timestamp.now().seconds)])
                } else {
                    try connection.query("DELETE FROM interval_preferences WHERE goal_id = ?", [.text(goalId)])
                }
            }
        }
    }
}
