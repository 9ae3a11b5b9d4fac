import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct ConsultationTests {
    @Test func personaAcceptsSeedCaseNames() throws {
        let request = try decode(
            CreateConsultationRequest.self,
            #"{"persona":"wellnessSpecialist","context_type":"insight","context_id":"i1"}"#)
        #expect(request.persona == .wellnessSpecialist)
        #expect(
            try canonical(request)
                == #"{"persona":"wellness_specialist","context_type":"insight","context_id":"i1","title":null}"#)
    }

    @Test func insightAndGoalContextsNeedAnId() {
        let missing = wellnessError {
            try decode(CreateConsultationRequest.self, #"{"persona":"nutritionist","context_type":"goal"}"#)
        }
        #expect(missing?.path == "context_id")
        #expect(
            wellnessError {
                try decode(CreateConsultationRequest.self, #"{"persona":"nutritionist","context_type":"general"}"#)
            } == nil)
        #expect(
            wellnessError { try decode(CreateConsultationRequest.self, #"{"persona":"doctor"}"#) }?.path == "persona")
    }

    @Test func messageRoles() {
        let text =
            #"{"id":"m1","consultation_id":"c1","role":"system","content":"x","created_at":"2025-01-01T00:00:00Z"}"#
        #expect(wellnessError { try decode(ConsultationMessage.self, text) }?.path == "role")
    }

    @Test func aReplyKeepsTheDataQueriesItCitesAndWritesNoneWhenEmpty() throws {
        let head =
            #"{"id":"m1","consultation_id":"c1","role":"assistant","content":"x","created_at":"2025-01-01T00:00:00Z""#
        let cited = #"[{"query":{"table":"daily","reduce":"count"},"result":{"value":3,"rows":3}}]"#
        let message = try decode(ConsultationMessage.self, head + #","data_queries":\#(cited)}"#)
        #expect(message.dataQueries.count == 1)
        #expect(try canonical(message).hasSuffix(#","data_queries":\#(cited)}"#))
        let none = try decode(ConsultationMessage.self, head + #","data_queries":[]}"#)
        #expect(try !canonical(none).contains("data_queries"))
        #expect(
            wellnessError { try decode(ConsultationMessage.self, head + #","data_queries":{}}"#) }?.path
                == "data_queries")
        #expect(
            wellnessError { try decode(ConsultationMessage.self, head + #","data_queries":[1]}"#) }?.path
                == "data_queries[0]")
    }
}
