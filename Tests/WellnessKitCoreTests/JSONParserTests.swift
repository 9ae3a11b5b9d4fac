import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#" {"a": [1, -2.5e3, true, false, null, "x\n\u00e9\ud83d\ude00"]} "#)
        let expected = JSONValue.object(
            JSONObject([
                (
                    "a",
                    .array([
                        .number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null, .string("x\né😀"),
                    ])
                )
            ]))
        #expect(value == expected)
    }

    @Test(arguments: [
        "", " ", "[1,]", "{\"a\":1,}", "[1 2]", "{\"a\" 1}", "{a:1}", "01", "1.", ".5", "-", "1e", "+1",
        "NaN", "Infinity", "-Infinity", "tru", "nul", "\"abc", "\"\\x\"", "\"\\u12\"", "\"\t\"",
        "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "[1]x", "/* c */ 1", "\u{FEFF}1", "'a'",
    ])
    func rejectsInvalidJSON(_ text: String) {
        let error = wellnessError { try JSONParser.parse(text) }
        #expect(error?.kind == .invalidJSON)
        #expect(error?.path == nil)
        #expect(error?.message.isEmpty == false)
    }

    @Test(arguments: [
        [0xC0, 0x80] as [UInt8], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xFF],
    ])
    func rejectsInvalidUTF8InStrings(_ sequence: [UInt8]) {
        let bytes = [UInt8(ascii: "\"")] + sequence + [UInt8(ascii: "\"")]
        #expect(wellnessError { try JSONParser.parse(bytes) }?.kind == .invalidJSON)
    }

    @Test func limitsNestingDepthWithoutCrashing() throws {
        let allowed =
            String(repeating: "[", count: JSONParser.maximumDepth)
            + String(repeating: "]", count: JSONParser.maximumDepth)
        _ = try JSONParser.parse(allowed)
        for depth in [JSONParser.maximumDepth + 1, 10_000, 100_000] {
            let nested = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
            #expect(wellnessError { try JSONParser.parse(nested) }?.kind == .invalidJSON)
        }
    }

    @Test func errorNamesLineAndColumn() {
        do {
            _ = try JSONParser.parse("{\n  \"a\": tru\n}")
            Issue.record("accepted invalid JSON")
        } catch let error as WellnessError {
            #expect(error.message.contains("line 2, column 8"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func lastDuplicateKeyWins() throws {
        guard case .object(let object) = try JSONParser.parse(#"{"a":1,"a":2}"#) else {
            Issue.record("not an object")
            return
        }
        #expect(object["a"] == .number("2"))
    }

    /// Writing any value and parsing it back gives the same value.
    @Test func writerOutputParsesBackIdentically() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let value = randomValue(depth: 0, using: &generator)
            #expect(try JSONParser.parse(try JSONWriter.bytes(value)) == value)
        }
    }

    private func randomValue(depth: Int, using generator: inout SystemRandomNumberGenerator) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .double(Double.random(in: -1e12...1e12, using: &generator))
        case 3: return .int(Int.random(in: Int.min...Int.max, using: &generator))
        case 4:
            let scalars = (0..<Int.random(in: 0..<12, using: &generator)).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator))
            }
            return .string(String(String.UnicodeScalarView(scalars)))
        case 5:
            return .array(
                (0..<Int.random(in: 0..<4, using: &generator)).map { _ in
                    randomValue(depth: depth + 1, using: &generator)
                })
        default:
            return .object(
                JSONObject(
                    (0..<Int.random(in: 0..<4, using: &generator)).map { index in
                        ("k\(index)", randomValue(depth: depth + 1, using: &generator))
                    }))
        }
    }

    /// nst's JSONTestSuite: every n_ file rejected, every y_ file accepted.
    @Test(.enabled(if: jsonTestSuiteRuns, jsonTestSuiteSkipReason)) func jsonTestSuiteConformance() throws {
        let cases = try jsonTestSuiteCases()
        var checked = 0
        for (file, bytes) in cases {
            let accepted = (try? JSONParser.parse(bytes)) != nil
            if file.hasPrefix("n_") { #expect(!accepted, "accepted \(file)") }
            if file.hasPrefix("y_") { #expect(accepted, "rejected \(file)") }
            checked += 1
        }
        #expect(checked > 300)
    }

    @Test func wrongTopLevelKindIsRefusedWithoutItsTree() throws {
        let huge = "[" + Array(repeating: "0", count: 100_000).joined(separator: ",") + "]"
        let error = try Array(huge.utf8).withUnsafeBytes { bytes in
            wellnessError { try JSONParser.parse(bytes, expecting: .object) }
        }
        #expect(error?.kind == .validation && error?.message == "expected an object, found an array")
        let malformed = try Array("[0,".utf8).withUnsafeBytes { bytes in
            wellnessError { try JSONParser.parse(bytes, expecting: .object) }
        }
        #expect(malformed?.kind == .invalidJSON)
        let object = try Array(#" {"a":[1]}"#.utf8).withUnsafeBytes { try JSONParser.parse($0, expecting: .object) }
        #expect(object == .object(JSONObject([("a", .array([.number("1")]))])))
    }

    @Test func inputsOverTheLimitAreRefusedBeforeParsing() {
        let size = JSONParser.maximumInputBytes + 1
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: " "))
        let error = wellnessError { try JSONParser.parse(UnsafeRawBufferPointer(memory)) }
        #expect(error?.kind == .invalidArgument && error?.message.contains("limit") == true)
    }

    @Test func errorsEchoAtMostOneHundredCharacters() {
        let long = String(repeating: "x", count: 10_000_000)
        let error = wellnessError { try decode(SeriesOptions.self, #"{"time_zone":"\#(long)"}"#) }
        #expect(
            error?.message.hasPrefix("unknown time zone \"\(String(repeating: "x", count: 100))…\": expected") == true)
        let number = String(repeating: "9", count: 5000)
        let integer = wellnessError { try Int(json: .number(number), at: .root) }
        #expect((integer?.message.count ?? .max) < 150)
    }
}
