import CWellness
import Foundation
import Testing

@testable import WellnessCABI

/// Calls a one-document export the way C does and returns (status, out, err).
private func call(
    _ function: (UnsafePointer<CChar>?, Int, UnsafeMutablePointer<wellness_buf>?, UnsafeMutablePointer<wellness_buf>?)
        -> Int32,
    _ json: String
) -> (Int32, String?, String?) {
    var out = wellness_buf(ptr: nil, len: 0)
    var err = wellness_buf(ptr: nil, len: 0)
    let status = function(json, json.utf8.count, &out, &err)
    defer {
        WellnessCABI.wellness_buf_free(&out)
        WellnessCABI.wellness_buf_free(&err)
    }
    let read = { (buf: wellness_buf) in buf.ptr.map { String(cString: $0) } }
    return (status, read(out), read(err))
}

@Suite struct IntegrationExportsTests {
    @Test func deepLinksThroughTheABI() {
        let (status, out, err) = call(
            WellnessCABI.wellness_deep_link_parse, #"{"url":"fitiq://goals?id=g1&action=chat"}"#)
        #expect(status == WELLNESS_OK && err == nil)
        #expect(out?.contains(#""identifier":"goal_consultation_g1""#) == true)
        let (refused, _, error) = call(WellnessCABI.wellness_deep_link_parse, #"{"url":1}"#)
        #expect(refused == WELLNESS_E_VALIDATION)
        #expect(error?.contains(#""path":"url""#) == true)
    }

    @Test func notificationsAndEventsThroughTheABI() {
        #expect(
            call(WellnessCABI.wellness_notification_categories, "{}").1?.hasPrefix(
                #"{"categories":[{"identifier":"INSIGHT_CATEGORY""#) == true)
        let (status, out, _) = call(
            WellnessCABI.wellness_analytics_event,
            #"{"name":"goal_ai_usage","parameters":{"goal_id":"g","feature":"tips","timestamp":"2025-01-01T00:00:00Z"}}"#
        )
        #expect(status == WELLNESS_OK)
        #expect(
            out
                == #"{"name":"goal_ai_usage","parameters":{"goal_id":"g","feature":"tips","timestamp":"2025-01-01T00:00:00Z"}}"#
        )
    }
}
