/// The parts of a URL the deep-link handler reads, split by hand (RFC 3986's
/// generic syntax) because URLComponents is Foundation.
public struct DeepLinkURL: Sendable, Equatable {
    /// Longer URLs are refused before any parsing: no link needs more, and a
    /// bound keeps a hostile 100 KB URL cheap.
    public static let maximumLength = 8192

    /// Lowercased: schemes are case-insensitive.
    public let scheme: String
    /// Lowercased, without user info and port: hosts are case-insensitive.
    public let host: String
    /// Percent-decoded, empty segments dropped.
    public let pathSegments: [String]
    /// Percent-decoded, in order; the value is nil for an item without `=`.
    public let queryItems: [(name: String, value: String?)]

    /// Splits `text`.
    /// - Parameter text: the URL.
    /// - Returns: the parts, or why `text` is not a URL this handler reads
    ///   (``DeepLinkRejection/tooLong`` or ``DeepLinkRejection/malformed``).
    public static func split(_ text: String) -> Result<DeepLinkURL, DeepLinkRejection> {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumLength else { return .failure(.tooLong) }
        // What URL(string:) refuses: spaces, controls and raw non-ASCII.
        guard bytes.allSatisfy({ (0x21...0x7e).contains($0) }) else { return .failure(.malformed) }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
            isScheme(bytes[..<colon])
        else { return .failure(.malformed) }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        var rest = bytes[(colon + 1)...]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        guard rest.starts(with: Array("//".utf8)) else { return .failure(.malformed) }
        rest = rest.dropFirst(2)
        let authorityEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
        if let portColon = authority.firstIndex(of: UInt8(ascii: ":")) {
            guard authority[(portColon + 1)...].allSatisfy({ (0x30...0x39).contains($0) }) else {
                return .failure(.malformed)
            }
            authority = authority[..<portColon]
        }
        let afterAuthority = rest[authorityEnd...]
        let queryStart = afterAuthority.firstIndex(of: UInt8(ascii: "?"))
        let path = afterAuthority[..<(queryStart ?? afterAuthority.endIndex)]
        let query = queryStart.map { afterAuthority[($0 + 1)...] }

        guard let host = percentDecoded(authority)?.lowercased() else { return .failure(.malformed) }
        var segments: [String] = []
        for segment in path.split(separator: UInt8(ascii: "/")) {
            guard let decoded = percentDecoded(segment) else { return .failure(.malformed) }
            segments.append(decoded)
        }
        var items: [(name: String, value: String?)] = []
        for item in query?.split(separator: UInt8(ascii: "&")) ?? [] {
            let equals = item.firstIndex(of: UInt8(ascii: "="))
            guard let name = percentDecoded(item[..<(equals ?? item.endIndex)]) else { return .failure(.malformed) }
            var value: String?
            if let equals {
                guard let decoded = percentDecoded(item[(equals + 1)...]) else { return .failure(.malformed) }
                value = decoded
            }
            items.append((name, value))
        }
        return .success(DeepLinkURL(scheme: scheme, host: host, pathSegments: segments, queryItems: items))
    }

    /// The value of the first item named `name`, as the seed's `queryItems.first(where:)`.
    public func value(of name: String) -> String? {
        queryItems.first { $0.name == name }?.value ?? nil
    }

    public static func == (lhs: DeepLinkURL, rhs: DeepLinkURL) -> Bool {
        lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.pathSegments == rhs.pathSegments
            && lhs.queryItems.map(\.name) == rhs.queryItems.map(\.name)
            && lhs.queryItems.map(\.value) == rhs.queryItems.map(\.value)
    }

    /// The scheme of `text`, lowercased: what precedes the first colon, when it is a valid scheme.
    public static func scheme(of text: String) -> String? {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), isScheme(bytes[..<colon]) else { return nil }
        return String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
    }

    /// RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
    static func isScheme<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x2b || $0 == 0x2d || $0 == 0x2e }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte)
    }

    /// `%XX` decoded; nil for a bad escape or bytes that are not UTF-8. `+` stays a plus, as in URLComponents.
    static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { return nil }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        let text = String(decoding: decoded, as: UTF8.self)
        // String(decoding:) repairs invalid UTF-8 with U+FFFD; a difference means it was invalid.
        return Array(text.utf8) == decoded ? text : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
