import Testing
@testable import WellnessKitCore

@Suite struct JSONWriterTests {
    @Test func escapesControlCharactersQuotesAndBackslashes() {
        let text = JSONWriter.string(.string("a\"b\\c\nd\u{01}é"))
        #expect(text == #""a\"b\\c\nd\u0001é""#)
    }

    @Test func keepsMemberOrder() {
        let object = JSONValue.object(JSONObject([("z", .int(1)), ("a", .null)]))
        #expect(JSONWriter.string(object) == #"{"z":1,"a":null}"#)
    }

    @Test func writesIntegralDoublesWithoutFraction() {
        #expect(JSONWriter.string(.double(10000)) == "10000")
        #expect(JSONWriter.string(.double(-0.0)) == "0")
        #expect(JSONWriter.string(.double(37.77)) == "37.77")
        #expect(JSONWriter.string(.double(1e20)) == "1e+20")
    }
}
