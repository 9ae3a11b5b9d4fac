import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct CalendarDateTests {
    /// The byte writer that dates and timestamps use agrees with plain decimal text, padded.
    @Test func digitsAreWrittenAsPaddedDecimalText() {
        let values = [0, 1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 123_456_789, Int.max, -1, -42]
        for value in values {
            for width in 0...20 {
                var bytes: [UInt8] = [0x41]
                Digits.write(value, width: width, into: &bytes)
                let text = String(value)
                let expected =
                    value < 0
                    ? Digits.padded(value, width: width)
                    : String(repeating: "0", count: max(width - text.count, 0)) + text
                #expect(bytes == [0x41] + Array(expected.utf8), "\(value) width \(width)")
            }
        }
    }

    @Test func roundTripsEveryDayOfTheSupportedRange() {
        var days = -719_162
        while days <= 2_932_896 {
            let date = CalendarDate(daysSinceEpoch: days)
            #expect(date?.daysSinceEpoch == days)
            days += 997
        }
        #expect(CalendarDate(daysSinceEpoch: -719_163) == nil)
        #expect(CalendarDate(daysSinceEpoch: 2_932_897) == nil)
    }

    /// Oracle: Foundation's Gregorian calendar in UTC (after 1582, where it
    /// switches to the Julian calendar and this type stays proleptic).
    @Test func agreesWithFoundationCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for _ in 0..<2000 {
            let days = Int.random(in: -100_000...2_900_000)
            let components = calendar.dateComponents(
                [.year, .month, .day],
                from: Date(timeIntervalSince1970: Double(days) * 86_400))
            let date = try #require(CalendarDate(daysSinceEpoch: days))
            #expect(date.year == components.year && date.month == components.month && date.day == components.day)
        }
    }

    @Test func validatesRealDays() {
        #expect(CalendarDate(parsing: "2024-02-29".utf8) != nil)
        #expect(CalendarDate(parsing: "2023-02-29".utf8) == nil)
        #expect(CalendarDate(parsing: "1900-02-29".utf8) == nil)
        #expect(CalendarDate(parsing: "2000-02-29".utf8) != nil)
        #expect(CalendarDate(parsing: "2025-04-31".utf8) == nil)
        #expect(CalendarDate(parsing: "2025-1-01".utf8) == nil)
        #expect(CalendarDate(parsing: "2025-01-01T".utf8) == nil)
    }
}
