import CWellness
import WellnessKitClient
import WellnessKitCore

// The client's local store: per-goal interval preferences, and the series
// calls that read them.

@_cdecl("wellness_client_interval_preference")
public func wellness_client_interval_preference(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["goal_id"])
        let goalId: String = try reader.nonEmptyString("goal_id")
        return preferenceDocument(goalId, try client.intervalPreference(goalId: goalId))
    }
}

@_cdecl("wellness_client_set_interval_preference")
public func wellness_client_set_interval_preference(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["goal_id", "interval"])
        let goalId: String = try reader.nonEmptyString("goal_id")
        guard reader.object["interval"] != nil else {
            throw WellnessError.validation(
                "is required: an interval, or \"auto\" or null to reset",
                at: reader.path(of: "interval"))
        }
        let name: String = try reader.optional("interval") ?? "auto"
        let interval =
            name == "auto" ? nil : try AggregationInterval(json: .string(name), at: reader.path(of: "interval"))
        try client.setIntervalPreference(interval, goalId: goalId)
        return preferenceDocument(goalId, interval)
    }
}

private func preferenceDocument(_ goalId: String, _ interval: AggregationInterval?) -> JSONValue {
    .object(
        JSONObject([
            ("goal_id", .string(goalId)), ("interval", interval.map { .string($0.rawValue) } ?? .null),
            ("automatic", .bool(interval == nil)),
        ]))
}

@_cdecl("wellness_client_series_aggregate")
public func wellness_client_series_aggregate(
    _ client: OpaquePointer?, _ options: UnsafePointer<CChar>?, _ optionsLength: Int,
    _ samples: UnsafePointer<CChar>?, _ samplesLength: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClientOptions(client, options, optionsLength, out, err) { try aggregate($0, samples, samplesLength) }
}

@_cdecl("wellness_client_series_chart")
public func wellness_client_series_chart(
    _ client: OpaquePointer?, _ options: UnsafePointer<CChar>?, _ optionsLength: Int,
    _ samples: UnsafePointer<CChar>?, _ samplesLength: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClientOptions(client, options, optionsLength, out, err) { try chart($0, samples, samplesLength) }
}

/// A series call whose options may name a goal, resolved to its saved interval.
private func withClientOptions(
    _ client: OpaquePointer?, _ options: UnsafePointer<CChar>?, _ optionsLength: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?,
    _ body: (JSONValue) throws -> JSONValue
) -> Int32 {
    withBorrowedClient(client, out, err) { handle in
        respond(options, optionsLength, out, err) { try body(try handle.resolvingGoalInterval($0)) }
    }
}
