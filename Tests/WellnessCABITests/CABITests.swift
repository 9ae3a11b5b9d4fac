import CWellness
import Foundation
import Testing

@testable import WellnessCABI

/// Calls an exported function the way C does and returns (status, out, err).
private func call(
    _ function: (UnsafePointer<CChar>?, Int, UnsafeMutablePointer<wellness_buf>?, UnsafeMutablePointer<wellness_buf>?)
        -> Int32,
    _ text: String
) -> (Int32, String?, String?) {
    var out = wellness_buf(ptr: nil, len: 0)
    var err = wellness_buf(ptr: nil, len: 0)
    let bytes = Array(text.utf8)
    let status = bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { function($0.baseAddress, $0.count, &out, &err) }
    }
    defer {
        WellnessCABI.wellness_buf_free(&out)
        WellnessCABI.wellness_buf_free(&err)
    }
    let read = { (buf: wellness_buf) in buf.ptr.map { String(cString: $0) } }
    return (status, read(out), read(err))
}

@Suite struct CABITests {
    @Test func versionMatchesTheCore() {
        #expect(String(cString: WellnessCABI.wellness_version()) == "1.0.0")
        #expect(WellnessCABI.wellness_abi_version() == WELLNESS_ABI_VERSION)
        #expect(String(cString: WellnessCABI.wellness_strerror(WELLNESS_E_VALIDATION)) == "WELLNESS_E_VALIDATION")
        #expect(String(cString: WellnessCABI.wellness_strerror(-999)) == "WELLNESS_E_UNKNOWN")
    }

    @Test func successFillsOutOnly() {
        let (status, out, err) = call(WellnessCABI.wellness_goal_tip_normalize, #"{"tip":"Drink water"}"#)
        #expect(status == WELLNESS_OK)
        #expect(out == #"{"tip":"Drink water","category":null,"priority":null}"#)
        #expect(err == nil)
    }

    @Test func failureFillsErrWithCodeNameMessageAndPath() throws {
        let (status, out, err) = call(WellnessCABI.wellness_goal_tip_normalize, #"{"tip":""}"#)
        #expect(status == WELLNESS_E_VALIDATION)
        #expect(out == nil)
        let error = try #require(JSONSerialization.jsonObject(with: Data((err ?? "").utf8)) as? [String: Any])
        #expect(error["code"] as? Int == Int(WELLNESS_E_VALIDATION))
        #expect(error["name"] as? String == "WELLNESS_E_VALIDATION")
        #expect(error["path"] as? String == "tip")
        #expect((error["message"] as? String)?.isEmpty == false)
    }

    @Test func nullPointersAreInvalidArguments() {
        var out = wellness_buf(ptr: nil, len: 0)
        #expect(WellnessCABI.wellness_goal_tip_normalize(nil, 5, &out, nil) == WELLNESS_E_INVALID_ARGUMENT)
        #expect(WellnessCABI.wellness_goal_tip_normalize(nil, 0, &out, nil) == WELLNESS_E_INVALID_JSON)
        #expect(WellnessCABI.wellness_goal_tip_normalize("{}", 2, nil, nil) == WELLNESS_E_INVALID_ARGUMENT)
        #expect(WellnessCABI.wellness_goal_tip_normalize("{}", -1, &out, nil) == WELLNESS_E_INVALID_ARGUMENT)
        #expect(out.ptr == nil)
    }

    @Test func bufFreeIsNullSafeAndResets() {
        WellnessCABI.wellness_buf_free(nil)
        var empty = wellness_buf(ptr: nil, len: 0)
        WellnessCABI.wellness_buf_free(&empty)
        var out = wellness_buf(ptr: nil, len: 0)
        let page = #"{"page":1,"page_size":1,"total_pages":1,"total_count":1,"has_next":false,"has_prev":false}"#
        #expect(WellnessCABI.wellness_pagination_normalize(page, page.utf8.count, &out, nil) == WELLNESS_OK)
        #expect(out.ptr != nil && out.len == page.utf8.count)
        WellnessCABI.wellness_buf_free(&out)
        #expect(out.ptr == nil && out.len == 0)
        WellnessCABI.wellness_buf_free(&out)
    }

    @Test func concurrentCallsAreIndependent() async {
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let (status, out, _) = call(
                        WellnessCABI.wellness_goal_suggestion_view,
                        """
                        {"title":"t\(index)","description":"d","goal_type":"wellness","rationale":"r","difficulty":\(index % 5 + 1)}
                        """)
                    return status == WELLNESS_OK && out?.contains("\"title\":\"t\(index)\"") == true
                }
            }
            for await succeeded in group {
                #expect(succeeded)
            }
        }
    }
}
