import CWellness
import WellnessKitClient
import WellnessKitCore

// The client handle handed to C is a retained WellnessClient.

@_cdecl("wellness_client_new")
public func wellness_client_new(
    _ config: UnsafePointer<CChar>?, _ configLength: Int,
    _ client: UnsafeMutablePointer<OpaquePointer?>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    Buffer.reset(err)
    guard let client else { return report(.invalidArgument("client must not be NULL"), to: err) }
    client.pointee = nil
    do {
        let document = try JSONParser.parse(try input(config, configLength, name: "config"), expecting: .object)
        let made = WellnessClient(configuration: try ClientConfiguration(json: document))
        client.pointee = retainedHandle(made)
        return Status.ok
    } catch let error as WellnessError {
        return report(error, to: err)
    } catch {
        return report(.internal("unexpected error: \(error)"), to: err)
    }
}

@_cdecl("wellness_client_free")
public func wellness_client_free(_ client: OpaquePointer?) {
    guard let client else { return }
    releaseHandle(client, as: WellnessClient.self)
}

/// Runs a client operation: the handle is borrowed, the parameters parsed strictly.
func withClient(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?,
    _ body: (WellnessClient, ObjectReader) throws -> JSONValue
) -> Int32 {
    withBorrowedClient(client, out, err) { handle in
        respond(json, len, out, err) { document in try body(handle, try ObjectReader(document, at: .root)) }
    }
}

@_cdecl("wellness_client_list_insights")
public func wellness_client_list_insights(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        answer(try client.listInsightsRead(try InsightListOptions(json: .object(reader.object))))
    }
}

@_cdecl("wellness_client_list_all_insights")
public func wellness_client_list_all_insights(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ progress: (@convention(c) (UnsafeMutableRawPointer?, Int, Int) -> Int32)?, _ userData: UnsafeMutableRawPointer?,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        let insights = try client.listAllInsights(try InsightListOptions(json: .object(reader.object))) {
            fetched, total in
            progress.map { $0(userData, fetched, total) == 0 } ?? true
        }
        return .object(JSONObject([("insights", insights.json), ("count", .int(insights.count))]))
    }
}

@_cdecl("wellness_client_get_insight")
public func wellness_client_get_insight(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["id"])
        return answer(try client.insightRead(id: reader.nonEmptyString("id")))
    }
}

@_cdecl("wellness_client_update_insight")
public func wellness_client_update_insight(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["id", "change"])
        let change: UpdateInsightRequest = try reader.required("change")
        return written(try client.updateInsightOrQueue(id: reader.nonEmptyString("id"), change)) { $0.json }
    }
}

@_cdecl("wellness_client_delete_insight")
public func wellness_client_delete_insight(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["id"])
        return deleted(try client.deleteInsightOrQueue(id: reader.nonEmptyString("id")))
    }
}

@_cdecl("wellness_client_goal_suggestions")
public func wellness_client_goal_suggestions(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["refresh", "insight_ids"])
        let (suggestions, source) = try client.goalSuggestions(
            refresh: try reader.optional("refresh") ?? false,
            basedOn: try reader.optional("insight_ids") ?? [])
        guard case .object(var object) = GoalSuggestions(suggestions: suggestions).json else { return .null }
        object.append("source", .string(source.rawValue))
        return .object(object)
    }
}

@_cdecl("wellness_client_update_goal")
public func wellness_client_update_goal(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        let id: String = try reader.nonEmptyString("id")
        var change = reader.object
        change.remove("id")
        return written(try client.updateGoalOrQueue(id: id, UpdateGoalRequest(json: .object(change)))) { $0.json }
    }
}

@_cdecl("wellness_client_accept_proposal")
public func wellness_client_accept_proposal(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        let accepted = try client.accept(try CoachProposal(json: .object(reader.object)))
        guard case .object(var object) = accepted.update.json else { return .null }
        object.append("created", .bool(accepted.created))
        return .object(object)
    }
}

@_cdecl("wellness_client_goal_tips")
public func wellness_client_goal_tips(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["goal_id"])
        return try client.goalTips(goalId: reader.nonEmptyString("goal_id")).json
    }
}

@_cdecl("wellness_client_create_goal_from_suggestion")
public func wellness_client_create_goal_from_suggestion(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        let input = try GoalFromSuggestionInput(json: .object(reader.object))
        return written(try client.createGoalOrQueue(from: input)) { $0.json }
    }
}

@_cdecl("wellness_client_create_goal")
public func wellness_client_create_goal(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        written(try client.createGoalOrQueue(try CreateGoalRequest(json: .object(reader.object)))) { $0.json }
    }
}

@_cdecl("wellness_client_get_goal")
public func wellness_client_get_goal(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["id"])
        return answer(try client.goalRead(id: reader.nonEmptyString("id")))
    }
}

@_cdecl("wellness_client_list_goals")
public func wellness_client_list_goals(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["status", "page", "page_size"])
        return answer(
            try client.listGoalsRead(
                status: try reader.optional("status"),
                page: try reader.optionalInt("page", in: 1...1_000_000) ?? 1,
                pageSize: try reader.optionalInt("page_size", in: 1...100) ?? 20))
    }
}

@_cdecl("wellness_client_trends")
public func wellness_client_trends(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["refresh"])
        return answer(try client.trendsRead(refresh: try reader.optional("refresh") ?? false))
    }
}

@_cdecl("wellness_client_dashboard")
public func wellness_client_dashboard(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["refresh"])
        let loaded = client.dashboardRead(refresh: try reader.optional("refresh") ?? false)
        let document = loaded.dashboard.json(ageSeconds: loaded.ageSeconds, error: errorDocument)
        return loaded.offline.map { $0.stamping(document) } ?? document
    }
}

@_cdecl("wellness_client_suggested_actions")
public func wellness_client_suggested_actions(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["now", "consultation_gap_days", "refresh"])
        let now: Timestamp = try reader.optional("now") ?? .now()
        let suggested = client.suggestedActions(
            now: now, consultationGapDays: try reader.optionalInt("consultation_gap_days", in: 0...3650) ?? 7,
            refresh: try reader.optional("refresh") ?? false)
        return .object(
            JSONObject([("actions", .array(suggested.actions.map(\.json))), ("complete", .bool(suggested.complete))]))
    }
}

@_cdecl("wellness_client_list_consultations")
public func wellness_client_list_consultations(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["is_archived", "page", "page_size"])
        return answer(
            try client.listConsultationsRead(
                archived: try reader.optional("is_archived"),
                page: try reader.optionalInt("page", in: 1...1_000_000) ?? 1,
                pageSize: try reader.optionalInt("page_size", in: 1...100) ?? 20))
    }
}

@_cdecl("wellness_client_create_consultation")
public func wellness_client_create_consultation(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        written(try client.createConsultationOrQueue(try CreateConsultationRequest(json: .object(reader.object)))) {
            $0.json
        }
    }
}

@_cdecl("wellness_client_send_message")
public func wellness_client_send_message(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["consultation_id", "content"])
        let outcome = try client.sendMessageOrQueue(
            consultationId: reader.nonEmptyString("consultation_id"),
            content: reader.nonEmptyString("content"))
        return written(outcome) { .object(JSONObject([("messages", $0.json), ("count", .int($0.count))])) }
    }
}

@_cdecl("wellness_client_send_message_stream")
public func wellness_client_send_message_stream(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ onEvent: (@convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int) -> Int32)?,
    _ userData: UnsafeMutableRawPointer?,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["consultation_id", "content"])
        let consultationId = try reader.nonEmptyString("consultation_id")
        let content = try reader.nonEmptyString("content")
        guard let onEvent else { throw WellnessError.invalidArgument("on_event must not be NULL") }
        let messages = try client.sendMessageStream(consultationId: consultationId, content: content) { event in
            // JSONWriter only fails on non-finite numbers, which these events cannot hold.
            var data = (try? JSONWriter.bytes(event.json)) ?? []
            let length = data.count
            data.append(0)
            return data.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { text in
                    event.name.withCString { name in onEvent(userData, name, text.baseAddress, length) == 0 }
                }
            }
        }
        return .object(JSONObject([("messages", messages.json), ("count", .int(messages.count))]))
    }
}

@_cdecl("wellness_client_set_token_provider")
public func wellness_client_set_token_provider(
    _ client: OpaquePointer?,
    _ provider: (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutablePointer<CChar>?, Int) -> Int)?,
    _ userData: UnsafeMutableRawPointer?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    Buffer.reset(err)
    return withBorrowedClient(client, nil, err) { handle in
        guard let provider else {
            handle.setTokenProvider(nil)
            return Status.ok
        }
        // The host owns user_data and promises it outlives the client's use of it.
        let context = UserData(pointer: userData)
        handle.setTokenProvider { refresh in
            var buffer = [CChar](repeating: 0, count: tokenCapacity)
            let length = buffer.withUnsafeMutableBufferPointer {
                provider(context.pointer, refresh ? 1 : 0, $0.baseAddress, $0.count)
            }
            guard length > 0, length < tokenCapacity else { return nil }
            return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return Status.ok
    }
}

/// The largest token a provider may return, NUL included.
private let tokenCapacity = 8192

/// A host pointer carried into a Sendable closure; the host guarantees its lifetime and thread-safety.
private struct UserData: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer?
}
