import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct QuestionReaderTests {
    static let anchor = CalendarDate(year: 2025, month: 11, day: 20)!

    static func read(_ question: String) -> DataQuery? {
        QuestionReader.read(question, anchor: anchor)?.query
    }

    @Test func aCountOfDaysWithAnActivityAndAWindow() throws {
        let query = try #require(Self.read("How many days did I run in the last two weeks?"))
        #expect(query.table == .sessions && query.reducer == .countDays)
        #expect(query.activities == ["run"] && query.window == .lastDays(14) && query.anchor == Self.anchor)
    }

    @Test func conditionsGoToTheirTable() throws {
        let sleep = try #require(Self.read("What was my average deep sleep on days I walked more than 10,000 steps?"))
        #expect(sleep.table == .daily && sleep.metric == "deep_sleep_minutes" && sleep.reducer == .mean)
        #expect(sleep.conditions == [QueryCondition(metric: "steps", op: .greater, value: .number(10_000))])
        let runs = try #require(Self.read("How many runs on days I slept under six hours?"))
        #expect(runs.table == .sessions && runs.reducer == .count)
        #expect(runs.dayConditions == [QueryCondition(metric: "sleep_minutes", op: .less, value: .number(360))])
    }

    @Test func theLastFewSessions() throws {
        let query = try #require(Self.read("What was my heart rate on my last three swims?"))
        #expect(query.take == .last(3) && query.metric == "average_heart_rate" && query.activities == ["swim"])
    }

    @Test func slipsOfSpellingAndCaseAreRead() {
        #expect(Self.read("AVRAGE SLEEP LAST WEEK")?.metric == "sleep_minutes")
        #expect(Self.read("how many stpes yesterday")?.window == .yesterday)
    }

    @Test(arguments: [
        "Am I getting fitter?", "How many runs will I do next week?", "run run run", "", "?",
        "How many days did I run on days I ran more than 10,000 steps?",
        "How many treadmill runs?", "What time did I run yesterday?", "range of my steps on a Monday",
        // A month's name alone may be a person's, or a verb.
        "How many steps did June take?", "How many steps may I have taken?",
        String(repeating: "run ", count: 200),
    ])
    func questionsItCannotReadWholeAreDeclined(question: String) {
        #expect(Self.read(question) == nil)
    }

    @Test func aMonthIsOfTheAnchorsYearOrTheLastOne() {
        let october = QueryWindow.between(
            CalendarDate(year: 2025, month: 10, day: 1)!, CalendarDate(year: 2025, month: 10, day: 31)!)
        #expect(Self.read("How many steps in October?")?.window == october)
        let december = QueryWindow.between(
            CalendarDate(year: 2024, month: 12, day: 1)!, CalendarDate(year: 2024, month: 12, day: 31)!)
        #expect(Self.read("how many runs in december")?.window == december)
        let march = QueryWindow.between(
            CalendarDate(year: 2024, month: 3, day: 1)!, CalendarDate(year: 2024, month: 3, day: 31)!)
        #expect(Self.read("average sleep in March 2024")?.window == march)
        let sinceOctober = QueryWindow.between(CalendarDate(year: 2025, month: 10, day: 1)!, Self.anchor)
        #expect(Self.read("average sleep since October")?.window == sinceOctober)
        #expect(Self.read("How many steps did I take in the past 3 months?")?.window == .lastDays(90))
        #expect(Self.read("How many steps in last October?") == nil)
    }

    @Test func sinceAWeekdayStartsOnItsLastOccurrence() {
        // The anchor, 20 November 2025, is a Thursday.
        let monday = CalendarDate(year: 2025, month: 11, day: 17)!
        #expect(Self.read("How many steps since Monday?")?.window == .between(monday, Self.anchor))
        let friday = CalendarDate(year: 2025, month: 11, day: 14)!
        #expect(Self.read("how many runs since friday")?.window == .between(friday, Self.anchor))
        // "since Thursday" on a Thursday: today, or a week ago? Declined.
        #expect(Self.read("How many steps since Thursday?") == nil)
    }

    @Test func comparisonsAroundTheNumber() throws {
        let after = try #require(Self.read("How many days did I walk 10,000 steps or more?"))
        #expect(after.conditions == [QueryCondition(metric: "steps", op: .greaterOrEqual, value: .number(10_000))])
        let between = try #require(Self.read("How many days did I sleep between 6 and 8 hours?"))
        #expect(
            between.conditions == [
                QueryCondition(metric: "sleep_minutes", op: .greaterOrEqual, value: .number(360)),
                QueryCondition(metric: "sleep_minutes", op: .lessOrEqual, value: .number(480)),
            ])
        let notMore = try #require(Self.read("How many days did I sleep not more than 6 hours?"))
        #expect(notMore.conditions.first?.op == .lessOrEqual)
        #expect(Self.read("How many days did I sleep between 8 and 6 hours?") == nil)
        #expect(Self.read("How many days did I sleep between 6 and 8?") == nil)
        #expect(Self.read("How many days did I sleep or more?") == nil)
    }

    @Test func theAnswerSaysTheNumberAndItsDays() throws {
        let tables = try QueryTables(
            json: JSONParser.parse(
                #"{"sessions":[{"start":"2025-11-03T07:00:00Z","end":"2025-11-03T07:30:00Z","activity":"Run"},"#
                    + #"{"start":"2025-11-16T07:00:00Z","end":"2025-11-16T07:45:00Z","activity":"Trail run"}]}"#))
        let answer = try #require(try tables.answer("how many days did I run this month?", anchor: Self.anchor))
        #expect(answer.text == "You ran on 2 days between 1 and 30 November 2025.")
        #expect(answer.number == 2 && answer.unit == "days")
        let longest = try #require(try tables.answer("What was my longest run?", anchor: Self.anchor))
        #expect(longest.text == "Your longest run was 45 minutes between 3 and 16 November 2025.")
        #expect(try tables.answer("Why did I sleep badly?", anchor: Self.anchor) == nil)
    }
}
