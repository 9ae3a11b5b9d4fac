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
}
