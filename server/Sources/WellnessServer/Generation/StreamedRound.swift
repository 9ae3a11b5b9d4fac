import NIOCore
import WellnessKitCore

/// A streamed call (`"stream": true`): the content is told as its chunks
/// arrive, and the answer is put together from them (its tool calls from
/// their pieces, `usage` from the last chunk).
struct StreamedRound: Round {
    let client: ChatCompletionsClient

    var streams: Bool { true }

    /// - Throws: ``ChatCompletionsClient/Failure/malformedResponse`` for a tool call that never got its id or name,
    ///   as an unstreamed answer holding one.
    func answer(_ body: JSONValue, deadline: NIODeadline, received: (String) async -> Bool) async throws
        -> ChatCompletionsClient.Answer
    {
        var answer = ChatCompletionsClient.Answer(content: "")
        var calls = ChatCompletionsClient.StreamedToolCalls()
        try await client.stream(body, deadline: deadline) { chunk in
            answer.content = (answer.content ?? "") + (chunk.content ?? "")
            for piece in chunk.toolCalls { calls.add(piece) }
            answer.refusal = answer.refusal ?? chunk.refusal
            answer.finishReason = chunk.finishReason ?? answer.finishReason
            answer.usage = chunk.usage ?? answer.usage
            // A refusal ends the answer; once a tool call begins, its text is not shown.
            guard answer.refusal == nil else { return false }
            guard calls.isEmpty else { return true }
            guard let piece = chunk.content, !piece.isEmpty else { return true }
            return await received(answer.content ?? "")
        }
        guard let toolCalls = calls.calls else { throw ChatCompletionsClient.Failure.malformedResponse }
        answer.toolCalls = toolCalls
        return answer
    }
}
