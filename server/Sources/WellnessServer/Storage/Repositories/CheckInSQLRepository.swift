import WellnessKitCore

/// ``CheckInRepository`` in the store's database (either engine,
/// ``SQLEngine``): one row per user and date, the measurements sealed in `body`.
public struct CheckInSQLRepository: CheckInRepository {
    /// The database and the users' keys the check-ins share with the other resources.
    let store: Store

    /// Inserts or replaces each day's check-in; the measurements are sealed, the date is the row's key.
    public func upsert(_ checkIns: [CheckIn], for userId: String) async throws {
        try await store.userKeys.load(userId)
        let rows = try checkIns.map { checkIn -> [SQLValue] in
            let date = checkIn.date.description
            let body = try store.cipher.seal(try JSONWriter.string(checkIn.json), for: Self.checkInField(userId, date))
            return [.text(userId), .text(date), .blob(body)]
        }
        try await store.engine.transaction { [self] session in
            try await store.holdUser(userId, on: session)
            for row in rows {
                try await session.query(
                    """
                    INSERT INTO checkins (user_id, date, body) VALUES (?, ?, ?)
                    ON CONFLICT (user_id, date) DO UPDATE SET body = excluded.body
                    """, row)
            }
        }
    }

    /// The user's check-ins in date order.
    public func all(for userId: String) async throws -> [CheckIn] {
        try await store.userKeys.load(userId)
        return try await store.engine.query(
            "SELECT date, body FROM checkins WHERE user_id = ? ORDER BY date", [.text(userId)]
        )
        .map { row in
            let date = try row.text("date")
            return try CheckIn(
                json: JSONParser.parse(store.cipher.open(try row.blob("body"), for: Self.checkInField(userId, date))))
        }
    }

    private static func checkInField(_ userId: String, _ date: String) -> SealedField {
        SealedField(table: "checkins", column: "body", row: date, user: userId)
    }
}
