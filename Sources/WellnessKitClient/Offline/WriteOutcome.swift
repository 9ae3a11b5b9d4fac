import WellnessKitCore

/// What a write did: sent, or queued because the API could not be reached.
public enum WriteOutcome<Value: Sendable>: Sendable {
    case sent(Value)
    case queued(QueuedWrite)
}

/// A write committed to the outbox (with its optimistic change to the cache)
/// because the API could not be reached; a sync delivers it.
public struct QueuedWrite: Sendable {
    public var pending: PendingWrite
    /// Why it was queued (the network error, timeout or 5xx).
    public var reason: WellnessError
    /// The cached object as the write leaves it (an insight marked read), when one was cached.
    public var optimistic: JSONValue?

    /// `{"queued": true, "pending_id", "operation", "idempotency_key", "queued_at", "reason", "optimistic"}`.
    /// - Parameter error: the error document of `reason`.
    public func json(error: (WellnessError) -> JSONValue) -> JSONValue {
        .object(
            JSONObject([
                ("queued", .bool(true)), ("pending_id", .int(Int(clamping: pending.id))),
                ("operation", .string(pending.operation)), ("idempotency_key", .string(pending.idempotencyKey)),
                ("queued_at", .string(Timestamp(seconds: pending.queuedSeconds).description)),
                ("reason", error(reason)), ("optimistic", optimistic ?? .null),
            ]))
    }
}
