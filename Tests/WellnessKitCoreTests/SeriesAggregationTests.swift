import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct SeriesAggregationTests {
    static func options(_ text: String) throws -> SeriesOptions {
        try decode(SeriesOptions.self, text)
    }

    static func aggregate(_ samples: String, _ optionsText: String) throws -> SeriesAggregation {
        let options = try Self.options(optionsText)
        let series = try Array(samples.utf8).withUnsafeBytes { try SampleSeries.decode(json: $0, kind: options.kind) }
        return try SeriesAggregation(series: series, options: options)
    }

    static func columns(_ timestamps: [Int64], _ values: [Double], _ optionsText: String) throws -> SeriesAggregation {
        let options = try Self.options(optionsText)
        return try timestamps.withUnsafeBufferPointer { stamps in
            try values.withUnsafeBufferPointer {
                try SeriesAggregation(timestamps: stamps, values: $0, options: options)
            }
        }
    }

    static func samples(_ pairs: [(String, String)]) -> String {
        "[" + pairs.map { #"{"timestamp":"\#($0.0)","value":\#($0.1)}"# }.joined(separator: ",") + "]"
    }

    @Test func weeklyLabelsAcrossMonthsAndYears() throws {
        let days = (9...31).map { ("2024-12-\(Digits.padded($0, width: 2))T12:00:00Z", "1") }
        let result = try Self.aggregate(Self.samples(days), #"{"interval":"week"}"#)
        #expect(result.buckets.map(\.label) == ["Dec 9-15", "Dec 16-22", "Dec 23-29", "Dec 30-Jan 5"])
        #expect(result.buckets.last?.weekOfYear?.year == 2025 && result.buckets.last?.weekOfYear?.week == 1)
        #expect(result.buckets.map(\.count) == [7, 7, 7, 2])
    }

    @Test func isoWeekYearBoundaries() throws {
        let result = try Self.aggregate(
            Self.samples([("2021-01-01T12:00:00Z", "1"), ("2024-12-30T12:00:00Z", "2")]),
            #"{"interval":"week"}"#)
        #expect(result.buckets.map { $0.weekOfYear?.year } == [2020, 2025])
        #expect(result.buckets.map { $0.weekOfYear?.week } == [53, 1])
    }

    @Test func labelsPerInterval() throws {
        let samples = Self.samples([("2024-02-29T12:00:00Z", "1"), ("2024-08-01T00:00:00Z", "3")])
        let expected: [(String, [String])] = [
            ("day", ["Feb 29", "Aug 1"]), ("month", ["Feb 2024", "Aug 2024"]), ("quarter", ["Q1 2024", "Q3 2024"]),
            ("half", ["H1 2024", "H2 2024"]), ("year", ["2024"]),
        ]
        for (interval, labels) in expected {
            let result = try Self.aggregate(samples, #"{"interval":"\#(interval)"}"#)
            #expect(result.buckets.map(\.label) == labels, "\(interval)")
        }
        let year = try Self.aggregate(samples, #"{"interval":"year"}"#).buckets[0]
        #expect(LocalCalendar.calendarDate(of: year.end).description == "2024-12-31")
        #expect(year.average == 2 && year.minimum == 1 && year.maximum == 3)
    }

    @Test func automaticIntervalAndAvailability() throws {
        let cases: [(Int, AggregationInterval, [AggregationInterval])] = [
            (0, .day, [.day]), (13, .day, [.day]), (14, .week, [.day, .week]), (27, .week, [.day, .week]),
            (28, .month, [.day, .week, .month]), (90, .quarter, [.day, .week, .month, .quarter]),
            (180, .half, [.day, .week, .month, .quarter, .half]), (365, .year, AggregationInterval.allCases),
        ]
        for (span, automatic, available) in cases {
            let start: Int64 = 1_700_000_000
            let result = try Self.columns([start, start + Int64(span) * 86_400], [1, 2], "{}")
            #expect(result.spanDays == span)
            #expect(result.automaticInterval == automatic && result.interval == automatic)
            #expect(result.availableIntervals == available)
        }
        let empty = try Self.columns([], [], "{}")
        #expect(empty.buckets.isEmpty && empty.availableIntervals == [.day] && empty.spanDays == 0)
    }

    /// Oracle: Foundation's Calendar decides each sample's local day; the
    /// engine's day buckets must agree, in zones with every kind of DST quirk.
    @Test(arguments: [
        "America/New_York", "Africa/Cairo", "Australia/Lord_Howe", "Asia/Kolkata", "UTC", "America/Sao_Paulo",
    ])
    func localDaysAgreeWithFoundationCalendar(_ zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var generator = SystemRandomNumberGenerator()
        // 2014-2026 covers Cairo's reinstated DST and its midnight transitions.
        let timestamps = (0..<3000).map { _ in Int64.random(in: 1_388_534_400...1_790_000_000, using: &generator) }
        let result = try Self.columns(
            timestamps, timestamps.map { _ in 1 }, #"{"interval":"day","time_zone":"\#(zoneName)"}"#)
        var expected: [String: Int] = [:]
        for timestamp in timestamps {
            let parts = calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(timestamp)))
            let key =
                "\(parts.year ?? 0)-\(Digits.padded(parts.month ?? 0, width: 2))-\(Digits.padded(parts.day ?? 0, width: 2))"
            expected[key, default: 0] += 1
        }
        var actual: [String: Int] = [:]
        for bucket in result.buckets { actual[LocalCalendar.calendarDate(of: bucket.start).description] = bucket.count }
        #expect(actual == expected)
    }

    /// Oracle: Foundation's week numbering with the same first weekday and
    /// ISO's minimum of four days in the first week.
    @Test(arguments: [1, 2, 7])
    func weekYearsAgreeWithFoundationCalendar(_ firstWeekday: Int) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        calendar.firstWeekday = firstWeekday
        calendar.minimumDaysInFirstWeek = 4
        for _ in 0..<500 {
            let day = Int.random(in: 0...25_000)
            let weekStart = AggregationInterval.week.bucketStart(containing: day, firstWeekday: firstWeekday)
            let date = Date(timeIntervalSince1970: Double(day) * 86_400)
            let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear, .weekday], from: date)
            let mine = LocalCalendar.weekOfYear(weekStart: weekStart, firstWeekday: firstWeekday)
            #expect(mine.year == parts.yearForWeekOfYear && mine.week == parts.weekOfYear)
            let startParts = calendar.dateComponents(
                [.weekday], from: Date(timeIntervalSince1970: Double(weekStart) * 86_400))
            #expect(startParts.weekday == firstWeekday)
        }
    }

    @Test func cairoDayWhoseMidnightIsSkipped() throws {
        // 2023-04-28: clocks jump from 00:00 to 01:00 in Cairo; the day is 23 hours.
        let result = try Self.aggregate(
            Self.samples([
                ("2023-04-27T21:59:59Z", "1"), ("2023-04-27T22:00:00Z", "2"), ("2023-04-28T20:59:59Z", "3"),
                ("2023-04-28T21:00:00Z", "4"),
            ]), #"{"interval":"day","time_zone":"Africa/Cairo"}"#)
        #expect(result.buckets.map(\.label) == ["Apr 27", "Apr 28", "Apr 29"])
        #expect(result.buckets.map(\.count) == [1, 2, 1])
    }

    @Test func averagesOfSamplesOrOfDailyMeans() throws {
        let samples = Self.samples([
            ("2024-01-01T08:00:00Z", "1"), ("2024-01-01T09:00:00Z", "3"), ("2024-01-02T08:00:00Z", "10"),
        ])
        let raw = try Self.aggregate(samples, #"{"interval":"week"}"#).buckets[0]
        #expect(
            raw.average == 14.0 / 3 && raw.minimum == 1 && raw.maximum == 10 && raw.count == 3 && raw.daysWithData == 2)
        let daily = try Self.aggregate(samples, #"{"interval":"week","average":"daily_means"}"#).buckets[0]
        #expect(daily.average == 6 && daily.minimum == 2 && daily.maximum == 10)
    }

    @Test func emptyBucketsHaveNullStatisticsNotZero() throws {
        let samples = Self.samples([("2024-01-01T08:00:00Z", "5"), ("2024-01-20T08:00:00Z", "7")])
        #expect(try Self.aggregate(samples, #"{"interval":"week"}"#).buckets.count == 2)
        let filled = try Self.aggregate(samples, #"{"interval":"week","include_empty":true}"#).buckets
        #expect(filled.map(\.count) == [1, 0, 1])
        #expect(filled[1].average == nil && filled[1].minimum == nil)
        #expect(try JSONWriter.string(filled[1].json).contains(#""average":null"#))
        let tooMany = wellnessError {
            try Self.columns([-62_000_000_000, 250_000_000_000], [1, 1], #"{"interval":"day","include_empty":true}"#)
        }
        #expect(tooMany?.path == "include_empty")
    }

    @Test func unsortedAndDuplicateSamplesGiveTheSortedResult() throws {
        var pairs = (0..<200).map {
            ("2024-03-\(Digits.padded($0 % 28 + 1, width: 2))T\(Digits.padded($0 % 24, width: 2)):00:00Z", "\($0)")
        }
        pairs.append(pairs[5])
        let sorted = try Self.aggregate(Self.samples(pairs.sorted { $0.0 < $1.0 }), #"{"interval":"day"}"#)
        let shuffled = try Self.aggregate(Self.samples(pairs.shuffled()), #"{"interval":"day"}"#)
        #expect(sorted.buckets.map(\.count) == shuffled.buckets.map(\.count))
        #expect(sorted.buckets.map(\.minimum) == shuffled.buckets.map(\.minimum))
        #expect(zip(sorted.buckets, shuffled.buckets).allSatisfy { abs(($0.average ?? 0) - ($1.average ?? 0)) < 1e-9 })
        #expect(sorted.sampleCount == 201)
    }

    @Test func booleanYesDaysAndStreaks() throws {
        // Jan 1-3 yes, Jan 4 no, Jan 6-8 yes (Jan 8 answered no, then yes: latest wins), Jan 5 unlogged.
        let samples = Self.samples([
            ("2024-01-01T09:00:00Z", "true"), ("2024-01-02T09:00:00Z", "true"), ("2024-01-03T09:00:00Z", "true"),
            ("2024-01-04T09:00:00Z", "false"), ("2024-01-06T09:00:00Z", "true"), ("2024-01-07T09:00:00Z", "true"),
            ("2024-01-08T09:00:00Z", "false"), ("2024-01-08T21:00:00Z", "true"),
        ])
        let result = try Self.aggregate(samples, #"{"kind":"boolean","interval":"week","today":"2024-01-09"}"#)
        #expect(result.buckets.map(\.yesDays) == [5, 1])
        let streaks = try #require(result.streaks)
        #expect(streaks.runs.map(\.length) == [3, 3])
        #expect(streaks.best == 3)
        #expect(streaks.current == 3, "today not yet logged keeps yesterday's streak")
        let brokenToday = try Self.aggregate(
            samples.replacingOccurrences(of: "]", with: #",{"timestamp":"2024-01-09T08:00:00Z","value":false}]"#),
            #"{"kind":"boolean","today":"2024-01-09"}"#)
        #expect(brokenToday.streaks?.current == 0)
        let stale = try Self.aggregate(samples, #"{"kind":"boolean","today":"2024-01-11"}"#)
        #expect(stale.streaks?.current == 0)
    }

    @Test func snapshotsKeepTheLatestValue() throws {
        let samples =
            #"[{"timestamp":"2024-01-01T09:00:00Z","value":"calm"},{"timestamp":"2024-01-03T09:00:00Z","value":"anxious"},{"timestamp":"2024-01-02T09:00:00Z","value":true},{"timestamp":"2024-02-01T09:00:00Z","value":4.5}]"#
        let result = try Self.aggregate(samples, #"{"kind":"snapshot","interval":"month"}"#)
        #expect(result.buckets.map(\.latest) == [.string("anxious"), .number(4.5)])
        #expect(try JSONWriter.string(result.buckets[0].json).contains(#""latest_at":"2024-01-03T09:00:00Z""#))
    }

    @Test func firstWeekdayMovesWeekStarts() throws {
        let samples = Self.samples([("2024-01-07T12:00:00Z", "1")])  // a Sunday
        #expect(try Self.aggregate(samples, #"{"interval":"week"}"#).buckets[0].label == "Jan 1-7")
        #expect(
            try Self.aggregate(samples, #"{"interval":"week","first_weekday":"sunday"}"#).buckets[0].label == "Jan 7-13"
        )
        #expect(try Self.aggregate(samples, #"{"interval":"week","first_weekday":7}"#).buckets[0].label == "Jan 6-12")
    }

    @Test func epochSecondsAndMillisecondsAgree() throws {
        let seconds: [Int64] = [1_700_000_000, 1_700_100_000, 1_703_000_000]
        let fromSeconds = try Self.columns(seconds, [1, 2, 3], #"{"interval":"week"}"#)
        let fromMilliseconds = try Self.columns(
            seconds.map { $0 * 1000 }, [1, 2, 3], #"{"interval":"week","timestamp_unit":"ms"}"#)
        let fromJSON = try Self.aggregate(
            "["
                + seconds.enumerated().map { #"{"timestamp":\#($0.element),"value":\#($0.offset + 1)}"# }
                .joined(separator: ",") + "]", #"{"interval":"week"}"#)
        #expect(fromSeconds.buckets == fromMilliseconds.buckets && fromSeconds.buckets == fromJSON.buckets)
    }

    @Test func spansOverTenYears() throws {
        let timestamps = stride(from: Int64(946_684_800), to: 1_420_070_400, by: 86_400 * 3).map { $0 }
        let result = try Self.columns(
            timestamps, timestamps.map { Double($0 % 100) }, #"{"time_zone":"Europe/London"}"#)
        #expect(result.interval == .year)
        #expect(result.buckets.map(\.label) == (2000...2014).map(String.init))
        #expect(result.buckets.reduce(0) { $0 + $1.count } == timestamps.count)
    }

    @Test func badColumnsAreNamed() {
        #expect(wellnessError { try Self.columns([1, 2], [1, .nan], "{}") }?.path == "values[1]")
        #expect(wellnessError { try Self.columns([1, 2], [1, .infinity], "{}") }?.path == "values[1]")
        #expect(wellnessError { try Self.columns([1, 2], [1, 0.5], #"{"kind":"boolean"}"#) }?.path == "values[1]")
        #expect(wellnessError { try Self.columns([1, Int64.max], [1, 1], "{}") }?.path == "timestamps[1]")
        #expect(
            wellnessError { try Self.columns([1, Int64.min], [1, 1], #"{"timestamp_unit":"ms"}"#) }?.path
                == "timestamps[1]")
        #expect(wellnessError { try Self.options(#"{"time_zone":"Nowhere/Atlantis"}"#) }?.path == "time_zone")
        #expect(wellnessError { try Self.options(#"{"interval":"decade"}"#) }?.path == "interval")
        #expect(wellnessError { try Self.options(#"{"first_weekday":8}"#) }?.path == "first_weekday")
    }

    @Test func badSamplesAreNamed() {
        let cases: [(String, String?, WellnessError.Kind)] = [
            (#"[{"timestamp":"2024-01-01T00:00:00Z"}]"#, "samples[0].value", .validation),
            (#"[{"timestamp":"2024-01-01T00:00:00Z","value":"x"}]"#, "samples[0].value", .validation),
            (#"[{"timestamp":"yesterday","value":1}]"#, "samples[0].timestamp", .validation),
            (#"[{"timestamp":1e20,"value":1}]"#, "samples[0].timestamp", .validation),
            (#"[{"timestamp":1,"value":1e400}]"#, "samples[0].value", .validation),
            (#"{"timestamp":1,"value":1}"#, "samples", .validation),
            (#"[{"timestamp":1,"value":1},]"#, nil, .invalidJSON),
            (#"[{"timestamp":1,"value":NaN}]"#, nil, .invalidJSON),
            (#"[{"timestamp":1,"value":01}]"#, nil, .invalidJSON),
        ]
        for (text, path, kind) in cases {
            let error = wellnessError { try Self.aggregate(text, "{}") }
            #expect(error?.kind == kind, "\(text)")
            #expect(error?.path == path, "\(text)")
        }
    }

    /// The scanner's fast path and the general parser must read the same values.
    @Test func scannerAgreesWithTheGeneralParser() throws {
        let numbers = [
            "0", "-0", "1", "-1.5", "12.345", "1e3", "1E-3", "123456789012345678", "0.1", "3.14159265358979323846",
            "9007199254740993", "1.7976931348623157e308", "5e-324", "-2.5e+2",
        ]
        for number in numbers {
            let text = #"[{"timestamp":1700000000,"value":\#(number)}]"#
            let viaScanner = try Array(text.utf8).withUnsafeBytes { try SampleSeries.decode(json: $0, kind: .numeric) }
            let viaParser = try SampleSeries.decode(json: JSONParser.parse(text), kind: .numeric)
            #expect(viaScanner.numbers == viaParser.numbers, "\(number)")
            #expect(viaScanner.numbers.first == Double(number), "\(number)")
        }
    }

    /// nst's JSONTestSuite through the series decoder: every n_ file is
    /// invalid JSON, no y_ file is.
    @Test(.enabled(if: jsonTestSuiteRuns, jsonTestSuiteSkipReason)) func jsonTestSuiteThroughTheSeriesDecoder() throws {
        let cases = try jsonTestSuiteCases()
        for (file, bytes) in cases {
            for kind in SeriesKind.allCases {
                let error = wellnessError {
                    try bytes.withUnsafeBytes { try SampleSeries.decode(json: $0, kind: kind) }
                }
                if file.hasPrefix("n_") { #expect(error?.kind == .invalidJSON, "\(file) \(kind)") }
                if file.hasPrefix("y_") { #expect(error?.kind != .invalidJSON, "\(file) \(kind)") }
            }
        }
    }

    // MARK: - Regressions found by fuzzing

    @Test func meansOfHugeValuesStayFinite() throws {
        let json = try Self.aggregate(#"[{"timestamp":0,"value":1e308},{"timestamp":1,"value":1e308}]"#, "{}")
        #expect(json.buckets[0].average == 1e308)
        let columns = try Self.columns([0, 1], [1e308, 1e308], "{}")
        #expect(columns.buckets[0].average == 1e308)
        let extremes = try Self.columns(
            [0, 1, 86_400], [.greatestFiniteMagnitude, .greatestFiniteMagnitude, 1e308],
            #"{"interval":"week","average":"daily_means"}"#)
        let average = try #require(extremes.buckets[0].average)
        #expect(average.isFinite && average <= .greatestFiniteMagnitude && average > 1e308)
        let mixed = try Self.columns([0, 1], [1e308, -1e308], "{}")
        #expect(mixed.buckets[0].average == 0)
    }

    @Test func everyNumberInARandomResultIsFinite() throws {
        var generator = SystemRandomNumberGenerator()
        let magnitudes: [Double] = [1, 1e10, 1e300, .greatestFiniteMagnitude, 5e-324]
        for round in 0..<200 {
            let count = Int.random(in: 1...40, using: &generator)
            let timestamps = (0..<count).map { _ in Int64.random(in: 0...(86_400 * 800), using: &generator) }
            let values = (0..<count).map { _ in
                Double.random(in: -1...1, using: &generator) * magnitudes.randomElement(using: &generator)!
            }
            let interval = ["day", "week", "month", "auto"].randomElement(using: &generator)!
            let averaging = round.isMultiple(of: 2) ? "samples" : "daily_means"
            let result = try Self.columns(
                timestamps, values,
                #"{"interval":"\#(interval)","average":"\#(averaging)","include_empty":true}"#)
            let text = try JSONWriter.string(result.json)
            #expect(!containsNonFiniteWord(text), "\(text)")
            let spec = try ChartSpec(result)
            let document = try JSONWriter.string(
                .object(
                    JSONObject([
                        ("spec", spec.json),
                        ("svg", .string(SVGChart(spec: spec).document)),
                    ])))
            #expect(!containsNonFiniteWord(document))
            #expect(try JSONParser.parse(document) != .null)
        }
    }

    @Test func currentStreakSurvivesDaysAfterToday() throws {
        let samples = Self.samples([
            ("2024-01-01T12:00:00Z", "true"), ("2024-01-02T12:00:00Z", "true"),
            ("2024-01-03T12:00:00Z", "true"),
        ])
        let streaks = try #require(try Self.aggregate(samples, #"{"kind":"boolean","today":"2024-01-02"}"#).streaks)
        #expect(streaks.current == 2 && streaks.best == 3)
        let notYetLogged = try #require(
            try Self.aggregate(samples, #"{"kind":"boolean","today":"2024-01-03"}"#).streaks)
        #expect(notYetLogged.current == 3)
        let yesterday = try #require(try Self.aggregate(samples, #"{"kind":"boolean","today":"2024-01-04"}"#).streaks)
        #expect(yesterday.current == 3)
        let broken = try #require(try Self.aggregate(samples, #"{"kind":"boolean","today":"2024-01-05"}"#).streaks)
        #expect(broken.current == 0)
    }

    @Test func bucketLimitIsExact() throws {
        let limit = SeriesOptions.maximumBuckets
        let fits = try Self.columns(
            [0, Int64(limit - 1) * 86_400], [1, 2], #"{"interval":"day","include_empty":true}"#)
        #expect(fits.buckets.count == limit)
        let error = wellnessError {
            try Self.columns([0, Int64(limit) * 86_400], [1, 2], #"{"interval":"day","include_empty":true}"#)
        }
        #expect(error?.path == "include_empty")
        #expect(
            wellnessError {
                try Self.columns([0, 8_640_000_000], [1, 2], #"{"interval":"day","include_empty":true}"#)
            }?
            .path == "include_empty")
    }

    @Test func lastYearsBucketsEndOnTheirLastDay() throws {
        let samples = Self.samples([("9999-06-01T00:00:00Z", "1"), ("9999-12-31T23:59:59Z", "2")])
        let expected = [
            "year": ["9999-12-31"], "half": ["9999-06-30", "9999-12-31"],
            "quarter": ["9999-06-30", "9999-12-31"], "month": ["9999-06-30", "9999-12-31"],
        ]
        for (interval, ends) in expected {
            let result = try Self.aggregate(samples, #"{"interval":"\#(interval)","include_empty":false}"#)
            #expect(result.buckets.map { LocalCalendar.calendarDate(of: $0.end).description } == ends, "\(interval)")
            #expect(result.buckets.allSatisfy { $0.end >= $0.start })
        }
    }

    @Test func localDatesBeyondYearsOneToNineThousandAreRefused() throws {
        let cases = [
            ("0001-01-01T00:00:00Z", "day", "America/New_York", "0000-12-31"),
            ("9999-12-31T23:00:00Z", "day", "Asia/Tokyo", "10000-01-01"),
            ("0001-01-01T12:00:00Z", "week", "UTC", "0000-12-31...0001-01-06"),
        ]
        for (instant, interval, zone, date) in cases {
            let error = wellnessError {
                try Self.aggregate(
                    Self.samples([("2025-01-01T00:00:00Z", "1"), (instant, "2")]),
                    #"{"interval":"\#(interval)","time_zone":"\#(zone)","first_weekday":1}"#)
            }
            #expect(error?.path == "samples[1].timestamp", "\(instant) \(zone)")
            #expect(error?.message.contains(date) == true, "\(String(describing: error?.message))")
        }
        let first = try Self.aggregate(Self.samples([("0001-01-01T00:00:00Z", "1")]), #"{"interval":"week"}"#)
        #expect(first.buckets[0].label == "Jan 1-7")
    }

    @Test func optionTyposAreRefusedWithTheClosestKey() throws {
        let typo = wellnessError { try Self.options(#"{"timezone":"Europe/Paris","interval":"week"}"#) }
        #expect(typo?.path == "timezone" && typo?.message == #"is not an option here (did you mean "time_zone"?)"#)
        let interval = wellnessError { try Self.options(#"{"intervall":"week"}"#) }
        #expect(interval?.message.contains(#""interval""#) == true)
        let unrelated = wellnessError { try Self.options(#"{"colour":"red"}"#) }
        #expect(unrelated?.message.contains("known options: average, first_weekday") == true)
        let chart = try SeriesOptions(
            json: JSONParser.parse(#"{"width":300,"time_zone":"UTC"}"#), at: .root,
            sharedWith: ChartOptions.keys)
        #expect(chart.timeZone.identifier == "UTC")
        #expect(wellnessError { try decode(LongevityTrendsOptions.self, #"{"todya":"2024-01-01"}"#) }?.path == "todya")
    }

    @Test func millisecondsReadAsSecondsGetAHint() {
        let columns = wellnessError { try Self.columns([1_735_689_600_000], [1], "{}") }
        #expect(columns?.message == #"1735689600000 is outside years 1-9999: did you mean timestamp_unit: "ms"?"#)
        #expect(wellnessError { try Self.columns([-99_999_999_999_999], [1], "{}") }?.message.contains("ms") == false)
        // Year 10000 in seconds is not taken for milliseconds (1978): it says what it is.
        let year10000 = wellnessError { try Self.columns([253_402_300_800], [1], "{}") }
        #expect(year10000?.message == "253402300800 is outside years 1-9999 (year 10000 in epoch seconds)")
        let json10000 = wellnessError { try Self.aggregate(#"[{"timestamp":253402300800,"value":1}]"#, "{}") }
        #expect(json10000?.message.contains("milliseconds") == false, "\(String(describing: json10000))")
        let json = wellnessError { try Self.aggregate(#"[{"timestamp":1735689600000,"value":1}]"#, "{}") }
        #expect(json?.message.contains("looks like milliseconds (divide by 1000") == true)
    }
}
