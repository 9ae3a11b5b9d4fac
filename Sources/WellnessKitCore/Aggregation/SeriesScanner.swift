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

    init(bytes: UnsafeRawBufferPointer, kind: SeriesKind) {
        self.bytes = bytes
        base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        self.kind = kind
    }

    mutating func scan() -> SampleSeries? {
        // About 45 bytes a sample: reserve once instead of growing.
        var series = SampleSeries(kind: kind, capacity: bytes.count / 45)
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

    private mutating func scanKey() -> Field? {
        guard let (start, end) = scanPlainString() else { return nil }
        if matches(start, end, "value") { return .value }
        if matches(start, end, "timestamp") { return .timestamp }
        return nil
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
        guard let seconds = scanNumber() else { return nil }
        return SampleSeries.epochMilliseconds(seconds: seconds)
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

    /// A strict JSON number. Exact when the digits fit in 53 bits and the
    /// decimal exponent in ±22 (Clinger's fast path: one correctly rounded
    /// multiplication or division); otherwise the standard library parses it.
    private mutating func scanNumber() -> Double? {
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
            while index < end, isDigit(base[index]) {
                mantissa = mantissa &* 10 &+ UInt64(base[index] &- UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
        }
        if index < end, base[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < end, isDigit(base[index]) {
                mantissa = mantissa &* 10 &+ UInt64(base[index] &- UInt8(ascii: "0"))
                index += 1
            }
            guard index > fractionStart else { return nil }
            digits += index - fractionStart
            exponent = fractionStart - index
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
        // Up to 19 digits cannot wrap the mantissa; below 2^53 it converts exactly.
        if digits <= 19, mantissa < (1 << 53), (-22...22).contains(exponent) {
            let magnitude = Double(mantissa)
            let value = exponent >= 0 ? magnitude * Self.powersOfTen[exponent] : magnitude / Self.powersOfTen[-exponent]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let parsed = Double(text), parsed.isFinite else { return nil }
        return parsed
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
