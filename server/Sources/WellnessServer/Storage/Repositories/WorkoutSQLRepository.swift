import Foundation
import WellnessKitCore

/// ``WorkoutRepository`` in the store's database (either engine,
/// ``SQLEngine``), schema version 8: the sessions table of the users' data
/// queries. Start and end stay plain, to sort and filter on; activity and
/// fields are sealed in `body`.
public struct WorkoutSQLRepository: WorkoutRepository {
    /// The database, the users' keys and the lists' bookkeeping the workouts share with the other resources.
    let store: Store

    /// Stores each workout, replacing the one of the same start and activity
    /// (its natural key): sending the same workouts again stores them once,
    /// and of workouts of one natural key in one call the last is stored.
    /// - Returns: the workouts stored, with their ids: one per natural key, in the order of their last occurrence.
    /// - Throws: ``AccountErased`` when the user is gone; the database's failure (nothing is stored then).
    @discardableResult
    public func upsert(_ workouts: [WorkoutRecord], for userId: String) async throws -> [WorkoutRecord] {
        try await store.userKeys.load(userId)
        var prepared: [(workout: WorkoutRecord, row: [SQLValue])] = []
        for var workout in workouts {
            workout.id = try workoutId(start: workout.start, activity: workout.activity, for: userId)
            var body = JSONObject([("activity", .string(workout.activity))])
            for name in workout.fields.keys.sorted() {
                if let value = workout.fields[name] { body.append(name, .double(value)) }
            }
            let sealed = try store.cipher.seal(
                try JSONWriter.string(.object(body)), for: Self.workoutField(workout.id, userId))
            prepared.append(
                (
                    workout,
                    [.text(userId), .text(workout.id), .integer(workout.start), .integer(workout.end), .blob(sealed)]
                ))
        }
        // A natural key repeated in one call is one row: its last occurrence is the one stored.
        let last = Dictionary(prepared.enumerated().map { ($1.workout.id, $0) }, uniquingKeysWith: { $1 })
        let kept = prepared.enumerated().filter { last[$1.workout.id] == $0 }.map(\.element)
        let stored = kept.map(\.workout)
        let rows = kept.map(\.row)
        let ids = stored.map(\.id)
        try await store.changingLists(of: userId) { [self, rows] session in
            let existing = try await existingWorkouts(ids, for: userId, on: session)
            for row in rows {
                try await session.query(
                    """
                    INSERT INTO workouts (user_id, id, start_ms, end_ms, body) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (user_id, id) DO UPDATE SET end_ms = excluded.end_ms, body = excluded.body
                    """, row)
            }
            var change = ListChange()
            change.added(.workout, count: Int64(ids.count - existing))
            return ((), change)
        }
        return stored
    }

    /// How many of `ids` the user has stored already (read in the writing transaction, which holds the user).
    private func existingWorkouts(_ ids: [String], for userId: String, on session: any SQLSession) async throws
        -> Int
    {
        var count = 0
        // In slices, under both engines' limits on a statement's parameters.
        for start in stride(from: 0, to: ids.count, by: 500) {
            let slice = ids[start..<min(start + 500, ids.count)]
            let marks = slice.map { _ in "?" }.joined(separator: ", ")
            count += try await session.query(
                "SELECT id FROM workouts WHERE user_id = ? AND id IN (\(marks))",
                [.text(userId)] + slice.map { .text($0) }
            ).count
        }
        return count
    }

    /// The user's workouts starting from `from` to `to` (epoch milliseconds, both included), oldest first.
    public func all(for userId: String, from: Int64? = nil, to: Int64? = nil) async throws -> [WorkoutRecord] {
        try await store.userKeys.load(userId)
        let range = Self.startRange(from: from, to: to)
        return try await store.engine.query(
            "SELECT id, start_ms, end_ms, body FROM workouts WHERE \(range.filter) ORDER BY start_ms, id",
            [.text(userId)] + range.parameters
        ).map { try workout(from: $0, userId: userId) }
    }

    /// One page of ``all(for:from:to:)``.
    public func list(for userId: String, from: Int64?, to: Int64?, page: Int, pageSize: Int) async throws
        -> ([WorkoutRecord], Pagination)
    {
        try await store.userKeys.load(userId)
        let range = Self.startRange(from: from, to: to)
        let parameters = [SQLValue.text(userId)] + range.parameters
        // The whole list's total is the user's row of `workout_counts`; a range's is counted over the index.
        let total =
            from == nil && to == nil
            ? try await store.total(.workouts, filter: "user_id = ?", [.text(userId)])
            : try await store.count("workouts", filter: range.filter, parameters)
        return try await store.page(
            of: Store.PagedRows(
                table: "workouts", columns: "id, start_ms, end_ms, body", filter: range.filter,
                parameters: parameters, order: "start_ms, id"),
            total: total, page: page, pageSize: pageSize
        ) { try workout(from: $0, userId: userId) }
    }

    /// Deletes the user's workout of this id.
    /// - Returns: false when the user has none (never had, or deleted already).
    @discardableResult
    public func delete(_ id: String, for userId: String) async throws -> Bool {
        try await store.changingLists(of: userId) { session in
            let deleted = try await !session.query(
                "DELETE FROM workouts WHERE user_id = ? AND id = ? RETURNING id", [.text(userId), .text(id)]
            ).isEmpty
            var change = ListChange()
            if deleted { change.removed(.workout) }
            return (deleted, change)
        }
    }

    /// `wo_` and a digest of start and activity keyed with the user's own key: stable for the
    /// natural key, and telling nothing of the activity to whoever reads the plain column.
    func workoutId(start: Int64, activity: String, for userId: String) throws -> String {
        "wo_" + (try store.cipher.digest("\(start)\n\(activity)", purpose: "workout id", user: userId))
    }

    /// A row of `workouts` (`id`, `start_ms`, `end_ms`, `body`) opened.
    func workout(from row: SQLRow, userId: String) throws -> WorkoutRecord {
        let id = try row.text("id")
        let body = try JSONParser.parse(store.cipher.open(try row.blob("body"), for: Self.workoutField(id, userId)))
        let reader = try ObjectReader(body, at: .root)
        var fields: [String: Double] = [:]
        for member in reader.object.members where member.key != "activity" {
            fields[member.key] = try reader.required(member.key)
        }
        return WorkoutRecord(
            id: id, start: try row.integer("start_ms"), end: try row.integer("end_ms"),
            activity: try reader.required("activity"), fields: fields)
    }

    static func workoutField(_ id: String, _ userId: String) -> SealedField {
        SealedField(table: "workouts", column: "body", row: id, user: userId)
    }

    /// The condition on `workouts` (first parameter the user) for starts within the range.
    private static func startRange(from: Int64?, to: Int64?) -> (filter: String, parameters: [SQLValue]) {
        Store.userRange("start_ms", from: from.map { .integer($0) }, to: to.map { .integer($0) })
    }
}
