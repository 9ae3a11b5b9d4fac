import WellnessKitCore

/// A queued write the API refused on replay (404 or another 4xx): taken out
/// of the outbox so it blocks nothing, and kept here, with the reason, until
/// the caller clears it — never dropped silently.
public struct FailedWrite: Sendable, Equatable {
    /// The id it had in the outbox.
    public var id: Int64
    public var operation: String
    public var method: String
    public var path: String
    public var body: JSONValue?
    public var idempotencyKey: String
    public var queuedSeconds: Int64
    public var failedSeconds: Int64
    public var httpStatus: Int?
    /// The API's message ("Insight not found").
    public var reason: String

    public var json: JSONValue {
        .object(
            JSONObject([
                ("pending_id", .int(Int(clamping: id))), ("operation", .string(operation)), ("method", .string(method)),
                ("path", .string(path)), ("request", body ?? .null), ("idempotency_key", .string(idempotencyKey)),
                ("queued_at", .string(Timestamp(seconds: queuedSeconds).description)),
                ("failed_at", .string(Timestamp(seconds: failedSeconds).description)),
                ("http_status", httpStatus.map { JSONValue.int($0) } ?? .null), ("reason", .string(reason)),
            ]))
    }
}
