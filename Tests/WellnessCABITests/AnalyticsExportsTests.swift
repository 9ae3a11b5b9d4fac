import CWellness
import Foundation
import Testing

@testable import WellnessCABI

/// Events the C callback received, through its userdata.
private final class Received: @unchecked Sendable {
    let lock = NSLock()
    var events: [String] = []
}

@Suite struct AnalyticsExportsTests {
    @Test func aCallbackSinkGetsEachEvent() throws {
        let received = Received()
        let userdata = Unmanaged.passRetained(received).toOpaque()
        defer { Unmanaged<Received>.fromOpaque(userdata).release() }
        var handle: OpaquePointer?
        let callback: @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = { event, userdata in
            guard let event, let userdata else { return }
            let box = Unmanaged<Received>.fromOpaque(userdata).takeUnretainedValue()
            box.lock.lock()
            box.events.append(String(cString: event))
            box.lock.unlock()
        }
        #expect(WellnessCABI.wellness_analytics_new("{}", 2, callback, userdata, &handle, nil) == WELLNESS_OK)
        let event = #"{"name":"insight_action","parameters":{"insight_id":"i1","action":"archived"}}"#
        #expect(WellnessCABI.wellness_analytics_emit(handle, event, event.utf8.count, nil) == WELLNESS_OK)
        #expect(WellnessCABI.wellness_analytics_emit(handle, "{}", 2, nil) == WELLNESS_E_VALIDATION)
        #expect(WellnessCABI.wellness_analytics_shutdown(handle, 5000, nil) == WELLNESS_OK)
        #expect(
            WellnessCABI.wellness_analytics_emit(handle, event, event.utf8.count, nil) == WELLNESS_E_INVALID_ARGUMENT)
        var out = wellness_buf(ptr: nil, len: 0)
        #expect(WellnessCABI.wellness_analytics_stats(handle, &out, nil) == WELLNESS_OK)
        #expect(out.ptr.map { String(cString: $0) }?.contains(#""accepted":1,"delivered":1"#) == true)
        WellnessCABI.wellness_buf_free(&out)
        WellnessCABI.wellness_analytics_free(handle)
        received.lock.lock()
        #expect(received.events.count == 1 && received.events[0].contains(#""action":"archived""#))
        received.lock.unlock()
        #expect(WellnessCABI.wellness_analytics_new("{}", 2, nil, nil, nil, nil) == WELLNESS_E_INVALID_ARGUMENT)
        #expect(WellnessCABI.wellness_analytics_flush(nil, 0, nil) == WELLNESS_E_INVALID_ARGUMENT)
    }
}
