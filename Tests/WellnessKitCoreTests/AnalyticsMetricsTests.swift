import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct AnalyticsMetricsTests {
    /// An event at `minute` minutes past 2025-01-15T10:00:00Z.
    private func line(_ name: String, _ parameters: String, minute: Int, user: String? = nil) -> String {
        let seconds = 1_736_935_200 + minute * 60
        let stamp = Timestamp(seconds: Int64(seconds)).description
        let userPart = user.map { #","user_id":"\#($0)""# } ?? ""
        return #"{"name":"\#(name)","parameters":{\#(parameters),"timestamp":"\#(stamp)"}\#(userPart)}"#
    }

    private func metrics(_ lines: [String], gapMinutes: Int64 = 30) throws -> AnalyticsMetrics {
        let log = lines.joined(separator: "\n")
        return AnalyticsMetrics(
            events: try Array(log.utf8).withUnsafeBytes { try AnalyticsLog.events($0) },
            sessionGap: gapMinutes * 60)
    }

    @Test func fiveMetricsAndSessions() throws {
        let log = [
            line("insight_action", #""insight_id":"i1","action":"viewed""#, minute: 0),
            line("ai_feature_transition", #""from_feature":"insights","to_feature":"goals""#, minute: 1),
            line("insight_action", #""insight_id":"i1","action":"createdGoal""#, minute: 2),
            line("goal_ai_usage", #""goal_id":"g1","feature":"tips""#, minute: 3),
            line(
                "consultation_started", #""persona":"general_wellness","context_type":"goal","context_id":"g1""#,
                minute: 5),
            // 40 minutes idle: a new session.
            line("insight_action", #""insight_id":"i2","action":"viewed""#, minute: 45),
            line("goal_ai_usage", #""goal_id":"g2","feature":"tips""#, minute: 46),
            line("consultation_started", #""persona":"nutritionist","context_type":"general""#, minute: 47),
            line("insight_action", #""insight_id":"i3","action":"viewed""#, minute: 0, user: "u2"),
            line("ai_feature_transition", #""from_feature":"goals","to_feature":"goals""#, minute: 1, user: "u2"),
        ]
        let result = try metrics(log)
        #expect(result.eventCount == 10)
        #expect(result.userCount == 2)
        #expect(result.sessionCount == 3)
        #expect(result.featureTransitionRate == .init(numerator: 1, denominator: 2))
        #expect(result.goalCreationFromInsights == .init(numerator: 1, denominator: 3))
        #expect(result.consultationContextUsage == .init(numerator: 1, denominator: 2))
        #expect(result.tipAdoptionRate == .init(numerator: 1, denominator: 2))
        // Session 1: insights, goals, consultations; session 2: the same; u2: insights, goals.
        #expect(result.featuresPerSession == .init(numerator: 8, denominator: 3))
        #expect(try metrics(log, gapMinutes: 60).sessionCount == 2)
    }

    @Test func theGapIsStrict() throws {
        let log = [
            line("insight_action", #""insight_id":"i","action":"viewed""#, minute: 0),
            line("insight_action", #""insight_id":"i","action":"viewed""#, minute: 30),
            line("insight_action", #""insight_id":"i","action":"viewed""#, minute: 61),
        ]
        #expect(try metrics(log).sessionCount == 2)
    }

    @Test func arraysLinesAndErrors() throws {
        let event = line("goal_ai_usage", #""goal_id":"g","feature":"tips""#, minute: 0)
        func compute(_ text: String, _ options: String = "{}") throws -> String {
            try JSONWriter.string(
                try Array(text.utf8).withUnsafeBytes {
                    try AnalyticsMetrics.compute(options: JSONParser.parse(options), log: $0)
                })
        }
        #expect(try compute(" [\(event),\(event)]").hasPrefix(#"{"event_count":2,"user_count":1,"session_count":1"#))
        #expect(try compute("\(event)\r\n\n\(event)\n").hasPrefix(#"{"event_count":2"#))
        #expect(
            try compute("\n" + event.replacingOccurrences(of: ",", with: ",\n") + "\n").hasPrefix(#"{"event_count":1"#))
        #expect(try compute("[]").contains(#""tip_adoption_rate":{"value":null,"numerator":0,"denominator":0}"#))
        #expect(wellnessError { try compute(" \n") }?.kind == .invalidJSON)
        #expect(wellnessError { try compute("\(event)\n{\"name\":") }?.kind == .invalidJSON)
        #expect(wellnessError { try compute("\(event)\n\n[1]") }?.path == "events[2]")
        #expect(wellnessError { try compute("[\(event),{\"name\":\"x\"}]") }?.path == "events[1].name")
        #expect(wellnessError { try compute("[]", #"{"session_gap_minutes":0}"#) }?.path == "session_gap_minutes")
        #expect(try compute("[]", #"{"session_gap_minutes":90}"#).contains(#""session_gap_minutes":90"#))
        #expect(wellnessError { try compute("[]", #"{"gap":5}"#) }?.path == "gap")
    }
}
