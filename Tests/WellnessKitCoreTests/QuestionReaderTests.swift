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
        "How many days did I run on days I ran more than 10,000 steps?", "What was my VO2 max?",
        String(repeating: "run ", count: 200),
    ])
    func questionsItCannotReadWholeAreDeclined(question: String) {
        #expect(Self.read(question) == nil)
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
