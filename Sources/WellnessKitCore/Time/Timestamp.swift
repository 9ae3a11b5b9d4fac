/// An instant with nanosecond precision, read from and written as RFC 3339.
///
/// Parsed by hand rather than with `ISO8601DateFormatter` because the wire
/// carries timestamps with and without fractional seconds and with any
/// offset, which one formatter configuration does not accept, and because
/// `Date` would round nanoseconds. Output is UTC (`Z`) and keeps the input's
/// fractional digits, so normalising never invents or loses precision.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    public let seconds: Int64
    /// Nanoseconds within the second, 0…999,999,999.
    public let nanoseconds: Int32
    /// Fractional digits written in the canonical form (0 for none).
    public let fractionDigits: Int

    /// - Parameters:
    ///   - seconds: whole seconds since the Unix epoch.
    ///   - nanoseconds: 0…999,999,999; clamped into that range.
    ///   - fractionDigits: fractional digits to write, 0…9.
    public init(seconds: Int64, nanoseconds: Int32 = 0, fractionDigits: Int = 0) {
        self.seconds = seconds
        self.nanoseconds = min(max(nanoseconds, 0), 999_999_999)
        self.fractionDigits = min(max(fractionDigits, 0), 9)
    }

    /// An instant in whole seconds, or nil outside years 1–9999.
    public init?(validSeconds seconds: Int64) {
        guard CalendarDate(daysSinceEpoch: Int(seconds.floorDivided(by: 86_400))) != nil else { return nil }
        self.init(seconds: seconds)
    }

    /// Parses `YYYY-MM-DD(T|t)HH:MM:SS[.fraction](Z|z|±HH:MM|±HHMM)`.
    public init?(parsing text: String) {
        var text = text
        guard let parsed = text.withUTF8({ Timestamp.parse(UnsafeRawBufferPointer($0)) }) else { return nil }
        self = parsed
    }

    /// Parses RFC 3339 from raw bytes without allocating; the series scanner
    /// calls this once per sample.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> Timestamp? {
        let count = bytes.count
        guard count >= 20,
            bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            let date = CalendarDate(year: year, month: month, day: day),
            let hour = number(bytes, 11, 2), hour < 24,
            let minute = number(bytes, 14, 2), minute < 60,
            let second = number(bytes, 17, 2), second < 60
        else { return nil }
        var index = 19
        var nanoseconds = 0
        var fractionDigits = 0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, let digit = number(bytes, index, 1) {
                // Digits past nanoseconds carry no representable precision.
                if fractionDigits < 9 {
                    nanoseconds = nanoseconds * 10 + digit
                    fractionDigits += 1
                }
                index += 1
            }
            guard fractionDigits > 0 else { return nil }
            for _ in fractionDigits..<9 { nanoseconds *= 10 }
        }
        guard let offset = parseOffset(UnsafeRawBufferPointer(rebasing: bytes[index...])) else { return nil }
        let utc = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
        // An offset can push the instant out of years 1–9999 in UTC.
        guard CalendarDate(daysSinceEpoch: Int(utc.floorDivided(by: 86_400))) != nil else { return nil }
        // Trailing zeros in the fraction add no precision: "10:00:00.500" is ".5".
        var digits = fractionDigits
        var trimmed = nanoseconds / powerOfTen(9 - digits)
        while digits > 0, trimmed % 10 == 0 {
            trimmed /= 10
            digits -= 1
        }
        return Timestamp(seconds: utc, nanoseconds: Int32(nanoseconds), fractionDigits: digits)
    }

    /// The decimal value of `length` ASCII digits at `start`, or nil.
    @inline(__always)
    private static func number(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ length: Int) -> Int? {
        var value = 0
        for index in start..<start + length {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// The offset east of UTC in seconds, or nil if malformed.
    private static func parseOffset(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let sign = bytes.first else { return nil }
        if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
            return bytes.count == 1 ? 0 : nil
        }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let minutesStart: Int
        switch bytes.count {
        case 6 where bytes[3] == UInt8(ascii: ":"): minutesStart = 4
        case 5: minutesStart = 3
        default: return nil
        }
        guard let hours = number(bytes, 1, 2), let minutes = number(bytes, minutesStart, 2),
            hours < 24, minutes < 60
        else { return nil }
        let magnitude = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    private static func powerOfTen(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { result, _ in result * 10 }
    }

    /// RFC 3339 in UTC: `2025-01-15T08:30:00.5Z`.
    public var description: String {
        let days = seconds.floorDivided(by: 86_400)
        let secondsOfDay = Int(seconds - days * 86_400)
        // Built as bytes: a list response writes three timestamps per item,
        // and string interpolation made formatting them a hot spot.
        var text: [UInt8] = []
        text.reserveCapacity(32)
        CalendarDate(proleptic: Int(days)).write(into: &text)
        text.append(UInt8(ascii: "T"))
        Digits.write(secondsOfDay / 3600, width: 2, into: &text)
        text.append(UInt8(ascii: ":"))
        Digits.write(secondsOfDay / 60 % 60, width: 2, into: &text)
        text.append(UInt8(ascii: ":"))
        Digits.write(secondsOfDay % 60, width: 2, into: &text)
        if fractionDigits > 0 {
            text.append(UInt8(ascii: "."))
            Digits.write(
                Int(nanoseconds) / Timestamp.powerOfTen(9 - fractionDigits), width: fractionDigits, into: &text)
        }
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.seconds == rhs.seconds && lhs.nanoseconds == rhs.nanoseconds
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(seconds)
        hasher.combine(nanoseconds)
    }
}

extension Timestamp {
    /// An instant from milliseconds since the epoch, written with milliseconds
    /// only when it has them.
    public init(milliseconds: Int64) {
        let seconds = milliseconds.floorDivided(by: 1000)
        let remainder = Int32(milliseconds - seconds * 1000)
        var digits = 3
        var significant = remainder
        while digits > 0, significant % 10 == 0 {
            significant /= 10
            digits -= 1
        }
        self.init(seconds: seconds, nanoseconds: remainder * 1_000_000, fractionDigits: digits)
    }
}

extension Timestamp: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let text = try String(json: json, at: path)
        guard let timestamp = Timestamp(parsing: text) else {
            throw WellnessError.validation(
                "expected an ISO-8601 timestamp like 2025-01-15T10:30:00Z, found \"\(text.echo)\"", at: path)
        }
        self = timestamp
    }

    public var json: JSONValue { .string(description) }
}

extension Int64 {
    /// Division rounding toward negative infinity, for dates before 1970.
    package func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }
}
