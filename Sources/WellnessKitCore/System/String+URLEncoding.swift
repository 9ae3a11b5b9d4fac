extension String {
    /// Every UTF-8 byte outside RFC 3986's unreserved set (`A-Z a-z 0-9 - . _ ~`)
    /// as `%XX`: safe in a path segment or a query name or value. Hand-written
    /// because Foundation's `addingPercentEncoding` is not available.
    package var percentEncodedUnreserved: String {
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(utf8.count)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.append(byte)
            default:
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0f)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}

extension StringProtocol {
    /// Without leading and trailing ASCII whitespace (space, tab, CR, LF, VT,
    /// FF): enough for HTTP header values, without Foundation's `trimmingCharacters`.
    package var trimmingASCIIWhitespace: String {
        let bytes = Array(utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0d).contains(byte) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
