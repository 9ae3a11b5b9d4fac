import WellnessKitCore
import WellnessSQLite

extension LocalStore {
    /// A write to put in the outbox.
    public struct OutboxEntry: Sendable {
        public var operation: String
        public var method: String
        public var path: String
        public var body: JSONValue?
        public var idempotencyKey: String
        /// Why it was queued (the network error), kept as its last error.
        public var reason: String
        /// It was sent once and failed: that counts as an attempt, and the
        /// next automatic one waits a second (an explicit sync does not).
        public var attempted = true

        public init(
            operation: String, method: String, path: String, body: JSONValue?, idempotencyKey: String,
            reason: String
        ) {
            self.operation = operation
            self.method = method
            self.path = path
            self.body = body
            self.idempotencyKey = idempotencyKey
            self.reason = reason
        }
    }

    /// The optimistic change of a queued write, applied in its transaction.
    public struct OptimisticEdit: Sendable {
        public var keys: [String]
        public var prefixes: [String]
        public var edit: @Sendable (String, JSONValue) -> CacheEdit

        public init(keys: [String], prefixes: [String], edit: @escaping @Sendable (String, JSONValue) -> CacheEdit) {
            self.keys = keys
            self.prefixes = prefixes
            self.edit = edit
        }

        /// The edit of one object, cached alone under `path` and in list
        /// pages (keys starting with `listPrefix`, in their `listMember` array).
        /// - Parameter patch: the object's new JSON; nil removes it.
        public static func object(
            id: String, path: String, listPrefix: String, listMember: String,
            patch: @escaping @Sendable (JSONValue) -> JSONValue?
        ) -> OptimisticEdit {
            OptimisticEdit(keys: [path], prefixes: [listPrefix]) { key, value in
                if key == path { return patch(value).map(CacheEdit.replace) ?? .delete }
                guard case .object(let page) = value, case .array(let elements)? = page[listMember] else {
                    return .keep
                }
                let isThis: (JSONValue) -> Bool = {
                    if case .object(let element) = $0, element["id"] == .string(id) { return true }
                    return false
                }
                guard elements.contains(where: isThis) else { return .keep }
                let edited = elements.compactMap { isThis($0) ? patch($0) : $0 }
                return .replace(
                    .object(
                        JSONObject(
                            page.members.map {
                                ($0.key, $0.key == listMember ? .array(edited) : $0.value)
                            })))
            }
        }
    }

    /// How a claimed write ended.
    public enum ReplayOutcome: Sendable {
        /// Accepted: removed from the outbox.
        case delivered
        /// Refused for good (4xx): moved to the failed writes.
        case refused(httpStatus: Int?, reason: String)
        /// Not now (network, timeout, 5xx, 429, 401): kept, next tried at the given second.
        case deferred(until: Int64, reason: String)
    }

    static func outboxAssociatedData(_ idempotencyKey: String) -> String { "outbox\n\(idempotencyKey)" }

    /// Commits `entry` to the outbox and, in the same transaction, `optimistic`
    /// to the cache: either both are durable when this returns, or neither.
    /// - Returns: the outbox id.
    /// - Throws: ``WellnessError`` when the store cannot be written.
    @discardableResult
    public func enqueue(_ entry: OutboxEntry, scope: OfflineScope, optimistic: OptimisticEdit? = nil) throws
        -> PendingWrite
    {
        let body = try entry.body.map {
            try scope.stored(try JSONWriter.bytes($0), associatedData: Self.outboxAssociatedData(entry.idempotencyKey))
        }
        let now = Timestamp.now().seconds
        return try withConnection { connection in
            try connection.transaction {
                try connection.query(
                    """
                    INSERT INTO outbox (owner, operation, method, path, body, sealed, idempotency_key, queued_s, last_error,
                        attempts, next_attempt_s)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(scope.owner), .text(entry.operation), .text(entry.method), .text(entry.path),
                        body.map { .blob($0.bytes) } ?? .null, .integer(body?.sealed == true ? 1 : 0),
                        .text(entry.idempotencyKey), .integer(now), .text(entry.reason),
                        .integer(entry.attempted ? 1 : 0), .integer(entry.attempted ? now + 1 : 0),
                    ])
                let id =
                    try connection.query("SELECT last_insert_rowid() AS id").first
                    .map { row in try Self.reading { try row.integer("id") } } ?? 0
                if let optimistic {
                    try Self.editCache(
                        connection, scope: scope, keys: optimistic.keys, prefixes: optimistic.prefixes,
                        optimistic.edit)
                }
                return PendingWrite(
                    id: id, operation: entry.operation, method: entry.method, path: entry.path,
                    body: entry.body, idempotencyKey: entry.idempotencyKey, queuedSeconds: now,
                    attempts: entry.attempted ? 1 : 0, nextAttemptSeconds: entry.attempted ? now + 1 : 0,
                    lastError: entry.reason, inFlight: false)
            }
        }
    }

    private static let pendingColumns = """
        id, operation, method, path, body, sealed, idempotency_key, queued_s, attempts, next_attempt_s, last_error,
        lease_owner, lease_until_s
        """

    private static func pending(_ row: SQLRow, scope: OfflineScope, now: Int64) throws -> PendingWrite {
        let key = try reading { try row.text("idempotency_key") }
        let sealed = try reading { try row.bool("sealed") }
        let body = try reading { try row.optionalBlob("body") }.map {
            try JSONParser.parse(try scope.plaintext($0, sealed: sealed, associatedData: outboxAssociatedData(key)))
        }
        return try reading {
            PendingWrite(
                id: try row.integer("id"), operation: try row.text("operation"), method: try row.text("method"),
                path: try row.text("path"), body: body, idempotencyKey: key,
                queuedSeconds: try row.integer("queued_s"), attempts: try row.integer("attempts"),
                nextAttemptSeconds: try row.integer("next_attempt_s"), lastError: try row.optionalText("last_error"),
                inFlight: try row.optionalText("lease_owner") != nil && row.integer("lease_until_s") > now)
        }
    }

    /// The owner's queued writes, oldest first.
    /// - Throws: ``WellnessError`` when the store cannot be read.
    public func pendingWrites(scope: OfflineScope) throws -> [PendingWrite] {
        let now = Timestamp.now().seconds
        let rows = try withConnection { connection in
            try connection.query(
                "SELECT \(Self.pendingColumns) FROM outbox WHERE owner = ? ORDER BY id",
                [.text(scope.owner)])
        }
        return try rows.map { try Self.pending($0, scope: scope, now: now) }
    }

    /// How many writes the owner has queued, and how many are due (not waiting out a backoff).
    public func pendingCounts(scope: OfflineScope) throws -> (total: Int, due: Int) {
        let row = try withConnection { connection in
            try connection.query(
                """
                SELECT count(*) AS total, coalesce(sum(next_attempt_s <= ?), 0) AS due FROM outbox WHERE owner = ?
                """, [.integer(Timestamp.now().seconds), .text(scope.owner)]
            ).first
        }
        guard let row else { return (0, 0) }
        return try Self.reading { (Int(clamping: try row.integer("total")), Int(clamping: try row.integer("due"))) }
    }

    /// Takes a queued write out without sending it.
    /// - Returns: false when there is no such write.
    /// - Throws: ``WellnessError`` (validation) when a sync is sending it now.
    public func cancelPending(id: Int64, scope: OfflineScope) throws -> Bool {
        let now = Timestamp.now().seconds
        return try withConnection { connection in
            try connection.transaction {
                let row = try connection.query(
                    "SELECT lease_owner, lease_until_s FROM outbox WHERE owner = ? AND id = ?",
                    [.text(scope.owner), .integer(id)]
                ).first
                guard let row else { return false }
                if try Self.reading({ try row.optionalText("lease_owner") != nil && row.integer("lease_until_s") > now }
                ) {
                    throw WellnessError.validation(
                        "is being sent by a sync now; it can no longer be cancelled",
                        at: FieldPath.root.appending("pending_id"))
                }
                try connection.query(
                    "DELETE FROM outbox WHERE owner = ? AND id = ?", [.text(scope.owner), .integer(id)])
                return connection.changes > 0
            }
        }
    }

    /// Claims the oldest queued writes for one sync, up to `limit`, in one
    /// transaction: nothing when another sync holds a live claim on any of the
    /// owner's writes (one sync at a time per owner keeps them in order), and
    /// with `dueOnly`, nothing when the oldest is waiting out a backoff.
    /// - Parameters:
    ///   - claimant: this sync's random name.
    ///   - leaseSeconds: how long the claim holds unless renewed.
    /// - Returns: the claimed writes, and whether another sync holds a claim.
    public func claimPending(
        scope: OfflineScope, claimant: String, limit: Int, leaseSeconds: Int64,
        dueOnly: Bool
    ) throws -> (writes: [PendingWrite], busy: Bool) {
        let now = Timestamp.now().seconds
        return try withConnection { connection in
            try connection.transaction {
                let others =
                    try connection.query(
                        """
                        SELECT count(*) AS n FROM outbox WHERE owner = ? AND lease_owner IS NOT NULL AND lease_owner != ?
                        AND lease_until_s > ?
                        """, [.text(scope.owner), .text(claimant), .integer(now)]
                    ).first
                    .map { row in try Self.reading { try row.integer("n") } } ?? 0
                guard others == 0 else { return ([], true) }
                let rows = try connection.query(
                    "SELECT \(Self.pendingColumns) FROM outbox WHERE owner = ? ORDER BY id LIMIT ?",
                    [.text(scope.owner), .integer(Int64(max(1, limit)))])
                var writes = try rows.map { try Self.pending($0, scope: scope, now: now) }
                if dueOnly, let first = writes.first, first.nextAttemptSeconds > now { return ([], false) }
                let until = now.addingReportingOverflow(leaseSeconds)
                for index in writes.indices {
                    try connection.query(
                        "UPDATE outbox SET lease_owner = ?, lease_until_s = ? WHERE id = ?",
                        [
                            .text(claimant), .integer(until.overflow ? Int64.max : until.partialValue),
                            .integer(writes[index].id),
                        ])
                    writes[index].inFlight = true
                }
                return (writes, false)
            }
        }
    }

    /// Whether `claimant` still holds its claim on write `id` (a stalled sync may have lost it).
    public func holdsClaim(id: Int64, claimant: String) throws -> Bool {
        try withConnection { connection in
            try connection.query(
                "SELECT 1 FROM outbox WHERE id = ? AND lease_owner = ? AND lease_until_s > ?",
                [.integer(id), .text(claimant), .integer(Timestamp.now().seconds)]
            ).isEmpty == false
        }
    }

    /// Records how a claimed write ended and, in the same transaction, renews
    /// the claimant's claim on the rest for `leaseSeconds` (or releases it
    /// when the write was deferred: the sync stops there, to keep order).
    /// `cacheUpdate` stores the API's answer in the cache in that transaction too.
    public func finishReplay(
        _ write: PendingWrite, _ outcome: ReplayOutcome, scope: OfflineScope, claimant: String,
        leaseSeconds: Int64, cacheUpdate: (key: String, value: JSONValue)? = nil
    ) throws {
        let now = Timestamp.now().seconds
        let cached = try cacheUpdate.map {
            (
                $0.key,
                try scope.stored(
                    try JSONWriter.bytes($0.value), associatedData: Self.cacheAssociatedData(scope, $0.key))
            )
        }
        try withConnection { connection in
            try connection.transaction {
                switch outcome {
                case .delivered:
                    try connection.query("DELETE FROM outbox WHERE id = ?", [.integer(write.id)])
                case .refused(let status, let reason):
                    try connection.query(
                        """
                        INSERT OR REPLACE INTO outbox_failed (id, owner, operation, method, path, body, sealed,
                            idempotency_key, queued_s, failed_s, http_status, reason)
                        SELECT id, owner, operation, method, path, body, sealed, idempotency_key, queued_s, ?, ?, ?
                        FROM outbox WHERE id = ?
                        """,
                        [
                            .integer(now), status.map { .integer(Int64($0)) } ?? .null, .text(reason),
                            .integer(write.id),
                        ])
                    try connection.query("DELETE FROM outbox WHERE id = ?", [.integer(write.id)])
                case .deferred(let until, let reason):
                    try connection.query(
                        """
                        UPDATE outbox SET attempts = attempts + 1, next_attempt_s = ?, last_error = ? WHERE id = ?
                        """, [.integer(until), .text(reason), .integer(write.id)])
                }
                if case .deferred = outcome {
                    try connection.query(
                        "UPDATE outbox SET lease_owner = NULL, lease_until_s = 0 WHERE lease_owner = ?",
                        [.text(claimant)])
                } else {
                    let until = now.addingReportingOverflow(leaseSeconds)
                    try connection.query(
                        "UPDATE outbox SET lease_until_s = ? WHERE lease_owner = ?",
                        [.integer(until.overflow ? Int64.max : until.partialValue), .text(claimant)])
                }
                if let (key, stored) = cached {
                    try Self.putCache(connection, stored, key: key, owner: scope.owner)
                }
            }
        }
    }

    /// Gives up `claimant`'s claims (a sync stopping early).
    public func releaseClaims(claimant: String) throws {
        try withConnection { connection in
            try connection.transaction {
                try connection.query(
                    "UPDATE outbox SET lease_owner = NULL, lease_until_s = 0 WHERE lease_owner = ?",
                    [.text(claimant)])
            }
        }
    }

    /// The owner's refused writes, oldest first.
    public func failedWrites(scope: OfflineScope) throws -> [FailedWrite] {
        let rows = try withConnection { connection in
            try connection.query(
                """
                SELECT id, operation, method, path, body, sealed, idempotency_key, queued_s, failed_s, http_status, reason
                FROM outbox_failed WHERE owner = ? ORDER BY id
                """, [.text(scope.owner)])
        }
        return try rows.map { row in
            let key = try Self.reading { try row.text("idempotency_key") }
            let sealed = try Self.reading { try row.bool("sealed") }
            let body = try Self.reading { try row.optionalBlob("body") }.map {
                try JSONParser.parse(
                    try scope.plaintext($0, sealed: sealed, associatedData: Self.outboxAssociatedData(key)))
            }
            return try Self.reading {
                FailedWrite(
                    id: try row.integer("id"), operation: try row.text("operation"), method: try row.text("method"),
                    path: try row.text("path"), body: body, idempotencyKey: key,
                    queuedSeconds: try row.integer("queued_s"), failedSeconds: try row.integer("failed_s"),
                    httpStatus: try row.optionalInteger("http_status").map { Int(clamping: $0) },
                    reason: try row.text("reason"))
            }
        }
    }

    /// Forgets refused writes: those in `ids`, or all of the owner's when nil.
    /// - Returns: how many were forgotten.
    public func clearFailed(ids: [Int64]?, scope: OfflineScope) throws -> Int {
        try withConnection { connection in
            try connection.transaction {
                guard let ids else {
                    try connection.query("DELETE FROM outbox_failed WHERE owner = ?", [.text(scope.owner)])
                    return connection.changes
                }
                var removed = 0
                for id in ids {
                    try connection.query(
                        "DELETE FROM outbox_failed WHERE owner = ? AND id = ?",
                        [.text(scope.owner), .integer(id)])
                    removed += connection.changes
                }
                return removed
            }
        }
    }
}
