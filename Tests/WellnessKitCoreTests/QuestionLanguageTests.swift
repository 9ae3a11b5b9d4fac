import Testing
import WellnessTestSupport

@testable import WellnessKitCore

/// Weekday conditions, exact activity names, range and distinct activities,
/// bed and wake times, the day of a longest session, same-day joins of
/// sessions, and the reason a declined question gives: each read and
/// answered over three days and seven sessions, or declined.
@Suite struct QuestionLanguageTests {
    /// A Monday.
    static let anchor = CalendarDate(year: 2025, month: 11, day: 3)!

    /// 1 (Saturday), 2 (Sunday), 3 (Monday) November 2025: steps 9,000, 8,000, 3,500; sleep 420, 300, 400;
    /// bed time 23:30, 00:30, 23:00 (-30, 30, -60 minutes from midnight); wake time 07:00, 06:30, 07:30.
    /// Sessions: Run 5 km 30 min and Walk 2 km on the 1st, Treadmill 6 km 40 min and Yoga on the 2nd,
    /// Run 4 km 25 min, Walk 3 km and Spinning on the 3rd.
    static func tables() throws -> QueryTables {
        func session(_ day: Int, _ hour: Int, _ minutes: Int, _ activity: String, _ distance: Double?) -> String {
            let start = "2025-11-0\(day)T\(hour):00:00Z"
            let end = "2025-11-0\(day)T\(hour):\(minutes):00Z"
            let km = distance.map { #","distance":\#($0)"# } ?? ""
            return #"{"start":"\#(start)","end":"\#(end)","activity":"\#(activity)"\#(km)}"#
        }
        let sessions = [
            session(1, 10, 30, "Run", 5), session(1, 12, 20, "Walk", 2), session(2, 10, 40, "Treadmill", 6),
            session(2, 18, 30, "Yoga", nil), session(3, 10, 25, "Run", 4), session(3, 17, 35, "Walk", 3),
            session(3, 19, 45, "Spinning", nil),
        ]
        let document =
            #"{"units":{"distance":"km"},"daily":["#
            + #"{"date":"2025-11-01","steps":9000,"sleep_minutes":420,"bed_time":-30,"wake_time":420},"#
            + #"{"date":"2025-11-02","steps":8000,"sleep_minutes":300,"bed_time":30,"wake_time":390},"#
            + #"{"date":"2025-11-03","steps":3500,"sleep_minutes":400,"bed_time":-60,"wake_time":450}],"#
            + #""sessions":[\#(sessions.joined(separator: ","))]}"#
        return try QueryTables(json: JSONParser.parse(document))
    }

    static func answer(_ question: String) throws -> QuestionAnswer? {
        try tables().answer(question, anchor: anchor)
    }

    static func number(_ question: String) throws -> Double? {
        try answer(question)?.number
    }

    static func reason(_ question: String) throws -> String? {
        guard case .declined(let reason) = try tables().ask(question, anchor: anchor) else { return nil }
        return reason
    }

    static func value(_ query: String) throws -> QueryResult.Value {
        try tables().evaluate(json: JSONParser.parse(query)).value
    }

    // MARK: Weekdays

    @Test func weekdayConditionsKeepRowsOnThoseDays() throws {
        #expect(try Self.number("How many steps on weekends?") == 17_000)
        #expect(try Self.number("how many steps did I take on Saturdays and Sundays") == 17_000)
        #expect(try Self.number("How many steps on weekdays?") == 3_500)
        #expect(try Self.number("How many steps on Mondays?") == 3_500)
        // The treadmill run is a run: runs on the Saturday and the Sunday.
        #expect(try Self.number("How many days did I run on weekends?") == 2)
        let weekend = try #require(try Self.answer("What was my average sleep on weekends?"))
        #expect(weekend.result.query.weekdays == [.saturday, .sunday])
        #expect(weekend.text.contains("on weekends between 1 and 2 November 2025"))
        // Weekends are counted by no reducer: not the runs on weekends.
        #expect(try Self.answer("How many weekends did I run?") == nil)
        // "on Monday" is one day, the last Monday; on a Monday (the anchor) today or a week ago? A day named
        // twice is no reading.
        #expect(try Self.answer("How many steps on Monday?") == nil)
        #expect(try Self.answer("How many steps on weekends and on Saturdays?") == nil)
    }

    @Test func theWeekdaysFilterOfTheQueryDocument() throws {
        #expect(
            try Self.value(#"{"table":"sessions","reduce":"count","weekdays":["monday"]}"#) == .number(3))
        let repeated = wellnessError {
            try decode(DataQuery.self, #"{"table":"daily","reduce":"count","weekdays":["monday","monday"]}"#)
        }
        #expect(repeated?.path == "weekdays")
        let unknown = wellnessError {
            try decode(DataQuery.self, #"{"table":"daily","reduce":"count","weekdays":["mon"]}"#)
        }
        #expect(unknown?.path == "weekdays[0]")
    }

    // MARK: Exact activity names

    @Test func aKindOfWorkoutTheDataHoldsByNameIsMatchedExactly() throws {
        let treadmill = try #require(try Self.answer("How many treadmill runs did I do?"))
        #expect(treadmill.number == 1)
        #expect(treadmill.result.query.activityMatch == .exact && treadmill.result.query.activities == ["Treadmill"])
        #expect(try Self.number("How many times did I run on the treadmill?") == 1)
        #expect(try Self.number("How many runs did I do?") == 3)
        #expect(try Self.number("How many spinning classes did I do?") == 1)
        // "Treadmill Walk" beside "Treadmill Run": which is "treadmill"?
        let both = try QueryTables(
            json: JSONParser.parse(
                #"{"sessions":[{"start":"2025-11-01T10:00:00Z","end":"2025-11-01T10:30:00Z","activity":"Treadmill Run"},"#
                    + #"{"start":"2025-11-02T10:00:00Z","end":"2025-11-02T10:30:00Z","activity":"Treadmill Walk"}]}"#))
        #expect(try both.answer("How many treadmill runs did I do?", anchor: Self.anchor) == nil)
        // "Treadmill Walk" is a run by "treadmill" and a walk by "walk": counted as neither.
        let walk = try QueryTables(
            json: JSONParser.parse(
                #"{"sessions":[{"start":"2025-11-01T10:00:00Z","end":"2025-11-01T10:30:00Z","activity":"Run"},"#
                    + #"{"start":"2025-11-02T10:00:00Z","end":"2025-11-02T10:30:00Z","activity":"Treadmill Walk"}]}"#))
        #expect(try walk.answer("How many runs did I do?", anchor: Self.anchor) == nil)
        guard case .declined(let reason) = try walk.ask("How many walks did I do?", anchor: Self.anchor) else {
            Issue.record("a walk that is also a run was counted")
            return
        }
        #expect(reason.contains("'Treadmill Walk' reads as both walk and run"))
        // No "Outdoor Bike" is recorded: "outdoor bike" with synonyms would find every ride.
        #expect(try Self.answer("How far did I ride my outdoor bike?") == nil)
        #expect(try Self.reason("How far did I ride my outdoor bike?")?.contains("'outdoor bike'") == true)
    }

    @Test func activityMatchOfTheQueryDocument() throws {
        #expect(try Self.value(#"{"table":"sessions","activity":"run","reduce":"count"}"#) == .number(3))
        #expect(
            try Self.value(#"{"table":"sessions","activity":"run","activity_match":"exact","reduce":"count"}"#)
                == .number(2))
        #expect(
            try Self.value(
                #"{"table":"daily","metric":"steps","reduce":"sum","activity_match":"exact","#
                    + #""on_days_where":[{"metric":"activity","op":"==","value":"treadmill"}]}"#) == .number(8_000))
    }

    // MARK: Range, distinct activities, how often

    @Test func rangeAndDistinctActivities() throws {
        #expect(try Self.number("What was the range of my steps?") == 5_500)
        #expect(try Self.number("What's the spread between my highest and lowest steps?") == 5_500)
        #expect(try Self.number("difference between my highest and lowest sleep in minutes") == 120)
        let kinds = try #require(try Self.answer("How many different workouts did I do?"))
        #expect(kinds.number == 5 && kinds.unit == "activities")
        // The week of Monday 3 November: Run, Walk, Spinning.
        #expect(try Self.number("how many unique activities this week") == 3)
        #expect(try Self.number("How often did I sleep less than 7 hours?") == 2)
        #expect(try Self.value(#"{"table":"daily","metric":"sleep_minutes","reduce":"range"}"#) == .number(120))
        let huge = try QueryTables(
            json: JSONParser.parse(#"{"daily":[{"date":"2025-11-01","x":1e308},{"date":"2025-11-02","x":-1e308}]}"#))
        let overflow = wellnessError {
            try huge.evaluate(json: JSONParser.parse(#"{"table":"daily","metric":"x","reduce":"range"}"#))
        }
        #expect(overflow?.path == "metric")
    }

    // MARK: Bed time and wake time

    @Test func bedTimesAcrossMidnightAverageRight() throws {
        // 23:30 and 00:30 are -30 and 30 minutes from midnight: their mean is midnight, not noon.
        let weekend = try #require(try Self.answer("What was my average bed time on weekends?"))
        #expect(weekend.number == 0 && weekend.text.contains("00:00"))
        let average = try #require(try Self.answer("What time did I go to bed on average?"))
        #expect(average.number == -20 && average.text.contains("23:40"))
        #expect(try Self.answer("What was my latest bedtime?")?.text.contains("latest bed time was 00:30") == true)
        #expect(try Self.answer("What was my earliest wake time?")?.text.contains("06:30") == true)
        // A clock time in a condition, a total of times, a time of a run: declined.
        #expect(try Self.answer("How many days did I go to bed after 11 pm?") == nil)
        #expect(try Self.answer("How many days did I go to bed over 30?") == nil)
        #expect(try Self.answer("What was my total bed time?") == nil)
        // Awakenings, not days with a wake time.
        #expect(try Self.answer("How many times did I wake up this week?") == nil)
        #expect(try Self.answer("What time did I run yesterday?") == nil)
    }

    // MARK: The day of a longest session, same-day joins

    @Test func theDayOfTheLongestRun() throws {
        // The longest and farthest run is the treadmill run on the 2nd.
        let steps = try #require(try Self.answer("How many steps did I take on the day of my longest run by time?"))
        #expect(steps.number == 8_000 && steps.text.contains("the day of your longest run by time"))
        // "Longest" alone: by time, or by distance? Declined, saying so.
        #expect(try Self.answer("How many steps did I take on the day of my longest run?") == nil)
        #expect(
            try Self.reason("How many steps did I take the day of my longest hike?")?.contains("by distance") == true)
        #expect(try Self.number("How many steps did I take on the day of my longest run by distance?") == 8_000)
        #expect(try Self.number("How much did I sleep on the day of my farthest run?") == 5)
        // That run's distance, or every workout's that day? Declined.
        #expect(try Self.answer("What was the distance on the day of my longest run?") == nil)
        // No swim, so no day: not "you have no steps recorded".
        let none = try #require(try Self.answer("How many steps did I take on the day of my longest swim by time?"))
        #expect(none.number == nil && none.text.hasPrefix("There is no day of your longest swim by time"))
        #expect(
            try Self.value(
                #"{"table":"daily","metric":"steps","reduce":"sum","#
                    + #""window":{"day_of_min":{"table":"sessions","metric":"duration","activity":"run"}}}"#)
                == .number(3_500))
        let unknown = wellnessError {
            try Self.value(
                #"{"table":"daily","reduce":"count","window":{"day_of_max":{"table":"sessions","metric":"pace","#
                    + #""activity":null}}}"#)
        }
        #expect(unknown?.path == "window.day_of_max.metric")
    }

    @Test func sessionsOnDaysWithAnotherSession() throws {
        let walks = try #require(try Self.answer("How many walks did I take on days I also ran?"))
        #expect(walks.number == 2)
        #expect(walks.result.query.sameDayConditions.map(\.value) == [.activity("run")])
        #expect(try Self.number("How many runs on days I did yoga?") == 1)
        #expect(try Self.number("How far did I walk on days I ran?") == 5)
        // A distance "on days with" is one workout's or the day's total: declined unless a workout is named.
        #expect(try Self.answer("How many runs on days with more than 5 km?") == nil)
        #expect(try Self.number("How many walks on days I ran more than 5 km?") == 0)
        #expect(try Self.number("How many walks on days I ran more than 4.5 km and less than 5.5 km?") == 1)
        // Is the walk itself one of the workouts of "days I worked out"? Not said: declined.
        #expect(try Self.answer("How many walks on days I worked out?") == nil)
        // Two activities in one condition: one session is not both, and neither may be dropped.
        #expect(try Self.answer("How much did I sleep on days I ran and did yoga?") == nil)
        #expect(try Self.answer("How many walks on days I did yoga and ran?") == nil)
        // Run days do not say whose heart rate: the day's, or every workout's that day?
        #expect(try Self.answer("What was my heart rate on days I ran?") == nil)
        #expect(
            try Self.value(
                #"{"table":"sessions","activity":"walk","reduce":"count","#
                    + #""same_day_where":[{"metric":"distance","op":">","value":4.5}]}"#) == .number(1))
    }

    // MARK: Why a question was declined

    @Test func aDeclinedQuestionSaysWhy() throws {
        #expect(try Self.reason("How many runs did I do fortnightly?") == "I could not read 'fortnightly'.")
        #expect(try Self.reason("What was my average heart rate yesterday?")?.contains("'heart rate' alone") == true)
        #expect(try Self.reason("What was my VO2 max?") == #"Your data has no VO2 max (column "vo2_max")."#)
        #expect(try Self.reason("How many steps did I take?") == nil)
        #expect(try Self.reason("average total steps")?.contains("two different statistics") == true)
        #expect(try Self.reason("steps today yesterday")?.contains("two windows") == true)
        #expect(try Self.reason("How many steps on Monday?")?.contains("a weekday alone") == true)
        #expect(try Self.reason("How many days did I sleep more than 6?")?.contains("a unit that fits") == true)
        #expect(try Self.reason("How many steps since Monday?")?.contains("a week ago") == true)
        let json = try JSONWriter.string(try Self.tables().ask("hello there", anchor: Self.anchor).json)
        #expect(json.contains(#""understood":false"#) && json.contains(#""reason":"I could not read 'hello'.""#))
    }
}
