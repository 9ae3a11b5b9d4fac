import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct QueryTablesTests {
    /// November 2025 in New York: steps every day, sleep on most; runs, rides and swims.
    static let document: String = {
        let daily = (1...30).map { day -> String in
            let sleep = day % 4 == 0 ? "null" : String(300 + day * 5)
            return
                #"{"date":"2025-11-\#(day < 10 ? "0" : "")\#(day)","steps":\#(6_000 + day * 300),"sleep_minutes":\#(sleep)}"#
        }
        let sessions = (1...30).map { day -> String in
            let activity = ["Outdoor Run", "Outdoor Cycling", "Pool Swim"][day % 3]
            let date = "2025-11-\(day < 10 ? "0" : "")\(day)"
            // 02:30Z is the evening before in New York.
            return
                #"{"start":"\#(date)T02:30:00Z","end":"\#(date)T03:15:00Z","activity":"\#(activity)","distance":\#(day)}"#
        }
        return #"{"time_zone":"America/New_York","units":{"steps":"steps","sleep_minutes":"min","distance":"km"},"#
            + #""daily":[\#(daily.joined(separator: ","))],"sessions":[\#(sessions.joined(separator: ","))]}"#
    }()

    static func run(_ query: String) throws -> QueryResult {
        try QueryTables(json: JSONParser.parse(document)).evaluate(json: JSONParser.parse(query))
    }

    static func value(_ query: String) throws -> QueryResult.Value {
        try run(query).value
    }

    @Test func sessionsFallOnTheLocalDayOfTheirStart() throws {
        let first = try Self.run(#"{"table":"sessions","reduce":"first_date"}"#)
        #expect(first.value == .date(CalendarDate(year: 2025, month: 10, day: 31)!))
        let runs = try Self.run(
            #"{"table":"sessions","activity":"run","reduce":"count_days","window":{"last_days":14},"anchor":"2025-11-20"}"#
        )
        // Runs start on the 3rd, 6th … (UTC), the 2nd, 5th … in New York: 8, 11, 14, 17 and 20 Nov.
        #expect(runs.value == .number(5))
        #expect(runs.unit == "days")
        #expect(runs.fromDate == CalendarDate(year: 2025, month: 11, day: 7))
        #expect(runs.toDate == CalendarDate(year: 2025, month: 11, day: 20))
    }

    @Test func calendarWindowsFollowTheFirstWeekday() throws {
        // Thursday 20 November 2025: the week from Monday 17th, or from Sunday 16th.
        let monday = try Self.run(#"{"table":"daily","reduce":"count","window":"this_week","anchor":"2025-11-20"}"#)
        #expect(monday.fromDate == CalendarDate(year: 2025, month: 11, day: 17))
        #expect(monday.toDate == CalendarDate(year: 2025, month: 11, day: 23))
        let sunday = try QueryTables(json: JSONParser.parse(#"{"first_weekday":"sunday"}"#)).evaluate(
            json: JSONParser.parse(#"{"table":"daily","reduce":"count","window":"last_week","anchor":"2025-11-20"}"#))
        #expect(sunday.fromDate == CalendarDate(year: 2025, month: 11, day: 9))
        #expect(sunday.toDate == CalendarDate(year: 2025, month: 11, day: 15))
        let lastMonth = try Self.run(#"{"table":"daily","reduce":"count","window":"last_month","anchor":"2025-03-31"}"#)
        #expect(lastMonth.fromDate == CalendarDate(year: 2025, month: 2, day: 1))
        #expect(lastMonth.toDate == CalendarDate(year: 2025, month: 2, day: 28))
    }

    @Test func reducersSkipMissingValues() throws {
        #expect(try Self.value(#"{"table":"daily","metric":"sleep_minutes","reduce":"count"}"#) == .number(23))
        #expect(try Self.value(#"{"table":"daily","reduce":"count"}"#) == .number(30))
        #expect(try Self.value(#"{"table":"daily","metric":"sleep_minutes","reduce":"last"}"#) == .number(450))
        #expect(
            try Self.value(#"{"table":"daily","metric":"steps","reduce":"date_of_max"}"#)
                == .date(CalendarDate(year: 2025, month: 11, day: 30)!))
        #expect(
            try Self.value(#"{"table":"daily","metric":"steps","reduce":"median","take":{"first":4}}"#)
                == .number(6_750))
        let std = try Self.value(#"{"table":"daily","metric":"steps","reduce":"std","take":{"first":3}}"#)
        #expect(std == .number(300))
    }

    @Test func conditionsOnTheSameTableAndOnTheOtherTablesDays() throws {
        let sleepOnActiveDays = try Self.run(
            #"{"table":"daily","metric":"sleep_minutes","reduce":"mean","where":[{"metric":"steps","op":">=","value":13500}]}"#
        )
        // Days 25–30, sleep missing on the 28th: (425 + 430 + 435 + 445 + 450) / 5.
        #expect(sleepOnActiveDays.value == .number(437))
        #expect(sleepOnActiveDays.rows == 6)
        let stepsOnSwimDays = try Self.run(
            #"{"table":"daily","metric":"steps","reduce":"count","on_days_where":[{"metric":"activity","op":"==","value":"swim"}]}"#
        )
        #expect(stepsOnSwimDays.value == .number(10))
        let ridesAfterShortSleep = try Self.run(
            #"{"table":"sessions","activity":"bike","reduce":"count","on_days_where":[{"metric":"sleep_minutes","op":"<","value":330}]}"#
        )
        // Sleep under 330 on 1–5 Nov (the 4th missing); rides fall on 31 Oct, 3 Nov, 6 Nov …
        #expect(ridesAfterShortSleep.value == .number(1))
    }

    @Test func nothingMatchingIsAnAnswer() throws {
        let none = try Self.run(#"{"table":"sessions","activity":"yoga","metric":"distance","reduce":"sum"}"#)
        #expect(none.value == .number(0))
        #expect(none.rows == 0)
        #expect(none.unit == "km")
        #expect(none.fromDate == nil)
        #expect(try Self.value(#"{"table":"sessions","activity":"yoga","metric":"distance","reduce":"mean"}"#) == .null)
        let noDay = try Self.run(
            #"{"table":"daily","reduce":"count","window":{"day_of":{"which":"last","activity":"yoga"}}}"#)
        #expect(noDay.value == .number(0))
        #expect(noDay.fromDate == nil)
    }

    @Test func unknownMetricsNameTheClosestColumnOrTheOtherTable() {
        let typo = wellnessError { try Self.run(#"{"table":"daily","metric":"step","reduce":"sum"}"#) }
        #expect(typo?.path == "metric")
        #expect(typo?.message.contains(#"did you mean "steps""#) == true)
        let otherTable = wellnessError { try Self.run(#"{"table":"daily","metric":"distance","reduce":"sum"}"#) }
        #expect(otherTable?.message.contains("the sessions table has it") == true)
        let noMetric = wellnessError { try Self.run(#"{"table":"daily","reduce":"sum"}"#) }
        #expect(noMetric?.path == "metric")
        let dailyActivity = wellnessError { try Self.run(#"{"table":"daily","reduce":"count","activity":"run"}"#) }
        #expect(dailyActivity?.path == "activity")
        let activitiesOfDays = wellnessError { try Self.run(#"{"table":"daily","reduce":"activities"}"#) }
        #expect(activitiesOfDays?.path == "reduce")
    }

    /// "sleep" once suggested rem_sleep_minutes, a standard metric the table never recorded.
    @Test func suggestionsAndTheListNameOnlyTheTablesOwnColumns() throws {
        let document =
            #"{"time_zone":"UTC","daily":[{"date":"2025-11-01","steps":1,"sleep_minutes":2,"deep_sleep_minutes":3,"#
            + #""resting_heart_rate":4}]}"#
        let tables = try QueryTables(json: JSONParser.parse(document))
        let sleep = wellnessError {
            try tables.evaluate(json: JSONParser.parse(#"{"table":"daily","metric":"sleep","reduce":"mean"}"#))
        }
        #expect(
            sleep?.message
                == #"the daily table has no metric "sleep" (did you mean "sleep_minutes" or "deep_sleep_minutes"?); "#
                + "its metrics: steps, sleep_minutes, deep_sleep_minutes, resting_heart_rate")
        let noMetric = wellnessError {
            try tables.evaluate(json: JSONParser.parse(#"{"table":"daily","reduce":"mean"}"#))
        }
        #expect(
            noMetric?.message
                == #""mean" needs a metric; the daily table has: steps, sleep_minutes, deep_sleep_minutes, "#
                + "resting_heart_rate")
    }

    /// As docs/QUERY.md says: with a metric, only days where it is present count.
    @Test func countDaysWithAMetricCountsTheDaysItIsPresent() throws {
        // Sleep is missing on the 4th, 8th … 28th: 7 of 30 days.
        #expect(try Self.value(#"{"table":"daily","reduce":"count_days"}"#) == .number(30))
        #expect(try Self.value(#"{"table":"daily","metric":"sleep_minutes","reduce":"count_days"}"#) == .number(23))
    }

    @Test func standardMetricsAnswerEvenWhenNeverRecorded() throws {
        let deepSleep = try Self.run(#"{"table":"daily","metric":"deep_sleep_minutes","reduce":"mean"}"#)
        #expect(deepSleep.value == .null)
        #expect(deepSleep.rows == 30)
    }

    @Test func durationDefaultsToEndMinusStartInMinutes() throws {
        let swim = try Self.run(
            #"{"table":"sessions","activity":"swim","metric":"duration","reduce":"sum","take":{"last":2}}"#)
        #expect(swim.value == .number(90))
        #expect(swim.unit == "min")
    }

    @Test func activitiesInTimeOrderAndTheMostFrequent() throws {
        #expect(
            try Self.value(#"{"table":"sessions","reduce":"activities","take":{"first":3}}"#)
                == .names(["Outdoor Cycling", "Pool Swim", "Outdoor Run"]))
        #expect(
            try Self.value(#"{"table":"sessions","reduce":"most_frequent_activity","take":{"first":4}}"#)
                == .name("Outdoor Cycling"))
    }

    @Test func rowsAndColumnsReadAlike() throws {
        let rows = try QueryTables(
            json: JSONParser.parse(#"{"daily":[{"date":"2025-01-02","steps":5},{"date":"2025-01-01","steps":null}]}"#))
        let columns = try QueryTables(
            json: JSONParser.parse(#"{"daily":{"date":["2025-01-02","2025-01-01"],"steps":[5,null]}}"#))
        for tables in [rows, columns] {
            let result = try tables.evaluate(
                json: JSONParser.parse(#"{"table":"daily","reduce":"first_date","include_rows":true}"#))
            #expect(result.value == .date(CalendarDate(year: 2025, month: 1, day: 1)!))
            #expect(result.rowNumbers == [1, 0])
        }
    }

    @Test func aMetricFirstSeenInALaterRowIsMissingBefore() throws {
        let tables = try QueryTables(
            json: JSONParser.parse(
                #"{"daily":[{"date":"2025-01-01"},{"date":"2025-01-02","steps":5},{"date":"2025-01-03","hrv":7,"steps":1}]}"#
            ))
        let steps = try tables.evaluate(json: JSONParser.parse(#"{"table":"daily","metric":"steps","reduce":"count"}"#))
        #expect(steps.value == .number(2))
        let hrv = try tables.evaluate(
            json: JSONParser.parse(#"{"table":"daily","metric":"hrv","reduce":"first_date"}"#))
        #expect(hrv.value == .date(CalendarDate(year: 2025, month: 1, day: 3)!))
    }

    static let badTables: [(document: String, path: String)] = [
        (#"{"daily":[{"date":"2025-01-01"},{"date":"2025-01-01"}]}"#, "daily[1].date"),
        (#"{"daily":{"date":["2025-01-01"],"steps":[1,2]}}"#, "daily.steps"),
        (#"{"daily":[{"date":"2025-01-01","steps":"many"}]}"#, "daily[0].steps"),
        (#"{"daily":[{"date":"2025-01-01","2steps":1}]}"#, "daily[0].2steps"),
        (#"{"sessions":[{"start":0,"end":-60,"activity":"Run"}]}"#, "sessions[0].end"),
        (#"{"sessions":[{"start":0,"end":60}]}"#, "sessions[0].activity"),
        (#"{"sessions":[{"start":1e300,"end":60,"activity":"Run"}]}"#, "sessions[0].start"),
        (#"{"time_zone":"Mars/Olympus"}"#, "time_zone"),
        (#"{"unit":{}}"#, "unit"),
    ]

    @Test(arguments: badTables)
    func badTablesNameTheRowAndField(document: String, path: String) {
        let error = wellnessError { try QueryTables(json: JSONParser.parse(document)) }
        #expect(error?.kind == .validation)
        #expect(error?.path == path, "\(error?.description ?? "no error")")
    }
}

@Suite struct MedianTests {
    @Test func selectionAgreesWithSorting() {
        var generator = SystemRandomNumberGenerator()
        for count in [1, 2, 3, 4, 5, 10, 101, 1_000, 1_001] {
            for _ in 0..<20 {
                // Few distinct values, so that ties are common.
                let values = (0..<count).map { _ in Double(Int.random(in: 0..<7, using: &generator)) * 0.5 }
                let sorted = values.sorted()
                let middle = count / 2
                let expected = count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
                #expect(QueryPlan.median(values) == expected, "\(values)")
            }
        }
        #expect(QueryPlan.median([]) == nil)
        #expect(QueryPlan.median(Array(repeating: 2.5, count: 10_000)) == 2.5)
        #expect(QueryPlan.median((0..<10_000).map(Double.init)) == 4_999.5)
        #expect(
            QueryPlan.median([Double.greatestFiniteMagnitude, .greatestFiniteMagnitude]) == .greatestFiniteMagnitude)
    }
}
