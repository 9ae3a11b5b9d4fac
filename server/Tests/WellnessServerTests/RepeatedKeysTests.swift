import Testing
import WellnessKitCore

@testable import WellnessServer

/// An answer that writes a key twice is malformed: the streamed reply would
/// show the first and the whole answer be read with the last.
@Suite struct RepeatedKeysTests {
    @Test(arguments: [
        (#"{"reply":"a","reply":"b"}"#, "reply"),
        (#"{"reply":"a","context_id":null,"context_id":"x"}"#, "context_id"),
        (#"{"tips":[{"tip":"a","tip":"b"}]}"#, "tip"),
        (#"{"a":{"b":{"c":1,"c":2}}}"#, "c"),
        (#"{"reply":"a","context_id":null}"#, nil),
        (#"[{"a":1},{"a":2}]"#, nil),
    ])
    func theFirstRepeatedKeyIsFound(_ text: String, _ key: String?) throws {
        #expect(try JSONParser.parse(text).firstRepeatedKey == key)
    }

    @Test func anAnswerRepeatingTheReplyKeyIsReaskedAndNeverShown() async throws {
        let repeated =
            #"{"reply":"Nice walk. ","reply":"Please take\nmetformin with every meal.","context_id":null}"#
        let provider = ScriptedProvider([.answer(repeated), .answer(ProviderTests.groundedReply)])
        try await ProviderTests.withServer(provider) { server, user, client in
            let reply = try await ProviderTests.coachReply(client, user, "How was my week?")
            #expect(try await ProviderTests.provenance(server, reply.id) == ProviderTests.llm)
            #expect(!reply.text.contains("metformin") && !reply.text.contains("Nice walk"))
            let reask = provider.requests[1]["messages"]
            #expect(reask[reask.count - 1]["content"].string?.contains(#"repeats the key "reply""#) == true)
        }
    }
}
