import CWellness
import WellnessKitClient
import WellnessKitCore

// Offline mode (docs/OFFLINE.md): answers from the cache carry a stamp;
// queued writes say so; the outbox is synced, listed and cancelled here.

/// An answer as the API gave it, or from the cache with `source`, `cached_at`
/// and `age_seconds` appended: fresh answers keep their exact shape.
func answer<Value: JSONEncodable>(_ read: CachedRead<Value>) -> JSONValue {
    read.offline.map { $0.stamping(read.value.json) } ?? read.value.json
}

/// The API's answer to a write, or the queued-write document.
func written<Value>(_ outcome: WriteOutcome<Value>, _ sent: (Value) -> JSONValue) -> JSONValue {
    switch outcome {
    case .sent(let value): return sent(value)
    case .queued(let queued): return queued.json(error: errorDocument)
    }
}

/// A deletion's answer: `{"deleted": true}` once sent, the queued write's document when queued.
func deleted<Value>(_ outcome: WriteOutcome<Value>) -> JSONValue {
    written(outcome) { _ in .object(JSONObject([("deleted", .bool(true))])) }
}

@_cdecl("wellness_client_list_messages")
public func wellness_client_list_messages(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["consultation_id"])
        let read = try client.messagesRead(consultationId: reader.nonEmptyString("consultation_id"))
        let document = JSONValue.object(JSONObject([("messages", read.value.json), ("count", .int(read.value.count))]))
        return read.offline.map { $0.stamping(document) } ?? document
    }
}

@_cdecl("wellness_client_sync")
public func wellness_client_sync(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["limit", "wait"])
        let report = try client.syncPending(
            limit: try reader.optionalInt("limit", in: 1...1_000_000),
            waitSeconds: try reader.optionalDouble("wait", in: 0...3600) ?? 30)
        return report.json(error: errorDocument)
    }
}

@_cdecl("wellness_client_pending")
public func wellness_client_pending(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys([])
        let writes = try client.pendingWrites()
        return .object(JSONObject([("pending", .array(writes.map(\.json))), ("count", .int(writes.count))]))
    }
}

@_cdecl("wellness_client_cancel_pending")
public func wellness_client_cancel_pending(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["pending_id"])
        let id = try reader.int("pending_id", in: 1...Int.max)
        return .object(
            JSONObject([
                ("pending_id", .int(id)),
                ("cancelled", .bool(try client.cancelPending(id: Int64(id)))),
            ]))
    }
}

@_cdecl("wellness_client_failed_writes")
public func wellness_client_failed_writes(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys([])
        let writes = try client.failedWrites()
        return .object(JSONObject([("failed", .array(writes.map(\.json))), ("count", .int(writes.count))]))
    }
}

@_cdecl("wellness_client_clear_failed")
public func wellness_client_clear_failed(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["pending_ids"])
        let ids: [Int]? = try reader.optional("pending_ids")
        let cleared = try client.clearFailedWrites(ids: ids?.map { Int64($0) })
        return .object(JSONObject([("cleared", .int(cleared))]))
    }
}
