#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A single-pass reader for the grouped options' usual `"groups"`, ten
/// thousand `{"group": <integer>, "time_zone": "<IANA>"}` entries, without
/// a JSON tree (the general parser and reader took a tenth of a small call,
/// all of it on the calling thread before any other could start).
///
/// It finds the top-level `"groups"` array, reads its entries strictly, and
/// hands back the document with that array replaced by `null` for the
/// general parser. It accepts only entries of that form, plain integers and
/// zones it can open, and returns nil for anything else (another key, an
/// escape, a fraction, an unknown zone, `"groups"` twice, bytes that are not
/// JSON), leaving the general parser and reader to accept the document or
/// name what is wrong. So it can never accept what they refuse.
struct GroupEntriesScanner {
    /// One entry: its key and its zone, an index into ``zones``.
    struct Entry {
        let key: Int64
        let zone: Int?
    }

    private(set) var entries: [Entry] = []
    /// The distinct zones of the entries, in order of first sight.
    private(set) var zones: [TimeZoneRules] = []
    /// The document with the `"groups"` array replaced by `null`.
    private(set) var rest: [UInt8] = []

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    /// Where each zone's name was first read, by number: a few names, compared byte for byte.
    private var names: [Range<Int>] = []

    /// Nil when the document is not of the usual form (see the type).
    init?(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        // Past the parser's limit the general path names the error.
        guard bytes.count <= JSONParser.maximumInputBytes else { return nil }
        guard let groups = groupsArray() else { return nil }
        rest = Array(bytes[..<groups.lowerBound]) + Array("null".utf8) + Array(bytes[groups.upperBound...])
    }

    /// Where the top-level `"groups"` value lies, when the document is an
    /// object with exactly one such member and it is an array of the usual
    /// entries (read as it is passed).
    private mutating func groupsArray() -> Range<Int>? {
        skipWhitespace()
        guard consume(UInt8(ascii: "{")) else { return nil }
        var found: Range<Int>?
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return nil }
        while true {
            skipWhitespace()
            guard let key = plainString() else { return nil }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            let start = position
            if matches(key, "groups") {
                guard found == nil, readEntries() else { return nil }
                found = start..<position
            } else {
                guard skipValue() else { return nil }
            }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "}")) else { return nil }
            return found
        }
    }

    /// Reads `[` entries `]` at the position; false on anything unusual.
    private mutating func readEntries() -> Bool {
        guard consume(UInt8(ascii: "[")) else { return false }
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return true }
        while true {
            skipWhitespace()
            guard let entry = readEntry() else { return false }
            entries.append(entry)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "]"))
        }
    }

    private mutating func readEntry() -> Entry? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        var key: Int64?
        var zone: Int?
        var zoneSeen = false
        repeat {
            skipWhitespace()
            guard let name = plainString() else { return nil }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            if matches(name, "group"), key == nil {
                guard let number = integer() else { return nil }
                key = number
            } else if matches(name, "time_zone"), !zoneSeen {
                guard let text = plainString(), let number = zoneNumber(text) else { return nil }
                zone = number
                zoneSeen = true
            } else {
                return nil
            }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")), let key else { return nil }
        return Entry(key: key, zone: zone)
    }

    /// The zone's number, opening it the first time it is named; nil when it cannot be opened.
    private mutating func zoneNumber(_ name: Range<Int>) -> Int? {
        if let known = names.firstIndex(where: { same($0, name) }) { return known }
        // Hundreds of zones are read one by one: the general reader then takes the rest.
        guard names.count < 64,
            let zone = TimeZoneRules(
                identifier: String(decoding: UnsafeRawBufferPointer(rebasing: bytes[name]), as: UTF8.self))
        else { return nil }
        names.append(name)
        zones.append(zone)
        return zones.count - 1
    }

    private func same(_ one: Range<Int>, _ other: Range<Int>) -> Bool {
        guard one.count == other.count, let base = bytes.baseAddress else { return false }
        return memcmp(base + one.lowerBound, base + other.lowerBound, one.count) == 0
    }

    /// A JSON integer without fraction or exponent that fits an Int64 (as `Int64(text)` reads it).
    private mutating func integer() -> Int64? {
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let digits = position
        while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        let count = position - digits
        // JSON: no leading zero before other digits; a fraction or exponent is the reader's.
        guard count > 0, count == 1 || bytes[digits] != UInt8(ascii: "0"),
            position == bytes.count || !Self.continuesNumber(bytes[position])
        else { return nil }
        // Accumulated negative, so that Int64.min fits; nil past the range, as Int64(text) would be.
        var value: Int64 = 0
        for index in digits..<position {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, under) = times.subtractingReportingOverflow(Int64(bytes[index] &- UInt8(ascii: "0")))
            guard !overflow, !under else { return nil }
            value = next
        }
        if digits > start { return value }
        return value == Int64.min ? nil : -value
    }

    private static func continuesNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// The bounds of a string's contents, when they are printable ASCII without escapes.
    private mutating func plainString() -> Range<Int>? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return start..<(position - 1)
            }
            guard byte &- 0x20 < 0x5F, byte != UInt8(ascii: "\\") else { return nil }
            position += 1
        }
        return nil
    }

    /// Skips one value of any kind, finding where it ends: strings with
    /// their escapes, arrays and objects by their brackets (the general
    /// parser reads the document without the groups, and checks the rest).
    private mutating func skipValue() -> Bool {
        var depth = 0
        repeat {
            guard position < bytes.count else { return false }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard position < bytes.count else { return false }
                position += 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                position += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard depth > 0 else { return false }
                depth -= 1
                position += 1
            case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x0A, 0x0D, 0x09:
                guard depth > 0 else { return true }
                position += 1
            default:
                position += 1
            }
        } while depth > 0 || !(position == bytes.count || Self.endsTopValue(bytes[position]))
        return true
    }

    /// What may follow a member's value in the top-level object.
    private static func endsTopValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09: return true
        default: return false
        }
    }

    private func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != word.utf8Start[offset] {
            return false
        }
        return true
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }
}
