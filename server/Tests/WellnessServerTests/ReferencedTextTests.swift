import Testing
import WellnessKitCore

@testable import WellnessServer

/// Numbers by reference: how each fact is written, and every way a model's
/// text can still write a number of its own or cite a fact wrongly.
@Suite struct ReferencedTextTests {
    /// A sheet of one fact per unit the renderer styles, and a query's answer with its parameters.
    static let facts: FactSheet = {
        var facts = FactSheet()
        facts.add("avg_steps_last_7", 8234.6, unit: "steps")
        facts.add("avg_sleep_hours_last_7", 7.46, unit: "hours")
        facts.add("avg_calories_last_7", 2100.4, unit: "kcal")
        facts.add("avg_mood_last_7", 3.43, unit: "mood_score")
        facts.add("goal_progress_percent", 85, unit: "percent")
        facts.add("one_day", 1, unit: "days")
        facts.add("checkin_streak_days", 14, unit: "days")
        facts.add("checkins_last_7", 7, unit: "checkins")
        facts.add("one_workout", 1, unit: "workouts")
        facts.add("weight_kg", 72.46, unit: "kg")
        facts.add("draft_1", 3.256, unit: nil)
        facts.add("bmi", 23.41, unit: "kg/m2")
        facts.add("latest_checkin", date: CalendarDate(year: 2025, month: 11, day: 3))
        return facts
    }()

    static func render(_ text: String, _ facts: FactSheet = facts) -> ReferencedText {
        ReferencedText(text, field: "reply", facts: facts)
    }

    @Test(
        arguments: zip(
            [
                "avg_steps_last_7", "avg_sleep_hours_last_7", "avg_calories_last_7", "avg_mood_last_7",
                "goal_progress_percent", "one_day", "checkin_streak_days", "checkins_last_7", "one_workout",
                "weight_kg", "draft_1", "bmi", "latest_checkin",
            ],
            [
                "8,235 steps", "7.5 hours", "2,100 kcal", "3.4 out of 10", "85%", "1 day", "14 days", "7 check-ins",
                "1 workout", "72.5 kg", "3.26", "23.41", "3 November 2025",
            ]))
    func eachUnitIsWrittenInItsStyleAndReadsBackAsItsFact(_ name: String, _ written: String) {
        let text = Self.render("So far: {{\(name)}}.")
        #expect(text.errors.isEmpty, "\(text.errors)")
        #expect(text.rendered == "So far: \(written).")
        #expect(text.cited == [name])
    }

    /// A query's answer as ``FactSheet/addQuery(_:prefix:units:)`` adds it: steps over 23,456 in the last 14
    /// days, the last `take` rows.
    static func queryFacts(take: Double) -> FactSheet {
        var facts = FactSheet()
        facts.add("query_1_value", 80_000, unit: "steps")
        facts.add("query_1_rows", 3, unit: "days")
        facts.add("query_1_days", 3, unit: "days")
        facts.add(
            "query_1_condition_1", 23_456, unit: "steps",
            parameter: FactSheet.Parameter(kind: .condition(.greater), query: "query_1"))
        facts.add(
            "query_1_last_days", 14, unit: "days", parameter: FactSheet.Parameter(kind: .lastDays, query: "query_1"))
        facts.add(
            "query_1_take", take, unit: nil, parameter: FactSheet.Parameter(kind: .take(first: false), query: "query_1")
        )
        return facts
    }

    @Test func aQuerysParametersAreWrittenAsWhatTheyAre() {
        let facts = Self.queryFacts(take: 5)
        #expect(facts.role(of: "query_1_condition_1") == .parameter)
        #expect(facts.role(of: "query_1_value") == .measurement)
        let text = Self.render(
            "On {{query_1_days}} of {{query_1_last_days}} you walked {{query_1_condition_1}}, {{query_1_take}} of them.",
            facts)
        #expect(text.errors.isEmpty, "\(text.errors)")
        #expect(
            text.rendered
                == "On 3 days of the last 14 days you walked more than 23,456 steps, the last 5 of them.")
    }

    @Test(arguments: [
        "You walked {{query_1_condition_1}} every day this week.",
        "You walked {{query_1_take}} steps. You did it on {{query_1_days}}.",
        "Over {{query_1_last_days}} you did well.",
    ])
    func aParameterCitedAsAMeasurementIsRefused(_ reply: String) {
        let text = Self.render(reply, Self.queryFacts(take: 1_000_000))
        #expect(text.errors.count == 1, "\(text.errors)")
        #expect(text.errors.first?.contains("not a measurement") == true, "\(text.errors)")
    }

    @Test(arguments: [
        "You walked 12000 steps.", "You walked １２，０００ steps.", "You walked ١٢٠٠٠ steps.", "You ran 𝟏𝟐 times.",
        "Chapter Ⅻ of your week.", "Day ⑫ went well.", "You walked twelve thousand steps.", "You ran a dozen times.",
        "Walk for half an hour.", "You ran twice.", "You walked 1\u{200B}2 km.",
        "You slept {{avg_sleep_hours_last_7}} on 5 nights.",
    ])
    func aNumeralOutsideAReferenceIsRefusedInEveryScript(_ reply: String) {
        let text = Self.render(reply)
        #expect(!text.errors.isEmpty, "\(reply)")
        #expect(text.errors.allSatisfy { $0.contains("outside a reference") }, "\(text.errors)")
    }

    @Test(arguments: [
        "One of your runs was long.", "Keep a steady bedtime.",
        "No one sleeps perfectly; {{avg_sleep_hours_last_7}} is fine.",
        "你这周平均走了{{avg_steps_last_7}}。继续保持！", "今週は平均{{avg_steps_last_7}}歩きました。",
    ])
    func wordsThatAreNoNumberPass(_ reply: String) {
        #expect(Self.render(reply).errors.isEmpty, "\(Self.render(reply).errors)")
    }

    @Test(
        arguments: zip(
            [
                "You walked {{avg_steps_last_99}}.", "You walked {{ avg_steps_last_7 }}.", "You walked {{Avg_steps}}.",
                "You walked {{avg_steps_last_7}.", "You walked avg_steps_last_7}}.",
                "You walked x{{avg_steps_last_7}}.",
                "{{avg_steps_last_7}}{{checkins_last_7}} in all.",
            ],
            [
                "none of the facts", "malformed", "malformed", "malformed", "without its", "inside a word",
                "inside a word",
            ]))
    func aReferenceThatIsNoFactOrMalformedIsRefusedByName(_ reply: String, _ error: String) {
        let text = Self.render(reply)
        #expect(text.errors.contains { $0.contains(error) }, "\(text.errors)")
    }

    @Test func aValidAnswerComesBackRenderedWithTheFactsItCites() {
        let validation = AnswerValidation(facts: Self.facts)
        let answer = JSONValue.object(
            JSONObject([("reply", .string("You logged {{checkins_last_7}}. Keep going.")), ("context_id", .null)]))
        guard case .valid(let reply) = validation.coachReply(answer, contextId: nil) else {
            Issue.record("not valid")
            return
        }
        #expect(reply.text == "You logged 7 check-ins. Keep going.")
        #expect(reply.cited == ["checkins_last_7"])
    }
}
