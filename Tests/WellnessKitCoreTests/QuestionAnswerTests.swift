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
        // A slip of two words that read the same ("sleep", "slept") is read as either.
        #expect(try Self.number("How many hours did I slep yesterday?") == 5)
    }

    @Test func minIsTheLowestUnitsNameTheMetricAndTheDayOfASessionIsThatDay() throws {
        // "min" was read as minutes, and the question as the average (57.7).
        #expect(try Self.number("What was my min resting HR?") == 55)
        #expect(try Self.number("How many runs longer than 28 min?") == 1)
        // "in kilometers" names the distance: not the longest run's 30 minutes.
        let longest = try #require(try Self.answer("How long was my longest run in kilometers?"))
        #expect(longest.number == 6 && longest.unit == "km")
        // The day's steps on the day of the last run (2 November), not the run's own 4,500.
        #expect(try Self.number("How many steps did I take on the day of my last run?") == 8000)
        // "On what day": the day, not the value.
        let day = try #require(try Self.answer("On what day was my HRV lowest?"))
        #expect(day.number == nil && day.result.value == .date(CalendarDate(year: 2025, month: 11, day: 2)!))
        #expect(try Self.answer("When was my longest run?") == nil)
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

    @Test func comparatorsAfterTheNumberIncludeIt() throws {
        #expect(try Self.number("How many days did I sleep 400 minutes or more?") == 2)
        #expect(try Self.number("How many runs of 6 km or longer?") == 1)
        #expect(try Self.number("How many days did I get 90 minutes or less of deep sleep?") == 2)
        #expect(try Self.number("How many days did I get less than or equal to 90 minutes of deep sleep?") == 2)
        // "not more than" includes the number: it was read as "less than" (1 day).
        #expect(try Self.number("How many days did I get not more than 90 minutes of deep sleep?") == 2)
        #expect(try Self.number("How many runs were within 25 minutes?") == 1)
    }

    @Test func betweenIsTwoConditionsBothIncluded() throws {
        #expect(try Self.number("How many days did I sleep between 6 and 7 hours?") == 2)
        #expect(try Self.number("How many days did I sleep between 300 and 400 minutes?") == 2)
        #expect(try Self.number("How many runs between 5.5 and 10 km?") == 1)
        // Two comparisons in a row: the second, with no metric of its own, compares the first's.
        #expect(try Self.number("How many days did I sleep more than 6 hours and less than 7 hours?") == 1)
        #expect(try Self.number("How many days with more than 5,000 steps and less than 8,500?") == 1)
        #expect(try Self.number("How many days with more than 5,000 steps and less than 7 hours of sleep?") == 1)
        #expect(try Self.answer("How many days did I sleep more than 6 hours and less than 7?") == nil)
        // The metric named after the second is both's.
        #expect(try Self.number("How many days did I get more than 6 hours and less than 7 hours of sleep?") == 1)
        #expect(try Self.number("How many days did I get over 60 and under 100 minutes of deep sleep?") == 1)
        // "and under 90" excludes 90, as "under 90" does (a postfix "and under" includes its number).
        #expect(try Self.number("How many days did I get over 60 and under 90 minutes of deep sleep?") == 0)
        #expect(try Self.number("How many days did I get 90 minutes and under of deep sleep?") == 2)
        // Either of two conditions is no query's: declined, never read as both.
        #expect(try Self.answer("How many days did I sleep more than 6 hours or under 5 hours?") == nil)
    }

    @Test func calendarWindows() throws {
        // The anchor, 3 November 2025, is a Monday.
        #expect(try Self.number("How many steps since Saturday?") == 20_500)
        #expect(try Self.number("How many steps in November?") == 20_500)
        #expect(try Self.answer("How many steps since Monday?") == nil)
        let october = try #require(try Self.answer("How many steps in October?"))
        #expect(october.number == nil && october.text.contains("1 and 31 October 2025"))
        // 1 and 2 November 2025 are a Saturday and a Sunday.
        #expect(try Self.number("How many steps did I take on weekends?") == 17_000)
    }

    @Test func statisticsTheEngineHas() throws {
        let spread = try #require(try Self.answer("What was the standard deviation of my deep sleep?"))
        #expect(spread.text.contains("35.1 minutes") && spread.result.query.reducer == .std)
        #expect(try Self.answer("deep sleep variability")?.result.query.reducer == .std)
        #expect(try Self.number("median deep sleep") == 90)
        #expect(try Self.number("How many distinct days did I run?") == 2)
        // "variability of my heart rate" is too close to HRV.
        #expect(try Self.answer("variability of my resting heart rate") == nil)
        #expect(try Self.number("What was the range of my steps?") == 5_500)
        #expect(try Self.number("How many unique activities did I do?") == 3)
    }

    @Test func aMetricTheTablesLackIsDeclined() throws {
        #expect(QuestionReader.read("What was my VO2 max?", anchor: Self.anchor) != nil)
        #expect(try Self.answer("What was my VO2 max?") == nil)
        #expect(try Self.answer("How many days was my sleep score over 80?") == nil)
        #expect(try Self.answer("What time did I run on 2 November?") == nil)
        // "%" is a unit, not a separator: this was read as the average REM sleep in minutes.
        #expect(try Self.answer("What was my average REM %?") == nil)
        #expect(try Self.answer("How many days was my deep sleep over 20%?") == nil)
    }

    /// A Fitbit-style daily summary (1–2 November 2025) and three other workouts.
    static func summaryTables() throws -> QueryTables {
        let document =
            #"{"daily":["#
            + #"{"date":"2025-11-01","sleep_minutes":420,"deep_sleep_minutes":84,"light_sleep_minutes":250,"#
            + #""awake_minutes":35,"time_in_bed_minutes":455,"deep_sleep_percent":20,"rem_sleep_percent":21,"#
            + #""sleep_score":82,"stress_score":70,"vo2_max":44,"spo2":96,"resting_heart_rate":55},"#
            + #"{"date":"2025-11-02","sleep_minutes":360,"deep_sleep_minutes":54,"light_sleep_minutes":210,"#
            + #""awake_minutes":55,"time_in_bed_minutes":415,"deep_sleep_percent":15,"rem_sleep_percent":25,"#
            + #""sleep_score":74,"stress_score":60,"vo2_max":45,"spo2":94,"resting_heart_rate":57}],"sessions":["#
            + #"{"start":"2025-11-01T07:00:00Z","end":"2025-11-01T07:30:00Z","activity":"Elliptical"},"#
            + #"{"start":"2025-11-01T18:00:00Z","end":"2025-11-01T18:20:00Z","activity":"Interval Workout"},"#
            + #"{"start":"2025-11-02T07:00:00Z","end":"2025-11-02T07:45:00Z","activity":"Aerobic Workout"}]}"#
        return try QueryTables(json: JSONParser.parse(document))
    }

    static func summary(_ question: String) throws -> QuestionAnswer? {
        try summaryTables().answer(question, anchor: anchor)
    }

    @Test func sleepStagesSharesAndScores() throws {
        #expect(try Self.summary("average light sleep")?.number == 230)
        #expect(try Self.summary("How many days was I awake more than 40 minutes?")?.number == 1)
        #expect(try Self.summary("average time in bed in hours")?.number == 7.3)
        #expect(try Self.summary("What was my average deep sleep percent?")?.number == 17.5)
        #expect(try Self.summary("highest percentage of REM")?.number == 25)
        // A number in percent next to a stage is the stage's share, not its minutes.
        let share = try #require(try Self.summary("How many days was my deep sleep over 18%?"))
        #expect(share.number == 1 && share.text.contains("more than 18%"))
        #expect(try Self.summary("How many days did I get at least 20 percent deep sleep?")?.number == 1)
        #expect(try Self.summary("lowest sleep score")?.number == 74)
        #expect(try Self.summary("average stress score")?.number == 65)
        #expect(try Self.summary("What was my VO2 max yesterday?")?.number == 45)
        #expect(try Self.summary("How many days was my SpO2 below 95%?")?.number == 1)
        #expect(try Self.summary("What was my total sleep score?") == nil)
        // A share of the days the daily table has: workouts on both of them.
        #expect(try Self.summary("What percentage of days did I work out?")?.number == 100)
    }

    @Test func workoutsByKind() throws {
        #expect(try Self.summary("How many elliptical sessions did I do?")?.number == 1)
        #expect(try Self.summary("How many interval workouts?")?.number == 1)
        #expect(try Self.summary("How many aerobic workouts did I do?")?.number == 1)
        #expect(try Self.summary("How many days did I do any workout?")?.number == 2)
        #expect(try Self.summary("How long was my last aerobic workout?")?.number == 45)
    }
}
