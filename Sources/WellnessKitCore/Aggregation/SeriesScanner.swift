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
    /// ``powersOfTen``, read once per document rather than through the lazy global per number.
    private let powers = Self.powersOfTen
    /// The keys' words and the accepted range, likewise read once per document: a static read per
    /// sample went through `swift_once` each time.
    private let timestampKey = Self.timestampKeyWords
    private let valueKey = Self.valueKeyWords
    private let timestampRange = SampleSeries.timestampRange
    private let powersOfFive = DecimalToDouble.powersOfFive

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
        guard let number = scanNumberParts() else { return nil }
        // Whole seconds (the usual case) straight to milliseconds: what the
        // double path gives, exactly, as no product here reaches 2^53.
        if number.exponent == 0, number.digits <= 15 {
            let milliseconds = Int64(number.mantissa) * 1000
            let signed = number.negative ? -milliseconds : milliseconds
            return timestampRange.contains(signed) ? signed : nil
        }
        return double(number).flatMap(SampleSeries.epochMilliseconds(seconds:))
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

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// A JSON number as read: sign, decimal digits as an integer (wrapped
    /// past 19 digits), their count, and the decimal exponent.
    private struct NumberParts {
        var negative: Bool
        var mantissa: UInt64
        var digits: Int
        var exponent: Int
        var start: Int
        var end: Int
    }

    /// A strict JSON number, correctly rounded. Digits that fit in 53 bits
    /// times a power of ten up to 10^22 are one exact multiplication
    /// (Clinger's fast path); other numbers of up to 19 digits go through
    /// Eisel–Lemire (``DecimalToDouble``), which needs no division; the
    /// rest, and the rare products it cannot decide, the standard library parses.
    private mutating func scanNumber() -> Double? {
        // Not `flatMap(double)`: that closure captured a copy of the scanner, retaining its tables per number.
        guard let number = scanNumberParts() else { return nil }
        return double(number)
    }

    @inline(__always)
    private func double(_ number: NumberParts) -> Double? {
        if number.digits <= 19, number.mantissa < (1 << 53), (0...22).contains(number.exponent) {
            let value = Double(number.mantissa) * powers[number.exponent]
            return number.negative ? -value : value
        }
        if let value = DecimalToDouble.value(
            mantissa: number.mantissa, digits: number.digits, exponent: number.exponent,
            negative: number.negative, powers: powersOfFive)
        {
            return value
        }
        let text = String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[number.start..<number.end]), as: UTF8.self)
        guard let parsed = Double(text), parsed.isFinite else { return nil }
        return parsed
    }

    @inline(__always)
    private mutating func scanNumberParts() -> NumberParts? {
        guard let base else { return nil }
        let start = position
        let end = bytes.count
        var index = position
        let negative = index < end && base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        guard index < end, isDigit(base[index]) else { return nil }
        if base[index] == UInt8(ascii: "0") {
            index += 1
            if index < end, isDigit(base[index]) { return nil }
        } else {
            digits = scanDigits(base, &index, end, into: &mantissa)
        }
        if index < end, base[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = scanDigits(base, &index, end, into: &mantissa)
            guard fraction > 0 else { return nil }
            digits += fraction
            exponent = -fraction
        }
        if index < end, base[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            let negativeExponent = index < end && base[index] == UInt8(ascii: "-")
            if index < end, base[index] == UInt8(ascii: "-") || base[index] == UInt8(ascii: "+") { index += 1 }
            let exponentStart = index
            var written = 0
            while index < end, isDigit(base[index]) {
                written = min(written * 10 + Int(base[index] &- UInt8(ascii: "0")), 100_000)
                index += 1
            }
            guard index > exponentStart else { return nil }
            exponent += negativeExponent ? -written : written
        }
        position = index
        return NumberParts(
            negative: negative, mantissa: mantissa, digits: digits, exponent: exponent, start: start, end: index)
    }

    /// Appends the digits at `index` to `mantissa` (wrapping, as digit by
    /// digit would), eight at a time while eight follow (SWAR, as simdjson's
    /// `parse_eight_digits_unrolled`), and returns how many there were.
    @inline(__always)
    private func scanDigits(
        _ base: UnsafePointer<UInt8>, _ index: inout Int, _ end: Int, into mantissa: inout UInt64
    ) -> Int {
        let first = index
        while end - index >= 8 {
            let chunk = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let eightDigits =
                (chunk & 0xF0F0_F0F0_F0F0_F0F0)
                | (((chunk &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4) == 0x3333_3333_3333_3333
            guard eightDigits else { break }
            var value = ((chunk & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
            value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
            value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
            mantissa = mantissa &* 100_000_000 &+ value
            index += 8
        }
        while index < end, isDigit(base[index]) {
            mantissa = mantissa &* 10 &+ UInt64(base[index] &- UInt8(ascii: "0"))
            index += 1
        }
        return index - first
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
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
