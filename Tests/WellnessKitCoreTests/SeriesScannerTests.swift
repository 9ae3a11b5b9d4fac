import Testing
import WellnessTestSupport

@testable import WellnessKitCore

/// The fast scanner against the strict general parser: for every document
/// it accepts, the same timestamps and values to the bit.
@Suite struct SeriesScannerTests {
    static func both(_ document: String) throws -> (scanned: SampleSeries?, parsed: SampleSeries?) {
        let bytes = Array(document.utf8)
        return try bytes.withUnsafeBytes { raw in
            var scanner = SeriesScanner(bytes: raw, kind: .numeric)
            let parsed = try? SampleSeries.decode(
                json: JSONParser.parse(raw, expecting: .array, at: .root), kind: .numeric)
            return (scanner.scan(), parsed)
        }
    }

    static func expectSame(_ document: String) throws {
        let (scanned, parsed) = try both(document)
        guard let scanned else { return }  // refused: the general parser decides
        let expected = try #require(parsed, "the scanner accepted what the parser refuses: \(document)")
        #expect(scanned.timestamps == expected.timestamps, "\(document)")
        #expect(scanned.numbers.map(\.bitPattern) == expected.numbers.map(\.bitPattern), "\(document)")
    }

    /// Digit runs of every length around the eight-at-a-time step, signs,
    /// fractions, exponents, and the 19-digit and 2^53 limits of the fast path.
    @Test func numbersMatchTheParser() throws {
        var numbers = [
            "0", "-0", "0.5", "-0.25", "1e3", "1E-3", "2.5e+2", "1.7976931348623157e308", "4e-320", "9007199254740993",
            "123456781234567812345678", "12345678.87654321", "0.000000001234", "123456.7890123e-5", "1.5e-7",
        ]
        for length in 1...24 {
            let digits = String((0..<length).map { Character(String(($0 * 7 + 3) % 10)) })
            numbers += [digits, "-" + digits, "1." + digits, digits + ".5", "0." + digits, digits + "e-3"]
        }
        for number in numbers {
            try Self.expectSame(#"[{"timestamp": 1700000000, "value": \#(number)}]"#)
            try Self.expectSame(#"[{"value":\#(number),"timestamp":1700003600}]"#)
        }
    }

    /// Numbers past the fast path (more than 19 digits, beyond 2^53, exponents past ±22, subnormals,
    /// halfway cases) read correctly rounded: the bits the standard library's parser gives, and the
    /// general parser's.
    @Test func hardNumbersAreCorrectlyRounded() throws {
        let numbers = [
            "1e-400", "-1e-400", "2.2250738585072011e-308", "2.2250738585072012e-308", "4.9406564584124654e-324",
            "2.4703282292062327e-324", "2.4703282292062328e-324", "9007199254740993", "9007199254740992.5",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203126", "7.2057594037927933e16", "1e23",
            "8.98846567431158e307", "1.7976931348623158e308", "123456789012345678901234567890e-10",
            "0.30000000000000004441", "3.14159265358979323846264338327950288419716939937510", "1e22", "1e-22",
            "9999999999999999999", "18446744073709551615", "18446744073709551616e-5",
        ]
        for number in numbers {
            let document = #"[{"timestamp": 1700000000, "value": \#(number)}]"#
            try Self.expectSame(document)
            let scanned = try #require(try Self.both(document).scanned, "\(number)")
            let expected = try #require(Double(number), "\(number)")
            #expect(scanned.numbers.map(\.bitPattern) == [expected.bitPattern], "\(number)")
        }
    }

    /// Whole seconds take an integer path to milliseconds; the rest the double one.
    @Test func timestampsMatchTheParser() throws {
        let stamps = [
            "1700000000", "1700000000.5", "1.7e9", "17e8", "-1", "0", "-0", "253402300799", "253402300800",
            "-62135596800", "-62135596801", "1700000000123", "999999999999999", "1000000000000000", "17000000000e-1",
            "1700000000.9999", "1700000000e0", "170000000000000000000",
        ]
        for stamp in stamps {
            try Self.expectSame(#"[{"timestamp": \#(stamp), "value": 1}]"#)
        }
        let outOfRange = try Self.both(#"[{"timestamp": 253402300800, "value": 1}]"#)
        #expect(outOfRange.scanned == nil && outOfRange.parsed == nil)
    }

    /// Keys that share a prefix with "timestamp" or "value" are not taken for them.
    @Test func onlyTheExactKeysMatch() throws {
        for key in [#""timestamps""#, #""valu""#, #""Value""#, #""time""#, #""valuex""#, #""t""#] {
            let document = #"[{"timestamp": 1700000000, "value": 4, \#(key): 1}]"#
            #expect(try Self.both(document).scanned == nil, "\(key)")
        }
        try Self.expectSame(#"[{"timestamp"   :   1700000000   ,   "value"  :   1  }  ]"#)
        try Self.expectSame(#"[{"value":1,"timestamp":1700000000}]"#)
    }
}
