/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Written by hand because Foundation's parser accepts input RFC 8259 forbids
/// (trailing commas, UTF-16 documents), which would let invalid JSON through
/// the C ABI, and because a byte-level scanner is what the time-series path
/// needs anyway. Rejects comments, trailing commas, NaN/Infinity, byte-order
/// marks, invalid UTF-8 and lone surrogate escapes; limits nesting depth so
/// hostile input cannot exhaust the stack.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    /// Largest document accepted, in bytes (256 MiB). A parsed tree takes up
    /// to about 16 times its text, so this bounds one call's memory.
    public static let maximumInputBytes = 256 << 20

    /// The kind of value a caller needs at the top level of a document.
    public enum TopLevel: Sendable {
        case object
        case array

        var opener: UInt8 { self == .object ? UInt8(ascii: "{") : UInt8(ascii: "[") }
        var name: String { self == .object ? "an object" : "an array" }
    }

    /// Parses one JSON document.
    /// - Parameter bytes: the whole document, UTF-8 encoded.
    /// - Returns: the document's value.
    /// - Throws: ``WellnessError`` of kind `invalidJSON`, naming the line,
    ///   column and byte offset of the first problem.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws -> JSONValue {
        var parser = try JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    /// Parses one JSON document whose top level must be `expected`.
    ///
    /// A document of another kind is only checked for well-formedness,
    /// without building its tree, so that a huge array sent where an object
    /// belongs costs no memory before it is refused.
    /// - Parameters:
    ///   - bytes: the whole document, UTF-8 encoded.
    ///   - expected: the kind of value the caller needs at the top level.
    ///   - path: where the document sits, for the error.
    /// - Returns: the document's value, of kind `expected`.
    /// - Throws: ``WellnessError`` of kind `invalidJSON` for malformed input,
    ///   or of kind `validation` at `path` for well-formed JSON of another kind.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, expecting expected: TopLevel,
        at path: FieldPath = .root
    ) throws -> JSONValue {
        var parser = try JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let first = parser.position < bytes.count ? bytes[parser.position] : nil
        if first == expected.opener {
            return try parser.parseDocument()
        }
        parser.retainsValues = false
        let found = try parser.parseDocument()
        throw WellnessError.validation("expected \(expected.name), found \(found.kindDescription)", at: path)
    }

    /// Parses one JSON document held in an array of bytes.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBytes { try parse($0) }
    }

    /// Parses one JSON document held in a string.
    public static func parse(_ text: String) throws -> JSONValue {
        try parse(Array(text.utf8))
    }

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    private var depth = 0
    /// False when only well-formedness matters: containers come back empty.
    private var retainsValues = true

    private init(bytes: UnsafeRawBufferPointer) throws {
        try Self.checkSize(of: bytes)
        self.bytes = bytes
    }

    /// - Throws: `invalidArgument` when `bytes` exceeds ``maximumInputBytes``.
    public static func checkSize(of bytes: UnsafeRawBufferPointer) throws {
        guard bytes.count <= maximumInputBytes else {
            throw WellnessError.invalidArgument(
                "input of \(bytes.count) bytes is larger than the limit of \(maximumInputBytes) bytes per call")
        }
    }

    private mutating func parseDocument() throws -> JSONValue {
        if bytes.isEmpty {
            throw WellnessError.invalidJSON("empty input: expected a JSON value")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw WellnessError.invalidJSON("byte-order mark before the JSON value: send plain UTF-8")
        }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if position < bytes.count {
            throw error("unexpected \(describeByte(at: position)) after the JSON value")
        }
        return value
    }

    // MARK: - Values

    private mutating func parseValue() throws -> JSONValue {
        guard position < bytes.count else {
            throw error("unexpected end of input: expected a value")
        }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected \(describeByte(at: position)): expected a value")
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws -> JSONValue {
        let count = word.utf8CodeUnitCount
        let end = position + count
        guard end <= bytes.count else {
            throw error("unexpected end of input in literal '\(word)'")
        }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
            throw error("invalid literal: expected '\(word)'")
        }
        position = end
        return value
    }

    private mutating func enterContainer() throws {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        try enterContainer()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            let element = try parseValue()
            if retainsValues { elements.append(element) }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { break }
            throw error(
                position < bytes.count
                    ? "unexpected \(describeByte(at: position)) in array: expected ',' or ']'"
                    : "unexpected end of input in array: expected ',' or ']'")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseObject() throws -> JSONValue {
        try enterContainer()
        position += 1
        var object = JSONObject()
        skipWhitespace()
        if consume(UInt8(ascii: "}")) {
            depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error(
                    position < bytes.count
                        ? "unexpected \(describeByte(at: position)) in object: expected a string key"
                        : "unexpected end of input in object: expected a string key")
            }
            let key = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else {
                throw error("expected ':' after object key \"\(key.echo)\"")
            }
            skipWhitespace()
            let value = try parseValue()
            if retainsValues { object.append(key, value) }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { break }
            throw error(
                position < bytes.count
                    ? "unexpected \(describeByte(at: position)) in object: expected ',' or '}'"
                    : "unexpected end of input in object: expected ',' or '}'")
        }
        depth -= 1
        return .object(object)
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws -> JSONValue {
        let start = position
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            if position < bytes.count, isDigit(bytes[position]) {
                throw error("leading zero in number")
            }
        } else if !consumeDigits() {
            throw error("expected a digit in number")
        }
        if consume(UInt8(ascii: ".")), !consumeDigits() {
            throw error("expected a digit after the decimal point")
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            if !consumeDigits() {
                throw error("expected a digit in the exponent")
            }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        return .number(text)
    }

    /// Consumes a run of digits; says whether there was at least one.
    private mutating func consumeDigits() -> Bool {
        let start = position
        while position < bytes.count, isDigit(bytes[position]) {
            position += 1
        }
        return position > start
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: - Strings

    private mutating func parseString() throws -> String {
        position += 1
        let start = position
        // Fast path: no escapes, so the bytes are the string once validated.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            try consumeStringByte(byte)
        }
        var scratch = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape(into: &scratch)
            } else {
                let sequenceStart = position
                try consumeStringByte(byte)
                scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[sequenceStart..<position]))
            }
        }
        throw error("unterminated string")
    }

    /// Consumes one unescaped character of a string (1–4 bytes), checking
    /// that it is allowed raw in JSON and is well-formed UTF-8.
    private mutating func consumeStringByte(_ byte: UInt8) throws {
        if byte < 0x20 {
            throw error("unescaped control character U+00\(hex2(byte)) in string")
        }
        if byte < 0x80 {
            position += 1
            return
        }
        try consumeUTF8Sequence(lead: byte)
    }

    /// Validates one multi-byte UTF-8 sequence (Unicode Table 3-7): no
    /// overlong forms, no surrogates, nothing above U+10FFFF.
    private mutating func consumeUTF8Sequence(lead: UInt8) throws {
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: throw error("invalid UTF-8 byte 0x\(hex2(lead)) in string")
        }
        guard position + length <= bytes.count else {
            throw error("truncated UTF-8 sequence in string")
        }
        for offset in 1..<length {
            let continuation = bytes[position + offset]
            let allowed = offset == 1 ? secondRange : 0x80...0xBF
            if !allowed.contains(continuation) {
                throw error("invalid UTF-8 sequence in string")
            }
        }
        position += length
    }

    private mutating func parseEscape(into scratch: inout [UInt8]) throws {
        position += 1
        guard position < bytes.count else {
            throw error("unterminated escape sequence")
        }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"): try parseUnicodeEscape(into: &scratch)
        default:
            position -= 1
            throw error("invalid escape '\\\(describeByte(at: position))' in string")
        }
    }

    private mutating func parseUnicodeEscape(into scratch: inout [UInt8]) throws {
        let unit = try parseHex4()
        var scalarValue = UInt32(unit)
        if (0xD800...0xDBFF).contains(unit) {
            guard position + 1 < bytes.count,
                bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
            else {
                throw error("lone high surrogate \\u\(String(unit, radix: 16)) in string")
            }
            position += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error("high surrogate not followed by a low surrogate in string")
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(unit) {
            throw error("lone low surrogate \\u\(String(unit, radix: 16)) in string")
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            throw error("invalid Unicode escape in string")
        }
        scratch.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func parseHex4() throws -> UInt16 {
        guard position + 4 <= bytes.count else {
            throw error("truncated \\u escape in string")
        }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private func describeByte(at index: Int) -> String {
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte 0x\(hex2(byte))"
    }

    private func hex2(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + digits : digits
    }

    /// An invalid-JSON error located at the current position.
    private func error(_ message: String) -> WellnessError {
        let offset = min(position, bytes.count)
        var line = 1
        var column = 1
        for byte in bytes[0..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return .invalidJSON("\(message) at line \(line), column \(column) (byte \(offset))")
    }
}

// MARK: - Walking a document by hand

/// What a reader that walks one document itself (``QueryTablesReader``)
/// needs: the same strict grammar and limits as ``parse(_:)``, value by
/// value, so that it can keep what it reads in its own form instead of a tree.
extension JSONParser {
    /// A parser at the start of `bytes`.
    /// - Throws: `invalidArgument` when `bytes` exceeds ``maximumInputBytes``.
    init(walking bytes: UnsafeRawBufferPointer) throws {
        try self.init(bytes: bytes)
    }

    /// The next byte after whitespace, not consumed; nil at the end.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Skips whitespace and then `byte` when it comes next; says whether it did.
    mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        return consume(byte)
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool {
        peek() == nil
    }

    /// Passes the opening bracket of an array or object, one level deeper.
    /// - Throws: when `opener` does not come next, or past ``maximumDepth``.
    mutating func open(_ opener: UInt8) throws {
        guard take(opener) else { throw error("expected '\(Character(Unicode.Scalar(opener)))'") }
        try enterContainer()
    }

    /// Leaves a container whose closing bracket was taken.
    mutating func close() {
        depth -= 1
    }

    /// A string, escapes decoded and UTF-8 checked.
    /// - Throws: when no well-formed string comes next.
    mutating func readString() throws -> String {
        guard take(UInt8(ascii: "\"")) else { throw error("expected a string") }
        position -= 1
        return try parseString()
    }

    /// Any value, as a tree (for small values).
    mutating func readValue() throws -> JSONValue {
        skipWhitespace()
        return try parseValue()
    }

    /// `null`.
    mutating func readNull() throws {
        skipWhitespace()
        _ = try parseLiteral("null", .null)
    }

    /// A finite number, as `Double(json:)` reads its text; nil (nothing
    /// consumed) when no number comes next or it overflows a double.
    mutating func readDouble(_ numbers: JSONNumberReader) -> Double? {
        skipWhitespace()
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let number = numbers.parts(base, &position, bytes.count)
        else { return nil }
        return numbers.double(number, in: base)
    }

    /// A number of epoch seconds, in milliseconds within `range`, as
    /// `SampleSeries.epochMilliseconds(seconds:)` gives; nil otherwise.
    mutating func readEpochMilliseconds(_ numbers: JSONNumberReader, range: ClosedRange<Int64>) -> Int64? {
        skipWhitespace()
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let number = numbers.parts(base, &position, bytes.count)
        else { return nil }
        return numbers.epochMilliseconds(number, in: base, range: range)
    }
}
