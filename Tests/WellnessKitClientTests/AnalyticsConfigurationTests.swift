import Testing
import WellnessTestSupport

@testable import WellnessKitClient
@testable import WellnessKitCore

@Suite struct AnalyticsConfigurationTests {
    @Test func defaultsAndBounds() throws {
        #expect(try decode(AnalyticsConfiguration.self, "{}") == AnalyticsConfiguration())
        #expect(
            try decode(AnalyticsConfiguration.self, #"{"capacity":1,"jsonl_path":"/tmp/x"}"#)
                == AnalyticsConfiguration(capacity: 1, jsonlPath: "/tmp/x"))
        let cases: [(String, String)] = [
            (#"{"capacity":0}"#, "capacity"), (#"{"capacity":1000001}"#, "capacity"),
            (#"{"capacity":1.5}"#, "capacity"),
            (#"{"jsonl_path":""}"#, "jsonl_path"), (#"{"jsonl_path":"a\u0000b"}"#, "jsonl_path"),
            (#"{"jsonl_path":3}"#, "jsonl_path"), (#"{"capacty":3}"#, "capacty"),
        ]
        for (text, path) in cases {
            #expect(wellnessError { try decode(AnalyticsConfiguration.self, text) }?.path == path, "\(text)")
        }
    }
}
