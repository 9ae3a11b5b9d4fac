import WellnessKitCore
import WellnessSQLite

extension LocalStore {
    /// Notes that a goal's tips were fetched (for the "get tips" suggestion).
    /// - Throws: ``WellnessError`` when the store cannot be written.
    public func recordTipsFetched(goalId: String, at time: Timestamp) throws {
        try withConnection { connection in
            try connection.query(
                """
                INSERT INTO goal_tips_fetched (goal_id, fetched_s) VALUES (?, ?)
                ON CONFLICT (goal_id) DO UPDATE SET fetched_s = MAX(fetched_s, excluded.fetched_s)
                """, [.text(goalId), .integer(time.seconds)])
        }
    }

    /// Of `goalIds`, those whose tips were fetched at least once.
    /// - Throws: ``WellnessError`` when the store cannot be read.
    public func goalsWithTipsFetched(among goalIds: [String]) throws -> Set<String> {
        try withConnection { connection in
            var fetched = Set<String>()
            for goalId in goalIds {
                let rows = try connection.query("SELECT 1 FROM goal_tips_fetched WHERE goal_id = ?", [.text(goalId)])
                if !rows.isEmpty { fetched.insert(goalId) }
            }
            return fetched
        }
    }

    /// Notes that the user started a consultation at `time` (the latest is kept).
    /// - Throws: ``WellnessError`` when the store cannot be written.
    public func recordConsultationStarted(userId: String, at time: Timestamp) throws {
        try withConnection { connection in
            try connection.query(
                """
                INSERT INTO consultations_started (user_id, started_s) VALUES (?, ?)
                ON CONFLICT (user_id) DO UPDATE SET started_s = MAX(started_s, excluded.started_s)
                """, [.text(userId), .integer(time.seconds)])
        }
    }

    /// When the user last started a consultation, as far as this store knows.
    /// - Throws: ``WellnessError`` when the store cannot be read.
    public func lastConsultationStarted(userId: String) throws -> Timestamp? {
        try withConnection { connection in
            try connection.query("SELECT started_s FROM consultations_started WHERE user_id = ?", [.text(userId)])
                .first.flatMap { row in try Self.reading { Timestamp(validSeconds: try row.integer("started_s")) } }
        }
    }
}
