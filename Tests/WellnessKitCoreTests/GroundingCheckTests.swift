import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct GroundingCheckTests {
    static let facts = [
        GroundingFact(name: "sleep_hours_this_week", value: .number(7.23), unit: "h"),
        GroundingFact(name: "sleep_hours_last_week", value: .number(6.71), unit: "h"),
        GroundingFact(name: "steps_average", value: .number(9_996)),
        GroundingFact(name: "biological_age_change", value: .number(-0.32), unit: "years"),
        GroundingFact(name: "goal_progress", value: .number(0.85)),
        GroundingFact(name: "run_days", value: .number(4)),
        GroundingFact(name: "first_run", value: .date(CalendarDate(year: 2025, month: 11, day: 3)!)),
        GroundingFact(name: "last_run", value: .date(CalendarDate(year: 2025, month: 11, day: 16)!)),
    ]

    static func check(_ text: String) -> GroundingCheck {
        GroundingCheck(text: text, facts: facts)
    }

    @Test func numbersMatchFactsAsRoundedInTheText() {
        let check = Self.check("You slept 7.2 hours a night, about 7 on average, and walked 10,000 steps a day.")
        #expect(check.isGrounded, "\(check.results)")
        #expect(check.results.map(\.mention.text) == ["7.2", "7", "10,000"])
        #expect(
            check.results.map { $0.match?.facts } == [
                ["sleep_hours_this_week"], ["sleep_hours_this_week"], ["steps_average"],
            ])
    }

    @Test func derivationsOfTwoFacts() {
        let check = Self.check("That is 0.5 hours more than last week, up 8%. You are 85% of the way there.")
        #expect(check.isGrounded, "\(check.results.map { ($0.mention.text, $0.match?.kind) })")
        #expect(check.results.map { $0.match?.kind } == [.difference, .percentChange, .fraction])
    }

    @Test func inventedNumbersAreNotGrounded() {
        let check = Self.check("You slept 7.5 hours and walked 12,000 steps; 3 runs.")
        #expect(!check.isGrounded)
        #expect(check.results.filter { $0.match == nil }.map(\.mention.text) == ["7.5", "12,000", "3"])
    }

    @Test func signsAndMagnitudes() {
        #expect(Self.check("Your biological age fell 0.3 years.").isGrounded)
        #expect(Self.check("A change of -0.3 years.").isGrounded)
        #expect(!Self.check("A change of +0.3 years.").isGrounded)
    }

    @Test func datesAndDaysOfTheMonth() {
        #expect(Self.check("You ran on 4 days between 3 and 16 November.").isGrounded)
        #expect(Self.check("You ran on 4 days, 3-16 Nov.").isGrounded)
        #expect(Self.check("You ran on 4 days between November 3 and November 16, 2025.").isGrounded)
        #expect(Self.check("You ran on 4 days between 3 November and 16 November.").isGrounded)
        #expect(Self.check("First run: 2025-11-03.").isGrounded)
        #expect(!Self.check("First run: 2025-11-04.").isGrounded)
        #expect(!Self.check("You ran on 5 November.").isGrounded)
    }

    @Test func offsetsCountUnicodeScalars() {
        let check = Self.check("Schlaf ≈ 7.2 h")
        #expect(check.results.first?.mention.start == 9 && check.results.first?.mention.end == 12)
    }

    @Test func coarseRoundingIsBounded() {
        #expect(GroundingCheck.writes(NumberMention.find(in: "10,000")[0], 9_600))
        #expect(!GroundingCheck.writes(NumberMention.find(in: "10,000")[0], 9_400))
        #expect(!GroundingCheck.writes(NumberMention.find(in: "100")[0], 60))
    }

    @Test func documentsAreValidated() throws {
        let error = wellnessError {
            try GroundingCheck(json: JSONParser.parse(Array(#"{"text":"a","facts":[{"name":"x"}]}"#.utf8)))
        }
        #expect(error?.path == "facts[0]")
        let repeated = wellnessError {
            try GroundingCheck(
                json: JSONParser.parse(
                    Array(#"{"text":"a","facts":[{"name":"x","value":1},{"name":"x","value":2}]}"#.utf8)))
        }
        #expect(repeated?.path == "facts[1].name")
        let typo = wellnessError { try GroundingCheck(json: JSONParser.parse(Array(#"{"text":"a","fact":[]}"#.utf8))) }
        #expect(typo?.message.contains("facts") == true)
        let huge = try GroundingCheck(
            json: JSONParser.parse(
                Array(("{\"text\":\"" + String(repeating: "9", count: 400) + "\",\"facts\":[]}").utf8)))
        #expect(try JSONWriter.string(huge.json).contains(#""value":null"#))
    }
}
