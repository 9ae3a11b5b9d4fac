/// An Apple Health export's date ("2024-03-10 07:15:00 -0800"): the instant
/// and the offset it was written with.
struct AppleHealthDate: Sendable, Equatable {
    /// Seconds since 1970-01-01T00:00:00Z.
    let instant: Int64
    /// The written offset from UTC, in seconds.
    let offset: Int32

    /// Parses the export's fixed layout `YYYY-MM-DD hh:mm:ss ±hhmm`; nil for anything else.
    init?(_ text: UnsafePointer<CChar>) {
        func digits(_ at: Int, _ count: Int) -> Int? {
            var value = 0
            for index in at..<(at + count) {
                let digit = Int(text[index]) - 48
                guard digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        // Every check stops at the first mismatch, so a shorter string's NUL ends it there.
        guard let year = digits(0, 4), text[4] == 45, let month = digits(5, 2), text[7] == 45,
            let day = digits(8, 2), text[10] == 32, let hour = digits(11, 2), text[13] == 58,
            let minute = digits(14, 2), text[16] == 58, let second = digits(17, 2), text[19] == 32,
            text[20] == 43 || text[20] == 45, let offsetHours = digits(21, 2), let offsetMinutes = digits(23, 2),
            text[25] == 0,
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61,
            offsetHours < 24, offsetMinutes < 60
        else { return nil }
        let sign = text[20] == 45 ? -1 : 1
        let offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        let localSeconds =
            Int64(Self.daysFromCivil(year, month, day)) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
        self.instant = localSeconds - Int64(offset)
        self.offset = Int32(offset)
    }

    init(instant: Int64, offset: Int32) {
        self.instant = instant
        self.offset = offset
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
