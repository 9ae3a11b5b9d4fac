import CWellness
import WellnessKitClient
import WellnessKitCore

// Each call decodes one model and writes back its canonical JSON.

private func normalize<Model: JSONCodable>(
    _ type: Model.Type, _ json: JSONValue
) throws -> JSONValue {
    try Model(json: json).json
}

@_cdecl("wellness_insight_normalize")
public func wellness_insight_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(Insight.self, $0) }
}

@_cdecl("wellness_insight_response_normalize")
public func wellness_insight_response_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(Envelope<Insight>.self, $0) }
}

@_cdecl("wellness_insights_list_response_normalize")
public func wellness_insights_list_response_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(Envelope<InsightsPage>.self, $0) }
}

@_cdecl("wellness_pagination_normalize")
public func wellness_pagination_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(Pagination.self, $0) }
}

@_cdecl("wellness_insight_update_request_normalize")
public func wellness_insight_update_request_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(UpdateInsightRequest.self, $0) }
}

@_cdecl("wellness_goal_suggestion_normalize")
public func wellness_goal_suggestion_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(GoalSuggestion.self, $0) }
}

@_cdecl("wellness_goal_suggestions_response_normalize")
public func wellness_goal_suggestions_response_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(Envelope<GoalSuggestions>.self, $0) }
}

@_cdecl("wellness_goal_tip_normalize")
public func wellness_goal_tip_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(GoalTip.self, $0) }
}

@_cdecl("wellness_goal_tips_response_normalize")
public func wellness_goal_tips_response_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(Envelope<GoalTips>.self, $0) }
}

@_cdecl("wellness_create_goal_request_normalize")
public func wellness_create_goal_request_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(CreateGoalRequest.self, $0) }
}

@_cdecl("wellness_goal_normalize")
public func wellness_goal_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(Goal.self, $0) }
}

@_cdecl("wellness_trends_response_normalize")
public func wellness_trends_response_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(TrendsResponse.self, $0) }
}

@_cdecl("wellness_consultation_normalize")
public func wellness_consultation_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(Consultation.self, $0) }
}

@_cdecl("wellness_create_consultation_request_normalize")
public func wellness_create_consultation_request_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(CreateConsultationRequest.self, $0) }
}

@_cdecl("wellness_consultation_message_normalize")
public func wellness_consultation_message_normalize(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try normalize(ConsultationMessage.self, $0) }
}
