import WellnessKitCore

/// What one sync of the outbox did, write by write.
public struct SyncReport: Sendable {
    /// One replayed write and how it ended.
    public struct Item: Sendable {
        public var write: PendingWrite
        /// "delivered", "failed" (refused, moved to the failed writes) or "deferred" (kept, backoff).
        public var result: String
        public var httpStatus: Int?
        public var error: WellnessError?
        public var nextAttemptSeconds: Int64?
    }

    public var items: [Item] = []
    /// Another sync (another process or thread) held the queue the whole time this one could wait.
    public var busy = false
    /// Writes still queued when the sync ended.
    public var remaining = 0

    public init() {}

    public var delivered: Int { items.filter { $0.result == "delivered" }.count }
    public var failed: Int { items.filter { $0.result == "failed" }.count }

    /// `{"delivered", "failed", "deferred", "remaining", "busy", "items": [...]}`.
    public func json(error: (WellnessError) -> JSONValue) -> JSONValue {
        let items = items.map { item -> JSONValue in
            .object(
                JSONObject([
                    ("pending_id", .int(Int(clamping: item.write.id))), ("operation", .string(item.write.operation)),
                    ("idempotency_key", .string(item.write.idempotencyKey)), ("result", .string(item.result)),
                    ("http_status", item.httpStatus.map { JSONValue.int($0) } ?? .null),
                    ("error", item.error.map(error) ?? .null),
                    (
                        "next_attempt_at",
                        item.nextAttemptSeconds.map { .string(Timestamp(seconds: $0).description) } ?? .null
                    ),
                ]))
        }
        return .object(
            JSONObject([
                ("delivered", .int(delivered)), ("failed", .int(failed)),
                ("deferred", .int(self.items.count - delivered - failed)), ("remaining", .int(remaining)),
                ("busy", .bool(busy)), ("items", .array(items)),
            ]))
    }
}
