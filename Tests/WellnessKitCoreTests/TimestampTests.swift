import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct TimestampTests {
    @Test(arguments: [
        ("2025-01-15T10:30:00Z", "2025-01-15T10:30:00Z"),
        ("2025-01-15T10:30:00.500+02:00", "2025-01-15T08:30:00.5Z"),
        ("2025-01-15t10:30:00.123456789z", "2025-01-15T10:30:00.123456789Z"),
        ("2025-01-15T00:30:00-0130", "2025-01-15T02:00:00Z"),
        ("2024-12-31T23:00:00-05:00", "2025-01-01T04:00:00Z"),
        ("2024-02-29T12:00:00.1234567891Z", "2024-02-29T12:00:00.123456789Z"),
        ("1969-12-31T23:59:59.5Z", "1969-12-31T23:59:59.5Z"),
    ])
    func normalisesToUTC(_ input: String, _ expected: String) throws {
        #expect(Timestamp(parsing: input)?.description == expected)
    }

    @Test(arguments: [
        "2025-01-15", "2025-01-15T10:30Z", "2025-01-15T24:00:00Z", "2025-02-29T10:00:00Z",
        "2025-01-15T10:30:60Z", "2025-01-15T10:30:00", "2025-01-15T10:30:00.Z", "2025-01-15T10:30:00+2:00",
        "2025-01-15 10:30:00Z", "0000-01-01T00:00:00Z", "9999-12-31T23:00:00-05:00", "2025-13-01T00:00:00Z",
    ])
    func rejectsMalformed(_ input: String) {
        #expect(Timestamp(parsing: input) == nil)
    }

    /// Oracle: Foundation's ISO8601DateFormatter on random whole-second instants.
    @Test func agreesWithFoundationFormatter() {
        let formatter = ISO8601DateFormatter()
        for _ in 0..<2000 {
            let seconds = Int64.random(in: -2_000_000_000...4_000_000_000)
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let text = formatter.string(from: date)
            #expect(Timestamp(parsing: text)?.seconds == seconds)
            #expect(Timestamp(seconds: seconds).description == text)
        }
    }

    /// Every fraction width, and the first and last instants of years 1 and 9999, read back as themselves.
    @Test func everyWrittenFormParsesBackToTheSameInstant() throws {
        let edges: [Int64] = [-62_135_596_800, -62_135_596_800 + 86_399, 253_402_300_799, 0, 951_782_400]
        for seconds in edges {
            for digits in 0...9 {
                let unit = (digits..<9).reduce(Int32(1)) { value, _ in value * 10 }
                let nanoseconds = 123_456_789 / unit * unit
                let stamp = Timestamp(seconds: seconds, nanoseconds: nanoseconds, fractionDigits: digits)
                let parsed = try #require(Timestamp(parsing: stamp.description), "\(stamp.description)")
                #expect(parsed.seconds == seconds && parsed.nanoseconds == nanoseconds, "\(stamp.description)")
            }
        }
        #expect(Timestamp(seconds: -62_135_596_800).description == "0001-01-01T00:00:00Z")
        #expect(
            Timestamp(seconds: 253_402_300_799, nanoseconds: 5_000_000, fractionDigits: 3).description
                == "9999-12-31T23:59:59.005Z")
    }

    @Test func ordersByInstantNotText() throws {
        let early = try #require(Timestamp(parsing: "2025-01-15T10:00:00+02:00"))
        let late = try #require(Timestamp(parsing: "2025-01-15T09:00:00Z"))
        #expect(early < late)
        #expect(Timestamp(parsing: "2025-01-15T10:00:00.50Z") == Timestamp(parsing: "2025-01-15T10:00:00.5Z"))
    }
}
