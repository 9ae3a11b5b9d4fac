import WellnessTestSupport

@testable import WellnessKitCore

/// Models of seed 004's integration tests, as JSON text.
enum IntegrationFixtures {
    static func insight(id: String = "i1", title: String = "Move more", suggestions: [String]? = nil) -> String {
        let list = suggestions.map { "[" + $0.map { "\"\($0)\"" }.joined(separator: ",") + "]" } ?? "null"
        return #"{"id":"\#(id)","user_id":"u1","insight_type":"daily","title":"\#(title)","content":"c","#
            + #""suggestions":\#(list),"is_read":false,"is_favorite":false,"is_archived":false,"#
            + #""generated_at":"2025-01-15T10:30:00Z","created_at":"2025-01-15T10:30:00Z","updated_at":"2025-01-15T10:30:00Z"}"#
    }

    static func goal(id: String = "g1", title: String = "Walk 8000 steps") -> String {
        #"{"id":"\#(id)","user_id":"u1","title":"\#(title)","goal_type":"activity","start_date":"2025-01-01","#
            + #""is_recurring":false,"status":"active","created_at":"2025-01-01T00:00:00Z","updated_at":"2025-01-01T00:00:00Z"}"#
    }

    static func consultation(id: String = "c1") -> String {
        #"{"id":"\#(id)","user_id":"u1","persona":"nutritionist","is_archived":false,"message_count":0,"#
            + #""created_at":"2025-01-01T00:00:00Z","updated_at":"2025-01-01T00:00:00Z"}"#
    }

    static func context(_ text: String) throws -> IntegrationContext {
        try IntegrationContext(from: ObjectReader(JSONParser.parse(text), at: .root))
    }
}
