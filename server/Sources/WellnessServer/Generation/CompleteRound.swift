import NIOCore
import WellnessKitCore

/// An unstreamed call: the answer arrives whole, and its content is told at once.
struct CompleteRound: Round {
    let client: ChatCompletionsClient

    var streams: Bool { false }

    func answer(_ body: JSONValue, deadline: NIODeadline, received: (String) async -> Bool) async throws
        -> ChatCompletionsClient.Answer
    {
        let answer = try await client.complete(body, deadline: deadline)
        if answer.refusal == nil, answer.toolCalls.isEmpty, let content = answer.content, !content.isEmpty {
            _ = await received(content)
        }
        return answer
    }
}
