import Testing

@testable import WellnessKitCore

/// Wrong readings the phrasing list (e2e/python/phrasings/forms.py) found, each read as it must be now.
@Suite struct QuestionReaderListDefectTests {
    static let anchor = CalendarDate(year: 2025, month: 11, day: 20)!

    static func read(_ question: String) -> DataQuery? {
        QuestionReader.read(question, anchor: anchor)?.query
    }

    /// "min" was read as the unit minutes, so "min stress score" became the mean.
    @Test func minBeforeAMetricIsTheMinimum() throws {
        let stress = try #require(Self.read("This month, what was my min stress score?"))
        #expect(stress.reducer == .min && stress.metric == "stress_score")
        let sleep = try #require(Self.read("min sleep last week"))
        #expect(sleep.reducer == .min && sleep.metric == "sleep_minutes")
        let runs = try #require(Self.read("How many runs longer than 30 min?"))
        #expect(runs.reducer == .count)
        #expect(runs.conditions == [QueryCondition(metric: "duration", op: .greater, value: .number(30))])
    }

    /// "yoga on days I ran" was read as yoga sessions that are runs (always 0): another session of the same
    /// day is no condition on a session's own row, but a same-day join (`same_day_where`); whether a walk is
    /// one of "the workouts", and another workout after "when", are declined.
    @Test(arguments: ["How many walks on days I worked out?", "How many yoga sessions when I ran?"])
    func anotherSessionOfTheSameDayIsDeclined(question: String) {
        #expect(Self.read(question) == nil)
    }

    @Test(arguments: [
        "how many times did I do yoga on days I ran", "How far did I walk on days I went swimming?",
        "How many runs on days I ran more than 5 km?",
    ])
    func anotherSessionOfTheSameDayIsASameDayJoin(question: String) throws {
        let query = try #require(Self.read(question))
        #expect(query.table == .sessions && query.conditions.isEmpty && !query.sameDayConditions.isEmpty)
    }

    @Test func aDayConditionOnTheOtherTableIsStillRead() throws {
        let runs = try #require(Self.read("How many runs on days I slept under six hours?"))
        #expect(runs.dayConditions == [QueryCondition(metric: "sleep_minutes", op: .less, value: .number(360))])
        let hrv = try #require(Self.read("average HRV on days I ran"))
        #expect(hrv.table == .daily && hrv.dayConditions.count == 1)
    }

    /// "When did I last walk on days with below 10,000 steps?" was read as the last day with fewer steps:
    /// the walk was taken for how the day's steps were made, though the steps were the day's condition.
    @Test func aWalkAskedAboutOnDaysWithStepsIsAWalk() throws {
        let walk = try #require(Self.read("When did I last walk on days with below 10,000 steps?"))
        #expect(walk.table == .sessions && walk.activities == ["walk"] && walk.reducer == .lastDate)
        #expect(walk.dayConditions == [QueryCondition(metric: "steps", op: .less, value: .number(10_000))])
        let days = try #require(Self.read("How many days did I walk more than 10,000 steps?"))
        #expect(days.table == .daily && days.activities == nil && days.reducer == .countDays)
    }

    /// Forms the list found declined that have one reading.
    @Test func zoneMinutesOfSessionsAreTheSessionsOwn() throws {
        let walks = try #require(Self.read("How many active zone minutes did I get on my walks since October?"))
        #expect(walks.table == .sessions && walks.metric == "active_zone_minutes" && walks.reducer == .sum)
        #expect(walks.activities == ["walk"])
        #expect(Self.read("How much deep sleep on my runs?") == nil)
    }

    @Test func theShortestSessionIsTheLeastDuration() throws {
        let swim = try #require(Self.read("What was my shortest swim since Monday?"))
        #expect(swim.table == .sessions && swim.metric == "duration" && swim.reducer == .min)
        let sleep = try #require(Self.read("What was my shortest sleep this month?"))
        #expect(sleep.table == .daily && sleep.metric == "sleep_minutes" && sleep.reducer == .min)
        #expect(Self.read("What was my shortest this month?") == nil)
    }

    @Test func aWindowOfThePastDaysAfterACondition() throws {
        let rem = try #require(Self.read("how many days with REM at least 100 minutes in the past 3 months"))
        #expect(rem.window == .lastDays(90) && rem.reducer == .countDays)
        let atLeast100 = QueryCondition(metric: "rem_sleep_minutes", op: .greaterOrEqual, value: .number(100))
        #expect(rem.conditions == [atLeast100])
        #expect(Self.read("average HRV on days I ran my last 3 runs") == nil)
    }

    /// A standard deviation of one day's value was said as "I have no steps data on 2 November 2025".
    @Test func oneValueHasNoDeviationButIsData() throws {
        let document =
            #"{"daily":[{"date":"2025-11-01","steps":9000},{"date":"2025-11-02","steps":8000}],"sessions":[]}"#
        let tables = try QueryTables(json: JSONParser.parse(document))
        let day = CalendarDate(year: 2025, month: 11, day: 3)!
        let one = try #require(try tables.answer("standard deviation of my steps yesterday", anchor: day))
        #expect(one.number == nil && !one.text.contains("I have no"))
        let said = "I need two steps values or more for a standard deviation, and have fewer on 2 November 2025."
        #expect(one.text == said)
        let none = try #require(try tables.answer("standard deviation of my steps today", anchor: day))
        #expect(none.text.hasPrefix("You have no steps recorded"))
    }

    @Test func anyWindowAfterACondition() throws {
        let fortnight = try #require(Self.read("how many days with under 12,000 steps over the past two weeks"))
        #expect(fortnight.window == .lastDays(14))
        #expect(fortnight.conditions == [QueryCondition(metric: "steps", op: .less, value: .number(12_000))])
        let year = try #require(Self.read("How many hikes with elevation gain no less than 300 so far this year?"))
        let first = CalendarDate(year: 2025, month: 1, day: 1)!
        #expect(year.window == .between(first, CalendarDate(year: 2025, month: 12, day: 31)!))
        #expect(year.conditions.map(\.metric) == ["elevation_gain"] && year.activities == ["hike"])
        #expect(Self.read("how many days with under over 12,000 steps") == nil)
    }

    /// "on days I did yoga and ran" was read as days with a run: the yoga was dropped.
    @Test(arguments: [
        "What was my average HRV on days I did yoga and ran?", "average sleep on days I ran and swam",
        "How many steps on days I ran more than 5 km and swam?",
    ])
    func twoActivitiesOfADayConditionAreDeclined(question: String) {
        #expect(Self.read(question) == nil)
    }

    @Test func aGenericNounAfterTheConditionsActivityAddsNothing() throws {
        let sleep = try #require(Self.read("average sleep on days I did strength training sessions"))
        #expect(sleep.dayConditions == [QueryCondition(metric: "activity", op: .equal, value: .activity("weights"))])
    }

    /// "my last two walks today" over no walks today said "You have no walks recorded." though walks were.
    @Test func theLastFewOfAnEmptyWindowSayTheWindow() throws {
        let document =
            #"{"daily":[],"sessions":[{"start":"2025-11-01T07:00:00Z","end":"2025-11-01T07:40:00Z","#
            + #""activity":"Walk","steps":3000}]}"#
        let tables = try QueryTables(json: JSONParser.parse(document))
        let day = CalendarDate(year: 2025, month: 11, day: 3)!
        let walks = try #require(try tables.answer("How many steps on my last two walks today?", anchor: day))
        #expect(walks.result.rows == 0 && walks.result.query.take == .last(2))
        #expect(walks.text == "You have no walks recorded on 3 November 2025; your walks are on 1 November 2025.")
    }

    /// "my HRV on the last day I cycled" with no ride said "You have no HRV recorded." though HRV was.
    @Test func theDayOfASessionNeverDoneSaysSo() throws {
        let document = #"{"daily":[{"date":"2025-11-01","heart_rate_variability":50}],"sessions":[]}"#
        let tables = try QueryTables(json: JSONParser.parse(document))
        let day = CalendarDate(year: 2025, month: 11, day: 3)!
        let hrv = try #require(try tables.answer("What was my HRV on the last day I cycled?", anchor: day))
        #expect(hrv.result.rows == 0 && hrv.number == nil)
        #expect(hrv.text == "There is no day of your last ride to look at: I found none on or before 3 November 2025.")
    }

    @Test func theVerbOfAnActivitySaysItWasDone() throws {
        #expect(Self.read("How many days did I use the elliptical in the last 14 days?")?.activities == ["elliptical"])
        #expect(Self.read("How much time did I spend doing aerobics yesterday?")?.activities == ["aerobic"])
        #expect(Self.read("How many calories did I burn doing intervals this week?")?.activities == ["hiit"])
        #expect(Self.read("How many days did I use my phone?") == nil)
    }
}
