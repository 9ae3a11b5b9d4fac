/// A Fitbit export's local time: the day (since 1970-01-01) and the second of that day.
struct FitbitTime {
    let day: Int64
    let second: Int64

    /// "01/31/20 07:05:00" (month/day/two-digit year, as the JSON files write it).
    init?(slashed text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 17, bytes[2] == 47, bytes[5] == 47, bytes[8] == 32, bytes[11] == 58, bytes[14] == 58,
            let month = Self.digits(bytes, 0), let day = Self.digits(bytes, 3), let year = Self.digits(bytes, 6),
            let hour = Self.digits(bytes, 9), let minute = Self.digits(bytes, 12), let second = Self.digits(bytes, 15)
        else { return nil }
        self.init(year: 2000 + year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// "2020-01-31T07:05" or "2020-01-31T07:05:00" (the CSV files); "2020-01-31" alone is midnight.
    init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, bytes[4] == 45, bytes[7] == 45, let high = Self.digits(bytes, 0),
            let low = Self.digits(bytes, 2), let month = Self.digits(bytes, 5), let day = Self.digits(bytes, 8)
        else { return nil }
        var hour = 0
        var minute = 0
        if bytes.count >= 16 {
            guard bytes[10] == 84 || bytes[10] == 32, bytes[13] == 58, let h = Self.digits(bytes, 11),
                let m = Self.digits(bytes, 14)
            else { return nil }
            hour = h
            minute = m
        }
        self.init(year: high * 100 + low, month: month, day: day, hour: hour, minute: minute, second: 0)
    }

    private init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        self.day = Int64(AppleHealthDate.daysFromCivil(year, month, day))
        self.second = Int64(hour * 3600 + minute * 60 + second)
    }

    private static func digits(_ bytes: [UInt8], _ at: Int) -> Int? {
        let high = Int(bytes[at]) - 48
        let low = Int(bytes[at + 1]) - 48
        guard (0...9).contains(high), (0...9).contains(low) else { return nil }
        return high * 10 + low
    }
}
