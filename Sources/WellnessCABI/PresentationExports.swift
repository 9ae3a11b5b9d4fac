import CWellness
import WellnessKitClient
import WellnessKitCore

@_cdecl("wellness_insight_view")
public func wellness_insight_view(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { InsightView(try Insight(json: $0)).json }
}

@_cdecl("wellness_goal_suggestion_view")
public func wellness_goal_suggestion_view(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { GoalSuggestionView(try GoalSuggestion(json: $0)).json }
}

@_cdecl("wellness_goal_tip_view")
public func wellness_goal_tip_view(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { GoalTipView(try GoalTip(json: $0)).json }
}

@_cdecl("wellness_create_goal_request_from_suggestion")
public func wellness_create_goal_request_from_suggestion(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try GoalFromSuggestionInput(json: $0).request().json }
}

@_cdecl("wellness_trend_view")
public func wellness_trend_view(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try TrendView(json: $0).json }
}

@_cdecl("wellness_trends_view")
public func wellness_trends_view(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try TrendsResponse(json: $0).views }
}
