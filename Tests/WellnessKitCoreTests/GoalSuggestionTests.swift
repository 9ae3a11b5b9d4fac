import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct GoalSuggestionTests {
    static func suggestion(duration: Int? = 30, difficulty: Int = 3) -> GoalSuggestion {
        GoalSuggestion(
            title: "Walk", description: "Walk daily", goalType: "activity", targetValue: 10_000,
            targetUnit: "steps", rationale: "You average 6k", estimatedDuration: duration,
            difficulty: difficulty)
    }

    @Test(
        arguments: [
            (nil, "Ongoing"), (0, "0 days"), (1, "1 day"), (6, "6 days"), (7, "1 week"), (13, "1 week"),
            (14, "2 weeks"), (29, "4 weeks"), (30, "1 month"), (59, "1 month"), (60, "2 months"), (365, "12 months"),
        ] as [(Int?, String)])
    func durationText(_ days: Int?, _ text: String) {
        #expect(Self.suggestion(duration: days).durationText == text)
    }

    @Test func difficultyLabelsAndColours() {
        let labels = (1...5).map { Self.suggestion(difficulty: $0).difficultyLabel }
        #expect(labels == ["Very Easy", "Easy", "Moderate", "Challenging", "Very Challenging"])
        let colours = (1...5).map { Self.suggestion(difficulty: $0).difficultyColor }
        #expect(colours == [.green, .green, .orange, .red, .red])
    }

    @Test func decodingEnforcesRanges() {
        let base = #"{"title":"t","description":"d","goal_type":"activity","rationale":"r","difficulty":3}"#
        #expect(wellnessError { try decode(GoalSuggestion.self, base) } == nil)
        for (replacement, path) in [
            (#""difficulty":6"#, "difficulty"), (#""difficulty":2.5"#, "difficulty"),
            (#""difficulty":3,"estimated_duration":-1"#, "estimated_duration"),
            (#""difficulty":3,"estimated_duration":99999999999999999999"#, "estimated_duration"),
        ] {
            let text = base.replacingOccurrences(of: #""difficulty":3"#, with: replacement)
            #expect(wellnessError { try decode(GoalSuggestion.self, text) }?.path == path)
        }
    }

    @Test func suggestionsCountMustMatch() {
        let text = #"{"success":true,"data":{"suggestions":[],"count":2}}"#
        #expect(wellnessError { try decode(Envelope<GoalSuggestions>.self, text) }?.path == "data.count")
    }

    @Test func createRequestKeepsWallClockAcrossDST() throws {
        let now = try #require(Timestamp(parsing: "2025-03-01T12:00:00-05:00"))
        let zone = try #require(TimeZoneRules(identifier: "America/New_York"))
        let request = try #require(
            CreateGoalRequest.from(suggestion: Self.suggestion(duration: 30), now: now, timeZone: zone))
        #expect(request.startDate.json == .string("2025-03-01T17:00:00Z"))
        #expect(request.targetDate?.json == .string("2025-03-31T16:00:00Z"))
        #expect(request.title == "Walk" && request.goalType == "activity" && !request.isRecurring)
        let ongoing = CreateGoalRequest.from(suggestion: Self.suggestion(duration: nil), now: now, timeZone: zone)
        #expect(ongoing?.targetDate == nil)
    }

    /// Oracle: Foundation's `Calendar.date(byAdding: .day, …)` on the same
    /// wall-clock times, including ones a transition skips or repeats.
    @Test(arguments: ["America/New_York", "Australia/Lord_Howe", "Europe/Dublin", "America/Sao_Paulo", "Asia/Kolkata"])
    func addingDaysAgreesWithFoundationCalendar(_ zoneName: String) throws {
        let rules = try #require(TimeZoneRules(identifier: zoneName))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zoneName))
        var generator = SystemRandomNumberGenerator()
        var starts = (0..<2000).map { _ in Int64.random(in: 946_684_800...1_893_456_000, using: &generator) }
        // Wall-clock times one or two days before each transition land on it.
        for transition in rules.transitions(in: 946_684_800...1_893_456_000).prefix(40) {
            for lead in [86_400, 2 * 86_400] {
                starts += stride(from: -5400, through: 5400, by: 900).map {
                    transition.instant - Int64(lead) + Int64($0)
                }
            }
        }
        for start in starts {
            let days = Int.random(in: 1...3, using: &generator)
            let expected = try #require(
                calendar.date(byAdding: .day, value: days, to: Date(timeIntervalSince1970: Double(start))))
            #expect(
                rules.instant(addingDays: days, to: start) == Int64(expected.timeIntervalSince1970),
                "\(zoneName): \(start) + \(days) days")
        }
    }

    /// Samoa skipped 2011-12-30 whole. The rule (moved forward by the skipped
    /// length) gives the 31st; Foundation gives January 1st, two days on.
    @Test func aSkippedDayMovesForwardByOneDay() throws {
        let apia = try #require(TimeZoneRules(identifier: "Pacific/Apia"))
        let start = try #require(Timestamp(parsing: "2011-12-29T10:00:00-10:00"))
        let target = try #require(apia.instant(addingDays: 1, to: start.seconds))
        #expect(Timestamp(seconds: target).description == "2011-12-30T20:00:00Z")  // 10:00 on the 31st, UTC+14
    }

    @Test func createRequestInputRejectsUnknownZone() {
        let text =
            #"{"suggestion":{"title":"t","description":"d","goal_type":"x","rationale":"r","difficulty":1},"time_zone":"Mars/Olympus"}"#
        #expect(wellnessError { try decode(GoalFromSuggestionInput.self, text) }?.path == "time_zone")
    }

    @Test func targetTextTruncatesLikeTheSeed() {
        var suggestion = Self.suggestion()
        suggestion.targetValue = 7.9
        #expect(suggestion.targetText == "7 steps")
        suggestion.targetValue = -0.5
        #expect(suggestion.targetText == "0 steps")
        suggestion.targetUnit = nil
        #expect(suggestion.targetText == nil)
    }
}
