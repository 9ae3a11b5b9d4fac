/// Where the elements of a document's one array lie, found without parsing
/// them: for `{"<key>": [ ... ]}` and nothing else, the byte range of each
/// element, so that a bulk call can parse, use and drop one element at a
/// time instead of holding the whole document's tree (many times its bytes).
///
/// Only the structure is checked (brackets matched, strings closed, nesting
/// within ``JSONParser/maximumDepth``); each element is still parsed by
/// ``JSONParser``. Anything else (another shape, a key written with escapes,
/// a structural error) gives nil: the caller then parses the document whole,
/// which reports the error exactly as before.
package enum JSONArrayScan {
    /// The elements' byte ranges, in order, or nil.
    package static func elements(ofOnlyMember key: String, in bytes: UnsafeRawBufferPointer) -> [Range<Int>]? {
        var scanner = Scanner(bytes: bytes)
        guard scanner.expect(UInt8(ascii: "{")), scanner.plainString() == Array(key.utf8),
            scanner.expect(UInt8(ascii: ":")), scanner.expect(UInt8(ascii: "["))
        else { return nil }
        var elements: [Range<Int>] = []
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "]") {
            scanner.position += 1
        } else {
            while true {
                scanner.skipWhitespace()
                let start = scanner.position
                // The element sits two levels down (the object and the array).
                guard scanner.skipValue(depthLeft: JSONParser.maximumDepth - 2) else { return nil }
                elements.append(start..<scanner.position)
                scanner.skipWhitespace()
                guard let next = scanner.peek() else { return nil }
                scanner.position += 1
                if next == UInt8(ascii: "]") { break }
                guard next == UInt8(ascii: ",") else { return nil }
            }
        }
        guard scanner.expect(UInt8(ascii: "}")) else { return nil }
        scanner.skipWhitespace()
        return scanner.position == bytes.count ? elements : nil
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        func peek() -> UInt8? {
            position < bytes.count ? bytes[position] : nil
        }

        mutating func skipWhitespace() {
            while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
        }

        /// Skips whitespace and `byte`; false when something else comes.
        mutating func expect(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard peek() == byte else { return false }
            position += 1
            return true
        }

        /// A string without escapes, its bytes; nil for anything else.
        mutating func plainString() -> [UInt8]? {
            guard expect(UInt8(ascii: "\"")) else { return nil }
            let start = position
            while let byte = peek(), byte != UInt8(ascii: "\"") {
                guard byte != UInt8(ascii: "\\") else { return nil }
                position += 1
            }
            guard peek() != nil else { return nil }
            position += 1
            return Array(bytes[start..<(position - 1)])
        }

        /// Past a string's closing quote (the opening one already passed); false when it is not closed.
        mutating func skipStringBody() -> Bool {
            while let byte = peek() {
                position += byte == UInt8(ascii: "\\") ? 2 : 1
                if byte == UInt8(ascii: "\"") { return true }
            }
            return false
        }

        /// Past one value: a string, an object or array with matched
        /// brackets at most `depthLeft` deep, or a scalar's bytes up to the
        /// next delimiter.
        mutating func skipValue(depthLeft: Int) -> Bool {
            guard let first = peek() else { return false }
            switch first {
            case UInt8(ascii: "\""):
                position += 1
                return skipStringBody()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var open: [UInt8] = []
                while let byte = peek() {
                    position += 1
                    switch byte {
                    case UInt8(ascii: "\""):
                        guard skipStringBody() else { return false }
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        open.append(byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                        guard open.count <= depthLeft else { return false }
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        guard open.popLast() == byte else { return false }
                        if open.isEmpty { return true }
                    default:
                        continue
                    }
                }
                return false
            default:
                let start = position
                while let byte = peek(), !Self.endsScalar(byte) { position += 1 }
                return position > start
            }
        }

        private static func endsScalar(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: return true
            default: return false
            }
        }
    }
}
