/// A calendar day, `YYYY-MM-DD`, in the proleptic Gregorian calendar.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date, or nil when it is not a real calendar day in years 1–9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// 1970-01-01.
    public static let epoch = CalendarDate(unchecked: 1970, 1, 1)

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 of 0001-01-01 through 9999-12-31.
    public static let dayRange = -719_162...2_932_896

    /// The date `days` days after 1970-01-01 (negative: before), or nil
    /// outside years 1–9999.
    public init?(daysSinceEpoch days: Int) {
        guard Self.dayRange.contains(days) else { return nil }
        self.init(proleptic: days)
    }

    /// The date `days` days after 1970-01-01 in the proleptic Gregorian
    /// calendar, whatever its year: a local day next to the ends of years
    /// 1–9999 (0000-12-31 in New York for 0001-01-01T00:00Z) is reported as
    /// it is, not clamped. `days` must lie within ±2^40.
    init(proleptic days: Int) {
        // Howard Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(unchecked: year, month, day)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int {
        Self.daysSinceEpoch(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date of any year
    /// (Howard Hinnant's days_from_civil); `month` 1–12, `day` 1–31.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?<Bytes: Collection>(parsing text: Bytes) where Bytes.Element == UInt8 {
        let bytes = Array(text)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Digits.parse(bytes[0..<4]),
            let month = Digits.parse(bytes[5..<7]),
            let day = Digits.parse(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public var description: String {
        var text: [UInt8] = []
        text.reserveCapacity(10)
        write(into: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// `YYYY-MM-DD` as UTF-8, appended to `output`.
    func write(into output: inout [UInt8]) {
        Digits.write(year, width: 4, into: &output)
        output.append(UInt8(ascii: "-"))
        Digits.write(month, width: 2, into: &output)
        output.append(UInt8(ascii: "-"))
        Digits.write(day, width: 2, into: &output)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

extension CalendarDate: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let text = try String(json: json, at: path)
        guard let date = CalendarDate(parsing: text.utf8) else {
            throw WellnessError.validation("expected a date YYYY-MM-DD, found \"\(text.echo)\"", at: path)
        }
        self = date
    }

    public var json: JSONValue { .string(description) }
}

/// Fixed-width decimal fields of dates and times.
enum Digits {
    /// The value of a run of ASCII digits, or nil if any byte is not a digit.
    static func parse(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// `value` in decimal, zero-padded to `width` digits, appended as UTF-8.
    static func write(_ value: Int, width: Int, into output: inout [UInt8]) {
        guard value >= 0 else {
            output.append(contentsOf: padded(value, width: width).utf8)
            return
        }
        var length = 1
        var rest = value / 10
        while rest > 0 {
            length += 1
            rest /= 10
        }
        let end = output.count + max(width, length)
        output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: end - output.count))
        // Right to left, dividing by the constant 10 (a multiplication once compiled).
        var index = end - 1
        rest = value
        while rest > 0 {
            output[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
            index -= 1
        }
    }

    /// `value` in decimal, zero-padded to `width` digits.
    static func padded(_ value: Int, width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
