import Foundation
import HummingbirdTesting
import Testing
import WellnessKitCore

@testable import WellnessServer

extension StoreContract {
    /// A coach reply, its provenance and its data queries are one write: with
    /// a failure injected into the write of the records (a trigger refusing
    /// any message row that carries a provenance), nothing of the exchange is
    /// stored, neither the user's message nor a reply without its records.
    static func replyWithRecords(_ server: TestServer) async throws {
        let store = server.store
        let user = try await server.user(days: 5)
        try await server.test { client in
            let created = try await client.call(
                .post, "/api/v1/consultations", as: user, json: #"{"persona":"sleep_coach"}"#)
            let consultationId = try #require(created.2["data"]["id"].string)
            let uri = "/api/v1/consultations/\(consultationId)/messages"
            let stored = {
                let consultation = try #require(try await store.consultations.get(consultationId, for: user.id))
                return (consultation, try await store.consultations.messages(of: consultation, after: 0, limit: 100))
            }
            #expect(try await client.call(.post, uri, as: user, json: #"{"content":"How did I sleep?"}"#).0 == .created)
            let before = try await stored()
            #expect(before.1.map(\.message.role) == [.user, .assistant])
            #expect(before.1.last?.provenance?.source == .rules, "the reply is stored with how it was made")

            for statement in injectedFailure(server.engine) { try await store.engine.query(statement) }
            let (status, _, _) = try await client.call(.post, uri, as: user, json: #"{"content":"And today?"}"#)
            #expect(status == .internalServerError)
            let after = try await stored()
            #expect(after.1.count == 2, "no message of the failed exchange: \(after.1.map(\.message.content))")
            #expect(after.0.messageCount == 2)
        }
    }

    /// Statements making every write of a message row with a provenance fail.
    private static func injectedFailure(_ engine: TestEngine) -> [String] {
        switch engine {
        case .sqlite:
            return ["INSERT", "UPDATE"].map { event in
                """
                CREATE TRIGGER refuse_\(event.lowercased()) BEFORE \(event) ON messages
                WHEN NEW.generation_source IS NOT NULL BEGIN SELECT RAISE(ABORT, 'injected failure'); END
                """
            }
        case .postgres:
            return [
                """
                CREATE FUNCTION refuse_records() RETURNS trigger LANGUAGE plpgsql
                AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$
                """,
                """
                CREATE TRIGGER refuse_records BEFORE INSERT OR UPDATE ON messages FOR EACH ROW
                WHEN (NEW.generation_source IS NOT NULL) EXECUTE FUNCTION refuse_records()
                """,
            ]
        }
    }
}
