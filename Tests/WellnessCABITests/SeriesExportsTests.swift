import CWellness
import Foundation
import Testing

@testable import WellnessCABI

/// Calls a two-document export the way C does and returns (status, out, err).
private func call(
    _ function: (
        UnsafePointer<CChar>?, Int, UnsafePointer<CChar>?, Int,
        UnsafeMutablePointer<wellness_buf>?, UnsafeMutablePointer<wellness_buf>?
    ) -> Int32,
    _ options: String, _ data: String
) -> (Int32, String?, String?) {
    var out = wellness_buf(ptr: nil, len: 0)
    var err = wellness_buf(ptr: nil, len: 0)
    let status = function(options, options.utf8.count, data, data.utf8.count, &out, &err)
    defer {
        WellnessCABI.wellness_buf_free(&out)
        WellnessCABI.wellness_buf_free(&err)
    }
    let read = { (buf: wellness_buf) in buf.ptr.map { String(cString: $0) } }
    return (status, read(out), read(err))
}

@Suite struct SeriesExportsTests {
    @Test func aggregatesJSONSamples() {
        let (status, out, _) = call(
            WellnessCABI.wellness_series_aggregate, #"{"interval":"day"}"#,
            #"[{"timestamp":"2024-01-01T10:00:00Z","value":2},{"timestamp":1704103200,"value":4}]"#)
        #expect(status == WELLNESS_OK)
        #expect(out?.contains(#""label":"Jan 1","count":2,"days_with_data":1,"average":3,"min":2,"max":4"#) == true)
    }

    @Test func columnsAreReadInPlace() {
        let timestamps: [Int64] = [1_704_103_200_000, 1_704_189_600_000]
        let values: [Double] = [1, 0]
        var out = wellness_buf(ptr: nil, len: 0)
        let options = #"{"kind":"boolean","timestamp_unit":"ms","today":"2024-01-02"}"#
        let status = WellnessCABI.wellness_series_aggregate_columns(
            options, options.utf8.count, timestamps, values, 2, &out, nil)
        #expect(status == WELLNESS_OK)
        #expect(out.ptr.map { String(cString: $0) }?.contains(#""streaks":{"current":0,"best":1"#) == true)
        WellnessCABI.wellness_buf_free(&out)
        #expect(WellnessCABI.wellness_series_aggregate_columns("{}", 2, nil, nil, 0, &out, nil) == WELLNESS_OK)
        WellnessCABI.wellness_buf_free(&out)
        #expect(
            WellnessCABI.wellness_series_aggregate_columns("{}", 2, nil, values, 2, &out, nil)
                == WELLNESS_E_INVALID_ARGUMENT)
    }

    @Test func errorsNameTheSampleOrOption() {
        #expect(
            call(WellnessCABI.wellness_series_aggregate, "{}", #"[{"timestamp":1,"value":"x"}]"#).0
                == WELLNESS_E_VALIDATION)
        #expect(call(WellnessCABI.wellness_series_aggregate, "{}", "[1,]").0 == WELLNESS_E_INVALID_JSON)
        #expect(call(WellnessCABI.wellness_series_aggregate, "", "[]").0 == WELLNESS_E_INVALID_JSON)
        let (status, _, err) = call(WellnessCABI.wellness_series_aggregate, #"{"time_zone":"Mars/Base"}"#, "[]")
        #expect(status == WELLNESS_E_VALIDATION && err?.contains(#""path":"time_zone""#) == true)
    }

    @Test func chartAndTrends() {
        let (chartStatus, chart, _) = call(
            WellnessCABI.wellness_series_chart, #"{"interval":"day","width":320}"#,
            #"[{"timestamp":1704103200,"value":4},{"timestamp":1704189600,"value":5}]"#)
        #expect(chartStatus == WELLNESS_OK)
        #expect(chart?.contains(#""svg":"<svg"#) == true && chart?.contains(#"width=\"320\""#) == true)
        let (optionStatus, styled, _) = call(
            WellnessCABI.wellness_series_chart,
            #"{"interval":"day","title":"My steps","unit":"steps","theme":"dark"}"#,
            #"[{"timestamp":1704103200,"value":4},{"timestamp":1704189600,"value":5}]"#)
        #expect(optionStatus == WELLNESS_OK && styled?.contains(#"My steps</text>"#) == true)
        #expect(styled?.contains(#""theme":"dark""#) == true && styled?.contains(#""unit":"steps""#) == true)
        #expect(styled?.contains(#""interpolation":"linear""#) == true)
        let (badStatus, _, badError) = call(WellnessCABI.wellness_series_chart, #"{"theme":"sepia"}"#, "[]")
        #expect(badStatus == WELLNESS_E_VALIDATION && badError?.contains(#""path":"theme""#) == true)
        let (emptyStatus, empty, _) = call(WellnessCABI.wellness_series_chart, "{}", "[]")
        #expect(emptyStatus == WELLNESS_OK && empty?.contains("No data</text>") == true)
        let (trendStatus, trends, _) = call(
            WellnessCABI.wellness_longevity_trends, #"{"today":"2024-01-02"}"#,
            #"[{"date":"2024-01-01","biological_age":40.5}]"#)
        #expect(trendStatus == WELLNESS_OK)
        #expect(
            trends?.hasPrefix(
                #"{"weekly":{"value":null,"available":false,"points":[{"date":"2024-01-01","biologicalAge":40.5}]}"#)
                == true)
    }
}
