import NIOCore
import WellnessKitCore

/// One call to the model within a question, as the conversation sees it:
/// the request goes out, and the answer's content is told to `received` as
/// it arrives. An unstreamed call (``CompleteRound``) is a round whose
/// content arrives at once; a streamed one (``StreamedRound``) tells it piece
/// by piece. Either way the round ends with the whole
/// ``ChatCompletionsClient/Answer`` (or the content as it stood when
/// `received` stopped it), and its failures are
/// ``ChatCompletionsClient/Failure``s, so one loop serves both.
protocol Round: Sendable {
    /// Whether the request asks for server-sent chunks (`"stream": true`).
    var streams: Bool { get }

    /// Sends `body` and reads its answer by `deadline`, telling `received`
    /// the content so far whenever it grows (not after a refusal or a tool
    /// call began); `received` answering false stops reading.
    func answer(_ body: JSONValue, deadline: NIODeadline, received: (String) async -> Bool) async throws
        -> ChatCompletionsClient.Answer
}
