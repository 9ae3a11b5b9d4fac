import WellnessKitCore

/// A write kept in the outbox until the API accepts or refuses it.
public struct PendingWrite: Sendable, Equatable {
    /// The outbox row: increasing, the order of delivery.
    public var id: Int64
    /// "update_insight", "delete_insight", "create_goal", "update_goal", "create_consultation", "send_message",
    /// "post_workouts", "delete_workout", "post_daily_metrics", "delete_daily_metrics", "set_profile".
    public var operation: String
    public var method: String
    public var path: String
    public var body: JSONValue?
    /// Generated once when the write was first tried and sent with every replay,
    /// so that a server which saw it before answers without applying it again.
    public var idempotencyKey: String
    public var queuedSeconds: Int64
    public var attempts: Int64
    public var nextAttemptSeconds: Int64
    public var lastError: String?
    /// A sync (in this process or another) holds it now.
    public var inFlight: Bool

    public var json: JSONValue {
        .object(
            JSONObject([
                ("pending_id", .int(Int(clamping: id))), ("operation", .string(operation)), ("method", .string(method)),
                ("path", .string(path)), ("request", body ?? .null), ("idempotency_key", .string(idempotencyKey)),
                ("queued_at", .string(Timestamp(seconds: queuedSeconds).description)),
                ("attempts", .int(Int(clamping: attempts))),
                (
                    "next_attempt_at",
                    nextAttemptSeconds > 0 ? .string(Timestamp(seconds: nextAttemptSeconds).description) : .null
                ),
                ("last_error", lastError.map(JSONValue.string) ?? .null), ("in_flight", .bool(inFlight)),
            ]))
    }
}
