import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct JSONWriterTests {
    @Test func escapesControlCharactersQuotesAndBackslashes() throws {
        let text = try JSONWriter.string(.string("a\"b\\c\nd\u{01}é"))
        #expect(text == #""a\"b\\c\nd\u0001é""#)
    }

    /// Every byte that needs an escape, alone, in runs and at either end, and
    /// everything else copied as it is: parsed back, each string is itself.
    @Test func escapesEveryASCIICharacterTheWayTheParserReadsItBack() throws {
        let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        let samples =
            ascii + [ascii.joined(), "\"\"\"", "\\\n", "plain text", "", "é€😀\u{7F}", "end\u{1F}", "\u{0}start"]
        for sample in samples {
            let written = try JSONWriter.bytes(.string(sample))
            #expect(try JSONParser.parse(written) == .string(sample), "\(Array(sample.utf8))")
            #expect(!written.dropFirst().dropLast().contains { $0 < 0x20 }, "no raw control byte")
        }
        #expect(try JSONWriter.string(.string("\u{1F}\t\r")) == #""\u001f\t\r""#)
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
