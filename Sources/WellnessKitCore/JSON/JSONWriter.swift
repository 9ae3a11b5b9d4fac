/// Serialises a ``JSONValue`` to compact UTF-8 JSON.
///
/// It cannot write invalid JSON: a number that is not JSON number text (an
/// infinity or NaN that a computation produced) stops the write with an
/// internal error instead of reaching the caller as `inf` or `nan`.
public enum JSONWriter {
    /// The value as compact JSON bytes.
    /// - Parameter value: the value to write.
    /// - Returns: UTF-8 bytes, without a trailing NUL.
    /// - Throws: an internal ``WellnessError`` when a number is not finite.
    public static func bytes(_ value: JSONValue) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        try write(value, into: &output)
        return output
    }

    /// The value as a compact JSON string.
    /// - Throws: an internal ``WellnessError`` when a number is not finite.
    public static func string(_ value: JSONValue) throws -> String {
        String(decoding: try bytes(value), as: UTF8.self)
    }

    private static func write(_ value: JSONValue, into output: inout [UInt8]) throws {
        switch value {
        case .null:
            append("null", to: &output)
        case .bool(let flag):
            append(flag ? "true" : "false", to: &output)
        case .number(let text):
            guard isNumberText(text) else {
                throw WellnessError.internal("a computed number is not finite (\(text)); no result was written")
            }
            var text = text
            text.withUTF8 { output.append(contentsOf: $0) }
        case .string(let text):
            writeString(text, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                try write(element, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                try write(member.value, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Whether `text` can be JSON number text. Numbers come from the strict
    /// parser or from integers and doubles, so telling "inf", "-inf" and
    /// "nan" apart from digits is enough: JSON numbers start with '-' or a
    /// digit and end with a digit.
    private static func isNumberText(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return false }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        return (first == UInt8(ascii: "-") || isDigit(first)) && isDigit(last)
    }

    /// Appending a literal's buffer in one copy: `append(contentsOf: "null".utf8)` walks the view a byte at a time.
    @inline(__always)
    private static func append(_ literal: StaticString, to output: inout [UInt8]) {
        literal.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Copies each run of bytes that needs no escape in one go: strings are
    /// most of a response, and appending byte by byte was its hottest loop.
    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices where needsEscape(bytes[index]) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                writeEscape(bytes[index], into: &output)
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func writeEscape(_ byte: UInt8, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            append("u00", to: &output)
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0x0F)])
        }
    }
}
