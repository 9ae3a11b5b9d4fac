import Testing
import WellnessTestSupport

@testable import WellnessKitCore

/// Questions answered over three days and four sessions: each answer's
/// number is the right one, or the question is declined; never a number
/// from a partial reading.
@Suite struct QuestionAnswerTests {
    static let anchor = CalendarDate(year: 2025, month: 11, day: 3)!

    /// 1–3 November 2025: deep sleep 130, 90, 60 minutes; REM 100, 260, 240;
    /// sleep 420, 300, 400; steps 9,000, 8,000, 3,500; HRV 50, 40, 45; resting heart rate 55, 58, 60.
    /// Sessions: Run 5 km 30 min 4,000 steps (1st), Run 6 km 25 min 4,500 steps (2nd),
    /// Yoga 200 steps then Walk 3,000 steps (3rd).
    static func tables() throws -> QueryTables {
        let document =
            #"{"units":{"distance":"km"},"daily":["#
            + #"{"date":"2025-11-01","steps":9000,"sleep_minutes":420,"deep_sleep_minutes":130,"#
            + #""rem_sleep_minutes":100,"heart_rate_variability":50,"resting_heart_rate":55},"#
            + #"{"date":"2025-11-02","steps":8000,"sleep_minutes":300,"deep_sleep_minutes":90,"#
            + #""rem_sleep_minutes":260,"heart_rate_variability":40,"resting_heart_rate":58},"#
            + #"{"date":"2025-11-03","steps":3500,"sleep_minutes":400,"deep_sleep_minutes":60,"#
            + #""rem_sleep_minutes":240,"heart_rate_variability":45,"resting_heart_rate":60}],"sessions":["#
            + #"{"start":"2025-11-01T07:00:00Z","end":"2025-11-01T07:30:00Z","activity":"Run","distance":5,"#
            + #""steps":4000},"#
            + #"{"start":"2025-11-02T07:00:00Z","end":"2025-11-02T07:25:00Z","activity":"Run","distance":6,"#
            + #""steps":4500},"#
            + #"{"start":"2025-11-03T07:00:00Z","end":"2025-11-03T07:30:00Z","activity":"Yoga","steps":200},"#
            + #"{"start":"2025-11-03T12:00:00Z","end":"2025-11-03T12:40:00Z","activity":"Walk","steps":3000}]}"#
        return try QueryTables(json: JSONParser.parse(document))
    }

    static func answer(_ question: String) throws -> QuestionAnswer? {
        try tables().answer(question, anchor: anchor)
    }

    static func number(_ question: String) throws -> Double? {
        try answer(question)?.number
    }

    @Test func hoursInAConditionOnASleepStageAreConverted() throws {
        #expect(try Self.number("How many days did I have more than 2 hours of deep sleep?") == 1)
        #expect(try Self.number("How many days did I get less than 90 minutes of deep sleep?") == 1)
    }

    @Test func aNamedMetricWinsOverTheSuperlativesOwn() throws {
        let answer = try #require(try Self.answer("What was the distance of my longest run?"))
        #expect(answer.number == 6 && answer.unit == "km")
        // The heart rate of the longest run is one row's value, which no query reads: declined.
        #expect(try Self.answer("What was the heart rate of my longest run?") == nil)
    }

    @Test(arguments: [
        "What was my lightest sleep?", "How many days did I sleep lightly?", "What was my speed in the rain?",
    ])
    func aCorrectionNeverTurnsOneRealWordIntoAnother(question: String) throws {
        #expect(try Self.answer(question) == nil)
    }

    @Test func slipsAreStillCorrected() throws {
        #expect(try Self.number("How many stpes did I take yesterday?") == 8000)
        #expect(try Self.number("avrage deep sleep yesterday") == 90)
    }

    @Test func theActivityNextToStepsIsKept() throws {
        #expect(try Self.number("How many steps during my first two walks today?") == 3000)
        #expect(try Self.number("How many steps on my runs?") == 8500)
        #expect(try Self.number("How many steps did I walk today?") == 3500)
    }

    @Test func quantitiesInWordsAreRead() throws {
        #expect(try Self.number("How many days did I sleep for less than an hour?") == 0)
        #expect(try Self.number("How many days did I get more than an hour and a half of deep sleep?") == 1)
        #expect(try Self.number("How many days did I get less than half an hour of deep sleep?") == 0)
    }

    @Test(arguments: [
        "How many days did I sleep for less than a bit?", "How many days did I sleep less than usual?",
        "How many days did I run more than usual?",
    ])
    func aComparisonWithoutItsNumberIsDeclined(question: String) throws {
        #expect(try Self.answer(question) == nil)
    }

    @Test func aConditionWithAnActivityIsOnTheSessionsOwnMetric() throws {
        #expect(try Self.number("How many days did I run with more than 4,200 steps?") == 1)
        #expect(try Self.number("How many runs over 4,200 steps?") == 1)
        #expect(try Self.number("How many runs on days with more than 8,500 steps?") == 1)
    }

    @Test func theMetricAfterTheNumberIsTheConditionsMetric() throws {
        #expect(try Self.number("How many days did I sleep less than 252 minutes in REM sleep?") == 2)
        #expect(try Self.number("How many days did I sleep more than 6 hours?") == 2)
    }

    @Test func aTimeRightAfterAnActivityIsTheSessionsDuration() throws {
        #expect(try Self.number("How many days did I run more than 25 minutes?") == 1)
        #expect(try Self.number("How many runs were longer than 28 minutes?") == 1)
        #expect(try Self.number("What was my average deep sleep on days I ran more than 25 minutes?") == 130)
    }

    @Test func theDayOfTheLastRun() throws {
        let answer = try #require(try Self.answer("What was my HRV on the most recent day I ran?"))
        #expect(answer.number == 40)
        #expect(answer.text.contains("2 November 2025"))
    }

    @Test func aSessionMetricIsNotMisreadAsACount() throws {
        let answer = try Self.answer("What was my speed on my last run?")
        #expect(answer?.unit != "days" && answer?.result.query.metric == "speed")
    }

    @Test func noNumberSaysWhatExcludedTheRows() throws {
        let none = try #require(try Self.answer("How many days did I run on days I slept less than 5 hours?"))
        #expect(none.number == 0)
        #expect(!none.text.contains("You didn't run"))
        #expect(none.text.contains("2 runs") && none.text.contains("less than 5 hours"))
        let empty = try #require(try Self.answer("What was my average deep sleep last month?"))
        #expect(empty.number == nil)
        #expect(!empty.text.contains("I have no"))
        #expect(empty.text.contains("1 and 31 October 2025") && empty.text.contains("1 and 3 November 2025"))
    }

    @Test func heartRateAloneIsResolvedByTheDocumentedRule() throws {
        // No workout named and the daily table holds resting heart rate: ambiguous, declined.
        #expect(try Self.answer("What was my average heart rate yesterday?") == nil)
        let runs = try #require(try Self.answer("What was my average heart rate when I ran?"))
        #expect(runs.result.query.table == .sessions && runs.text.contains("average heart rate data for your runs"))
        let resting = try #require(try Self.answer("What was my resting heart rate yesterday?"))
        #expect(resting.text.contains("resting heart rate") && resting.number == 58)
    }

    @Test func aTotalOfNothingRecordedIsNotZero() throws {
        let calories = try #require(try Self.answer("How many calories did I burn on my runs?"))
        #expect(calories.number == nil && calories.text.contains("no calories recorded"))
        // A day's calories burned, or its workouts'? Declined when no workout is named.
        #expect(try Self.answer("How many calories did I burn yesterday?") == nil)
    }

    @Test func aRateLikeMetricDefaultsToTheMean() throws {
        let deep = try #require(try Self.answer("my deep sleep in the last 7 days"))
        #expect(deep.result.query.reducer == .mean && deep.text.contains("average"))
        let hrv = try #require(try Self.answer("How much HRV did I have in the last 7 days?"))
        #expect(hrv.result.query.reducer == .mean && hrv.number == 45)
        #expect(try Self.answer("What was my total HRV this week?") == nil)
    }

    @Test func everyAnswerNamesItsConditionsActivityAndWindow() throws {
        let sleep = try #require(
            try Self.answer("What was my average deep sleep on days I walked more than 5,000 steps?"))
        #expect(sleep.number == 110)
        #expect(sleep.text.contains("2 days") && sleep.text.contains("more than 5,000 steps"))
        let runs = try #require(try Self.answer("How many runs over 5.5 km?"))
        #expect(runs.number == 1 && runs.text.contains("more than 5.5 km"))
        let last = try #require(try Self.answer("When did I last run more than 5 km?"))
        #expect(last.text == "Your last run with distance more than 5 km was on 2 November 2025.")
    }
}
