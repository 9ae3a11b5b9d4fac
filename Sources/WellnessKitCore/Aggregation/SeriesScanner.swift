#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A single-pass reader for the common shape of a series document,
/// `[{"timestamp": "…" | seconds, "value": …}, …]`, that allocates nothing
/// per sample.
///
/// Written by hand because the general JSON tree costs ~20× more for a
/// million samples, and Foundation's JSONDecoder ~50× (the budget is 0.1 s
/// end to end). It accepts a strict subset of RFC 8259 and returns nil
/// for anything else (escapes, non-ASCII strings, other keys, errors of any
/// kind), leaving the general strict parser to accept the document or name
/// what is wrong. So it can never accept invalid JSON or report an error.
struct SeriesScanner {
    private let bytes: UnsafeRawBufferPointer
    /// `bytes` as a typed pointer, for the inner loops.
    private let base: UnsafePointer<UInt8>?
    private let kind: SeriesKind
    private var position = 0
    /// The number reader and its tables, made once per document rather than read through lazy globals per number.
    private let numbers = JSONNumberReader()
    /// The keys' words and the accepted range, likewise read once per document: a static read per
    /// sample went through `swift_once` each time.
    private let timestampKey = Self.timestampKeyWords
    private let valueKey = Self.valueKeyWords
    private let timestampRange = SampleSeries.timestampRange

    init(bytes: UnsafeRawBufferPointer, kind: SeriesKind) {
        self.bytes = bytes
        base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        self.kind = kind
    }

    mutating func scan() -> SampleSeries? {
        // Reserved once for the most samples the bytes can hold (`{"timestamp":0,"value":0}` and a comma,
        // 26 bytes): never grown, so never copied. Pages past the last sample are never touched, so the
        // slack costs address space, not memory.
        var series = SampleSeries(kind: kind, capacity: bytes.count / Self.smallestSample + 1)
        skipWhitespace()
        guard consume(UInt8(ascii: "[")) else { return nil }
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {
            return finished() ? series : nil
        }
        while true {
            guard scanSample(into: &series) else { return nil }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) {
                skipWhitespace()
                continue
            }
            guard consume(UInt8(ascii: "]")) else { return nil }
            return finished() ? series : nil
        }
    }

    private mutating func finished() -> Bool {
        skipWhitespace()
        return position == bytes.count
    }

    private enum Field { case timestamp, value }

    /// The fewest bytes a sample and its comma take.
    private static let smallestSample = 26

    private mutating func scanSample(into series: inout SampleSeries) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        var timestamp: Int64?
        var number: Double?
        var snapshot: SnapshotValue?
        repeat {
            skipWhitespace()
            guard let field = scanKey() else { return false }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            switch field {
            case .timestamp:
                guard let instant = scanTimestamp() else { return false }
                timestamp = instant
            case .value:
                switch kind {
                case .numeric:
                    guard let value = scanNumber() else { return false }
                    number = value
                case .boolean:
                    guard let flag = scanBool() else { return false }
                    number = flag ? 1 : 0
                case .snapshot:
                    guard let value = scanSnapshot() else { return false }
                    snapshot = value
                }
            }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")), let timestamp else { return false }
        if let number {
            series.append(timestamp: timestamp, number: number)
        } else if let snapshot {
            series.append(timestamp: timestamp, snapshot: snapshot)
        } else {
            return false
        }
        return true
    }

    @inline(__always)
    private mutating func scanKey() -> Field? {
        // The two keys of nearly every document, compared as two word loads each.
        if let base, bytes.count - position >= 11 {
            let head = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            if head == timestampKey.head,
                UnsafeRawPointer(base + position + 7).loadUnaligned(as: UInt32.self) == timestampKey.tail
            {
                position += 11
                return .timestamp
            }
            if UInt32(truncatingIfNeeded: head) == valueKey.head,
                UnsafeRawPointer(base + position + 3).loadUnaligned(as: UInt32.self) == valueKey.tail
            {
                position += 7
                return .value
            }
        }
        guard let (start, end) = scanPlainString() else { return nil }
        if matches(start, end, "value") { return .value }
        if matches(start, end, "timestamp") { return .timestamp }
        return nil
    }

    /// `"timestamp"` (11 bytes) as its first 8 bytes and its last 4, in memory order.
    private static let timestampKeyWords = (
        head: load(#""timestamp""#, as: UInt64.self), tail: load(#"amp""#, as: UInt32.self)
    )
    /// `"value"` (7 bytes) as its first 4 bytes and its last 4.
    private static let valueKeyWords = (head: load(#""val"#, as: UInt32.self), tail: load(#"lue""#, as: UInt32.self))

    private static func load<Word: FixedWidthInteger>(_ text: StaticString, as: Word.Type) -> Word {
        UnsafeRawPointer(text.utf8Start).loadUnaligned(as: Word.self)
    }

    private func matches(_ start: Int, _ end: Int, _ key: StaticString) -> Bool {
        guard let base, end - start == key.utf8CodeUnitCount else { return false }
        return memcmp(base + start, key.utf8Start, end - start) == 0
    }

    /// The bounds of a string of printable ASCII without escapes; nil otherwise.
    /// The bounds of a string of printable ASCII without escapes; nil otherwise.
    private mutating func scanPlainString() -> (Int, Int)? {
        guard let base, consume(UInt8(ascii: "\"")) else { return nil }
        let start = position
        var index = position
        let end = bytes.count
        while index < end {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return (start, index)
            }
            // Printable ASCII other than backslash; anything else is the general parser's.
            guard byte &- 0x20 < 0x60, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    private mutating func scanTimestamp() -> Int64? {
        if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
            guard let (start, end) = scanPlainString(),
                let instant = Timestamp.parse(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            else { return nil }
            return instant.seconds * 1000 + Int64(instant.nanoseconds / 1_000_000)
        }
        guard let base, let number = numbers.parts(base, &position, bytes.count) else { return nil }
        return numbers.epochMilliseconds(number, in: base, range: timestampRange)
    }

    private mutating func scanBool() -> Bool? {
        if consumeWord("true") { return true }
        if consumeWord("false") { return false }
        return nil
    }

    private mutating func scanSnapshot() -> SnapshotValue? {
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return scanBool().map(SnapshotValue.bool)
        case UInt8(ascii: "\""):
            guard let (start, end) = scanPlainString() else { return nil }
            return .string(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        default:
            return scanNumber().map(SnapshotValue.number)
        }
    }

    /// A strict JSON number, correctly rounded (``JSONNumberReader``).
    @inline(__always)
    private mutating func scanNumber() -> Double? {
        guard let base, let number = numbers.parts(base, &position, bytes.count) else { return nil }
        return numbers.double(number, in: base)
    }

    private mutating func consumeWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
            return false
        }
        // "truefalse" and "true1" are not literals: what follows must end the value.
        // Checked before moving on, so that a refused word leaves the position for the next try.
        guard position + count == bytes.count || Self.endsValue(bytes[position + count]) else { return false }
        position += count
        return true
    }

    private static func endsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"): return true
        default: return false
        }
    }

    @inline(__always)
    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }
}
