import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct InsightTests {
    static let minimal = """
        {"id":"i1","user_id":"u1","insight_type":"weekly","title":"Week","content":"Body",
         "is_read":false,"is_favorite":false,"is_archived":false,
         "generated_at":"2025-01-15T10:30:00+01:00","created_at":"2025-01-15T10:30:00Z",
         "updated_at":"2025-01-15T10:30:00.25Z","unknown_key":{"ignored":true}}
        """

    @Test func normalisesWithEveryOptionalKeyPresent() throws {
        let insight = try decode(Insight.self, Self.minimal)
        #expect(
            try canonical(insight) == """
                {"id":"i1","user_id":"u1","insight_type":"weekly","title":"Week","content":"Body","summary":null,\
                "suggestions":null,"data_context":null,"is_read":false,"is_favorite":false,"is_archived":false,\
                "generated_at":"2025-01-15T09:30:00Z","read_at":null,"archived_at":null,\
                "created_at":"2025-01-15T10:30:00Z","updated_at":"2025-01-15T10:30:00.25Z"}
                """)
        #expect(try decode(Insight.self, try canonical(insight)) == insight)
    }

    @Test(arguments: [
        ("insight_type", "\"hourly\"", "insight_type"),
        ("id", "\"\"", "id"),
        ("is_read", "\"yes\"", "is_read"),
        ("generated_at", "\"yesterday\"", "generated_at"),
        ("data_context", #"{"metrics":{"steps":1.5}}"#, "data_context.metrics.steps"),
        ("data_context", #"{"metrics":{"workouts":-1}}"#, "data_context.metrics.workouts"),
        ("data_context", #"{"metrics":{"sleep_hours":25}}"#, "data_context.metrics.sleep_hours"),
        ("data_context", #"{"metrics":{"calories":1e400}}"#, "data_context.metrics.calories"),
        (
            "data_context", #"{"date_range":{"start_date":"2025-01-02T00:00:00Z","end_date":"2025-01-01T00:00:00Z"}}"#,
            "data_context.date_range.end_date"
        ),
        ("suggestions", #"["a", 2]"#, "suggestions[1]"),
    ])
    func namesTheOffendingField(_ key: String, _ value: String, _ path: String) {
        let text = Self.minimal.replacingOccurrences(of: "\"unknown_key\"", with: "\"\(key)\":\(value),\"unknown_key\"")
        let error = wellnessError { try decode(Insight.self, text) }
        #expect(error?.kind == .validation)
        #expect(error?.path == path)
    }

    @Test func missingRequiredFieldIsNamed() {
        let text = Self.minimal.replacingOccurrences(of: #""title":"Week","#, with: "")
        #expect(wellnessError { try decode(Insight.self, text) }?.path == "title")
    }

    @Test func listResponsePathsIncludeTheIndex() {
        let bad = Self.minimal.replacingOccurrences(of: "\"weekly\"", with: "\"monthly\"")
        let text = """
            {"success":true,"data":{"insights":[\(Self.minimal),\(bad)],
             "pagination":{"page":1,"page_size":20,"total_pages":1,"total_count":2,"has_next":false,"has_prev":false}}}
            """
        let error = wellnessError { try decode(Envelope<InsightsPage>.self, text) }
        #expect(error?.path == "data.insights[1].insight_type")
    }

    @Test func updateRequestKeepsOnlyWhatChanges() throws {
        #expect(
            try canonical(try decode(UpdateInsightRequest.self, #"{"is_favorite":true,"unknown":1}"#))
                == #"{"is_favorite":true}"#)
        #expect(wellnessError { try decode(UpdateInsightRequest.self, #"{"is_read":null}"#) }?.path == "is_read")
        let empty = wellnessError { try decode(UpdateInsightRequest.self, "{}") }
        #expect(empty?.kind == .validation)
        #expect(empty?.path == nil)
    }

    @Test func paginationRejectsImpossibleValues() {
        let base = #"{"page":1,"page_size":20,"total_pages":0,"total_count":0,"has_next":false,"has_prev":false}"#
        #expect(wellnessError { try decode(Pagination.self, base) } == nil)
        let zeroPage = base.replacingOccurrences(of: #""page":1"#, with: #""page":0"#)
        #expect(wellnessError { try decode(Pagination.self, zeroPage) }?.path == "page")
    }

    @Test func viewFollowsTheSeedsRules() throws {
        let text = Self.minimal.replacingOccurrences(
            of: "\"unknown_key\"",
            with: """
                "suggestions":["Walk more","Set a step target"],
                "data_context":{"metrics":{"calories":2150.9,"sleep_hours":7.25,"steps":9000},"achievements":["7-day streak"]},
                "unknown_key"
                """)
        let view = InsightView(try decode(Insight.self, text))
        #expect(view.insight.insightType.displayName == "Weekly Summary")
        #expect(view.insight.insightType.icon == "calendar")
        #expect(view.hasActionableGoals)
        #expect(view.actionSteps.map(\.number) == [1, 2])
        #expect(view.metricCards.map(\.title) == ["Steps", "Calories", "Sleep"])
        #expect(view.metricCards.map(\.value) == ["9000", "2150", "7.2h"])
    }

    @Test func hugeCaloriesDoNotTrap() throws {
        let text = Self.minimal.replacingOccurrences(
            of: "\"unknown_key\"",
            with: #""data_context":{"metrics":{"calories":1e300}},"unknown_key""#)
        let cards = InsightView(try decode(Insight.self, text)).metricCards
        let value = try #require(cards.first?.value)
        #expect(value.count == 301 && value.allSatisfy(\.isNumber))
    }
}
