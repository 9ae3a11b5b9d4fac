import CWellness
import Foundation
import Testing

@testable import WellnessCABI

@Suite struct QueryExportsTests {
    static let tables =
        #"{"time_zone":"Europe/Berlin","daily":{"date":["2025-06-01","2025-06-02"],"steps":[12000,8000]},"#
        + #""sessions":[{"start":"2025-06-01T22:30:00Z","end":"2025-06-01T23:00:00Z","activity":"Run"}]}"#

    /// (status, out, err) of a call taking the tables handle and a document.
    static func call(
        _ function: (
            OpaquePointer?, UnsafePointer<CChar>?, Int, UnsafeMutablePointer<wellness_buf>?,
            UnsafeMutablePointer<wellness_buf>?
        ) -> Int32,
        _ handle: OpaquePointer?, _ text: String
    ) -> (Int32, String?, String?) {
        var out = wellness_buf(ptr: nil, len: 0)
        var err = wellness_buf(ptr: nil, len: 0)
        let status = function(handle, text, text.utf8.count, &out, &err)
        defer {
            WellnessCABI.wellness_buf_free(&out)
            WellnessCABI.wellness_buf_free(&err)
        }
        return (status, out.ptr.map { String(cString: $0) }, err.ptr.map { String(cString: $0) })
    }

    static func withTables(_ body: (OpaquePointer?) throws -> Void) throws {
        var handle: OpaquePointer?
        #expect(WellnessCABI.wellness_query_tables_new(tables, tables.utf8.count, &handle, nil) == WELLNESS_OK)
        defer { WellnessCABI.wellness_query_tables_free(handle) }
        try body(try #require(handle))
    }

    @Test func aQueryAnswersWithWhatItCovered() throws {
        try Self.withTables { handle in
            // The run starts at 00:30 on 2 June in Berlin: that day's steps.
            let query =
                #"{"table":"daily","metric":"steps","reduce":"sum","on_days_where":[{"metric":"activity","op":"==","value":"run"}]}"#
            let (status, out, err) = Self.call(WellnessCABI.wellness_query, handle, query)
            #expect(status == WELLNESS_OK && err == nil)
            #expect(out?.hasPrefix(#"{"value":8000,"unit":null,"rows":1,"days":1,"from_date":"2025-06-02""#) == true)
        }
    }

    @Test func aBatchKeepsEachQuerysError() throws {
        try Self.withTables { handle in
            let (status, out, _) = Self.call(
                WellnessCABI.wellness_query_many, handle,
                #"{"queries":[{"table":"daily","reduce":"count"},{"table":"daily","metric":"stepz","reduce":"sum"}]}"#)
            #expect(status == WELLNESS_OK)
            let results = try #require(
                (try JSONSerialization.jsonObject(with: Data((out ?? "").utf8)) as? [String: Any])?["results"]
                    as? [[String: Any]])
            #expect(results.count == 2)
            #expect(results[0]["value"] as? Int == 2)
            let error = try #require(results[1]["error"] as? [String: Any])
            #expect(error["name"] as? String == "WELLNESS_E_VALIDATION" && error["path"] as? String == "metric")
            let (badStatus, _, badErr) = Self.call(WellnessCABI.wellness_query_many, handle, #"{"queries":{}}"#)
            #expect(badStatus == WELLNESS_E_VALIDATION && badErr?.contains(#""path":"queries""#) == true)
        }
    }

    @Test func aMissingHandleIsAnArgumentError() {
        let (status, out, err) = Self.call(WellnessCABI.wellness_query, nil, #"{"table":"daily","reduce":"count"}"#)
        #expect(status == WELLNESS_E_INVALID_ARGUMENT && out == nil && err?.contains("tables") == true)
        var handle: OpaquePointer? = OpaquePointer(bitPattern: 1)
        var err2 = wellness_buf(ptr: nil, len: 0)
        #expect(WellnessCABI.wellness_query_tables_new("{\"daily\":7}", 11, &handle, &err2) == WELLNESS_E_VALIDATION)
        #expect(handle == nil)
        WellnessCABI.wellness_buf_free(&err2)
        WellnessCABI.wellness_query_tables_free(nil)
    }

    @Test func theToolAndTheSummary() throws {
        var out = wellness_buf(ptr: nil, len: 0)
        #expect(WellnessCABI.wellness_query_tool(&out, nil) == WELLNESS_OK)
        #expect(out.ptr.map { String(cString: $0) }?.hasPrefix(#"{"name":"query_data""#) == true)
        WellnessCABI.wellness_buf_free(&out)
        try Self.withTables { handle in
            #expect(WellnessCABI.wellness_query_tables_summary(handle, &out, nil) == WELLNESS_OK)
            #expect(out.ptr.map { String(cString: $0) }?.contains(#""activities":["Run"]"#) == true)
            WellnessCABI.wellness_buf_free(&out)
        }
    }
}

extension QueryExportsTests {
    @Test func aQuestionIsAnsweredInWordsOrDeclined() throws {
        try Self.withTables { handle in
            let (status, out, _) = Self.call(
                WellnessCABI.wellness_query_ask, handle,
                #"{"question":"How many steps did I take on average on days I ran?","anchor":"2025-06-03"}"#)
            #expect(status == WELLNESS_OK)
            #expect(
                out?.hasPrefix(
                    #"{"understood":true,"answer":"You averaged 8,000 steps a day on the 1 day with a run on 2 June 2025.""#
                ) == true, "\(out ?? "")")
            let (_, declined, _) = Self.call(WellnessCABI.wellness_query_ask, handle, #"{"question":"Am I fit?"}"#)
            #expect(
                declined
                    == #"{"understood":false,"answer":null,"number":null,"unit":null,"result":null,"#
                    + #""reason":"I could not read 'fit'."}"#)
            let (badStatus, _, err) = Self.call(WellnessCABI.wellness_query_ask, handle, #"{"question":""}"#)
            #expect(badStatus == WELLNESS_E_VALIDATION && err?.contains(#""path":"question""#) == true)
        }
    }
}
