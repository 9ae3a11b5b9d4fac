import CWellness
import WellnessKitClient
import WellnessKitCore

// Seed 004's cross-feature rules: destinations, actions, deep links, notifications.

@_cdecl("wellness_integration_destination")
public func wellness_integration_destination(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try DestinationRequest(json: $0).resultJSON() }
}

@_cdecl("wellness_client_navigate")
public func wellness_client_navigate(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        let request = try DestinationRequest(json: .object(reader.object))
        return request.resultJSON(destination: try client.navigate(request))
    }
}

@_cdecl("wellness_integration_actions")
public func wellness_integration_actions(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try ActionsRequest(json: $0).json }
}

@_cdecl("wellness_deep_link_parse")
public func wellness_deep_link_parse(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try DeepLinkRequest.parse($0) }
}

@_cdecl("wellness_deep_link_build")
public func wellness_deep_link_build(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try DeepLinkRequest.build($0) }
}

@_cdecl("wellness_notification_insight")
public func wellness_notification_insight(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try NotificationCalls.newInsight($0) }
}

@_cdecl("wellness_notification_goal_progress")
public func wellness_notification_goal_progress(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try NotificationCalls.goalProgress($0) }
}

@_cdecl("wellness_notification_progress_milestone")
public func wellness_notification_progress_milestone(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try NotificationCalls.progressMilestone($0) }
}

@_cdecl("wellness_notification_categories")
public func wellness_notification_categories(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try NotificationCalls.categories($0) }
}

@_cdecl("wellness_notification_response")
public func wellness_notification_response(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try NotificationCalls.response($0) }
}
