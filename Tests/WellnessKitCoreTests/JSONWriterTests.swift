import Testing
@testable import WellnessKitCore

@Suite struct JSONWriterTests {
    @Test func escapesControlCharactersQuotesAndBackslashes() throws {
        let text = try JSONWriter.string(.string("a\"b\\c\nd\u{01}é"))
        #expect(text == #""a\"b\\c\nd\u0001é""#)
    }

    @Test func keepsMemberOrder() throws {
        let object = JSONValue.object(JSONObject([("z", .int(1)), ("a", .null)]))
        #expect(try JSONWriter.string(object) == #"{"z":1,"a":null}"#)
    }

    @Test func writesIntegralDoublesWithoutFraction() throws {
        #expect(try JSONWriter.string(.double(10000)) == "10000")
        #expect(try JSONWriter.string(.double(-0.0)) == "0")
        #expect(try JSONWriter.string(.double(37.77)) == "37.77")
        #expect(try JSONWriter.string(.double(1e20)) == "1e+20")
    }

    @Test func nonFiniteNumbersCannotBeWritten() {
        for value in [Double.infinity, -.infinity, .nan] {
            let error = wellnessError { try JSONWriter.bytes(.array([.double(value)])) }
            #expect(error?.kind == .internal, "\(value)")
        }
        #expect(wellnessError { try JSONWriter.bytes(.number("inf")) }?.kind == .internal)
        #expect((try? JSONWriter.string(.double(.greatestFiniteMagnitude))) == "1.7976931348623157e+308")
    }
}
