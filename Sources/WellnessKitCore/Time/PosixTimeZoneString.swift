/// A POSIX TZ string such as `EST5EDT,M3.2.0,M11.1.0`, as found in the footer
/// of a TZif file (RFC 8536 §3.3), which gives the UTC offsets after the
/// file's last transition.
///
/// Accepted: `std offset [dst [offset] [,start[/time],end[/time]]]`, where a
/// name is three or more ASCII letters or `<` three or more of
/// `[A-Za-z0-9+-]` `>`; an offset is `[+-]hh[:mm[:ss]]` with hours 0…24,
/// counted west of UTC as POSIX does (`EST5` is UTC−5); the DST offset
/// defaults to one hour east of standard time; a day is `Jn` (1…365,
/// February 29 never counted), `n` (0…365, counted from zero, February 29
/// counted) or `Mm.w.d` (weekday d, 0 = Sunday, of week w, 5 = last, of month
/// m); a rule time is local time with hours −167…167 (the RFC 8536 version 3
/// extension) and defaults to 02:00. A DST name without rules gets the US
/// rules `M3.2.0,M11.1.0`, as glibc and Go do. Anything else is rejected.
///
/// No Foundation: the core must work with a statically linked runtime.
struct PosixTimeZoneString: Sendable, Equatable {
    /// A day of the year on which daylight saving time starts or ends.
    enum Day: Sendable, Equatable {
        /// `Jn`: day 1…365 of the year, February 29 never counted (J60 is March 1).
        case julian(Int)
        /// `n`: day 0…365 counted from zero, February 29 counted in leap years.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `weekday` (0 = Sunday) of week `week` (1…5, 5 = the
        /// last such weekday) of month `month` (1…12).
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    /// When a switch happens: on `day`, at `time` seconds after local midnight
    /// (local time as in force before the switch), −167 h…167 h.
    struct Rule: Sendable, Equatable {
        let day: Day
        let time: Int64
    }

    /// The daylight-saving part of a TZ string.
    struct DaylightSaving: Sendable, Equatable {
        /// Seconds east of UTC while in force (it may be less than standard
        /// time: Europe/Dublin's winter "DST" is negative).
        let offset: Int64
        let start: Rule
        let end: Rule
    }

    /// Seconds east of UTC of standard time.
    let standardOffset: Int64
    /// nil for a string without a DST part, such as `<+0530>-5:30`.
    let daylightSaving: DaylightSaving?

    init(standardOffset: Int64, daylightSaving: DaylightSaving?) {
        self.standardOffset = standardOffset
        self.daylightSaving = daylightSaving
    }

    /// Parses a TZ string; nil unless it is wholly valid.
    init?(_ text: String) {
        self.init(utf8: Array(text.utf8))
    }

    /// Parses a TZ string from its bytes; nil unless it is wholly valid.
    init?(utf8 bytes: [UInt8]) {
        var parser = Parser(bytes: bytes)
        guard let parsed = parser.parseString() else { return nil }
        self = parsed
    }

    // MARK: Evaluation

    /// Seconds in 400 Gregorian years, after which the calendar, weekdays
    /// included, repeats exactly; so does any rule of this type.
    static let gregorianCycle: Int64 = 146_097 * 86_400

    /// Seconds east of UTC at `instant`, for any instant.
    func offset(at instant: Int64) -> Int64 {
        guard let dst = daylightSaving else { return standardOffset }
        // Rules repeat every 400 years exactly, so evaluating in 1970…2370
        // gives the same answer for any instant and needs no overflow checks.
        var reduced = instant % Self.gregorianCycle
        if reduced < 0 { reduced += Self.gregorianCycle }
        let year = Self.year(containingDay: Self.floorDivide(reduced + standardOffset, 86_400))
        return isDaylightSaving(reduced, in: year, dst) ? dst.offset : standardOffset
    }

    /// Whether DST is in force at `instant`, a time in `year` as counted in
    /// local standard time (as Python's zoneinfo decides it).
    private func isDaylightSaving(_ instant: Int64, in year: Int64, _ dst: DaylightSaving) -> Bool {
        let (start, end) = switches(in: year, dst)
        return start < end ? (start <= instant && instant < end) : !(end <= instant && instant < start)
    }

    /// The UTC instants at which DST starts and ends in `year` (1…10 000 or so:
    /// callers keep the year small, so nothing here can overflow).
    private func switches(in year: Int64, _ dst: DaylightSaving) -> (start: Int64, end: Int64) {
        let start = Self.dayNumber(of: dst.start.day, in: year) * 86_400 + dst.start.time - standardOffset
        let end = Self.dayNumber(of: dst.end.day, in: year) * 86_400 + dst.end.time - dst.offset
        return (start, end)
    }

    /// Years for which `changeCandidates(in:)` lists instants.
    static let listedYears: ClosedRange<Int64> = 1...9999

    /// Sorted, distinct instants in `range` at which `offset(at:)` may change:
    /// each year's DST start and end and the start of each year in local
    /// standard time (where the year whose rules apply changes), for the years
    /// of `range` within `listedYears`. Empty without a DST part.
    func changeCandidates(in range: ClosedRange<Int64>) -> [Int64] {
        guard let dst = daylightSaving else { return [] }
        let first = max(
            Self.year(containingDay: Self.floorDivide(range.lowerBound, 86_400)) - 1, Self.listedYears.lowerBound)
        let last = min(
            Self.year(containingDay: Self.floorDivide(range.upperBound, 86_400)) + 1, Self.listedYears.upperBound)
        guard first <= last else { return [] }
        var candidates: [Int64] = []
        candidates.reserveCapacity(Int(last - first + 1) * 3)
        for year in first...last {
            let (start, end) = switches(in: year, dst)
            let yearStart = Self.daysFromCivil(year: year, month: 1, day: 1) * 86_400 - standardOffset
            if range.contains(yearStart) { candidates.append(yearStart) }
            if range.contains(start) { candidates.append(start) }
            if range.contains(end) { candidates.append(end) }
        }
        candidates.sort()
        var distinct: [Int64] = []
        distinct.reserveCapacity(candidates.count)
        for instant in candidates where distinct.last != instant {
            distinct.append(instant)
        }
        return distinct
    }

    // MARK: Calendar arithmetic (proleptic Gregorian, Int64, no traps for any Int64 day)

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(_ month: Int, of year: Int64) -> Int64 {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given date (Howard Hinnant's days_from_civil).
    static func daysFromCivil(year: Int64, month: Int, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year containing the day `days` days after 1970-01-01 (Hinnant's
    /// civil_from_days); exact for every Int64 that is a day count of an
    /// Int64 instant.
    static func year(containingDay days: Int64) -> Int64 {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        return yearOfEra + era * 400 + (monthIndex >= 10 ? 1 : 0)
    }

    /// Days from 1970-01-01 to `day` in `year`.
    static func dayNumber(of day: Day, in year: Int64) -> Int64 {
        let january1 = daysFromCivil(year: year, month: 1, day: 1)
        switch day {
        case .julian(let n):
            return january1 + Int64(n - 1) + (isLeapYear(year) && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            return january1 + Int64(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = daysFromCivil(year: year, month: month, day: 1)
            // 1970-01-01 was a Thursday (4).
            let firstWeekday = (first % 7 + 7 + 4) % 7
            var result = first + (Int64(weekday) - firstWeekday + 7) % 7 + 7 * Int64(week - 1)
            let monthEnd = first + daysInMonth(month, of: year)
            while result >= monthEnd { result -= 7 }
            return result
        }
    }

    // MARK: Parsing

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        var atEnd: Bool { position >= bytes.count }

        func peek() -> UInt8? { atEnd ? nil : bytes[position] }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard peek() == byte else { return false }
            position += 1
            return true
        }

        mutating func parseString() -> PosixTimeZoneString? {
            guard parseName(), let standardWest = parseTime(maximumHours: 24) else { return nil }
            let standardOffset = -standardWest
            if atEnd { return PosixTimeZoneString(standardOffset: standardOffset, daylightSaving: nil) }
            guard parseName() else { return nil }
            var dstOffset = standardOffset + 3600
            if let next = peek(), next != UInt8(ascii: ",") {
                guard let west = parseTime(maximumHours: 24) else { return nil }
                dstOffset = -west
            }
            let start: Rule
            let end: Rule
            if atEnd {
                start = Rule(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
                end = Rule(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
            } else {
                guard consume(UInt8(ascii: ",")), let parsedStart = parseRule(),
                    consume(UInt8(ascii: ",")), let parsedEnd = parseRule(), atEnd
                else { return nil }
                start = parsedStart
                end = parsedEnd
            }
            return PosixTimeZoneString(
                standardOffset: standardOffset,
                daylightSaving: DaylightSaving(offset: dstOffset, start: start, end: end))
        }

        /// `<[A-Za-z0-9+-]{3,}>` or `[A-Za-z]{3,}`.
        mutating func parseName() -> Bool {
            if consume(UInt8(ascii: "<")) {
                let begin = position
                while let byte = peek(),
                    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                {
                    position += 1
                }
                return position - begin >= 3 && consume(UInt8(ascii: ">"))
            }
            let begin = position
            while let byte = peek(), isLetter(byte) { position += 1 }
            return position - begin >= 3
        }

        /// `[+-]hh[:mm[:ss]]` in seconds (each part one or two digits, hours
        /// three when `maximumHours` needs them), hours at most `maximumHours`.
        mutating func parseTime(maximumHours: Int64) -> Int64? {
            var sign: Int64 = 1
            if consume(UInt8(ascii: "-")) { sign = -1 } else { _ = consume(UInt8(ascii: "+")) }
            guard let hours = parseNumber(maximumDigits: maximumHours > 99 ? 3 : 2), hours <= maximumHours else {
                return nil
            }
            var seconds = hours * 3600
            if consume(UInt8(ascii: ":")) {
                guard let minutes = parseNumber(maximumDigits: 2), minutes <= 59 else { return nil }
                seconds += minutes * 60
                if consume(UInt8(ascii: ":")) {
                    guard let secs = parseNumber(maximumDigits: 2), secs <= 59 else { return nil }
                    seconds += secs
                }
            }
            return sign * seconds
        }

        /// One to `maximumDigits` decimal digits.
        mutating func parseNumber(maximumDigits: Int) -> Int64? {
            var value: Int64 = 0
            var digits = 0
            while let byte = peek(), isDigit(byte) {
                guard digits < maximumDigits else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
            return digits > 0 ? value : nil
        }

        /// `Jn`, `n` or `Mm.w.d`, then an optional `/time`.
        mutating func parseRule() -> Rule? {
            let day: Day
            if consume(UInt8(ascii: "J")) {
                guard let n = parseNumber(maximumDigits: 3), (1...365).contains(n) else { return nil }
                day = .julian(Int(n))
            } else if consume(UInt8(ascii: "M")) {
                guard let month = parseNumber(maximumDigits: 2), (1...12).contains(month),
                    consume(UInt8(ascii: ".")),
                    let week = parseNumber(maximumDigits: 1), (1...5).contains(week),
                    consume(UInt8(ascii: ".")),
                    let weekday = parseNumber(maximumDigits: 1), (0...6).contains(weekday)
                else { return nil }
                day = .monthWeekDay(month: Int(month), week: Int(week), weekday: Int(weekday))
            } else {
                guard let n = parseNumber(maximumDigits: 3), (0...365).contains(n) else { return nil }
                day = .zeroBased(Int(n))
            }
            var time: Int64 = 7200
            if consume(UInt8(ascii: "/")) {
                guard let parsed = parseTime(maximumHours: 167) else { return nil }
                time = parsed
            }
            return Rule(day: day, time: time)
        }

        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        }

        func isDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
