import AsyncHTTPClient
import NIOConcurrencyHelpers
import NIOCore

/// One provider call's response body, read within the call's deadline: head,
/// body and stream alike (AsyncHTTPClient's own deadline stops applying once
/// the head has arrived), and, when `idle` is given, with at most `idle`
/// between two pieces after the head. Past either, ``parts`` ends with
/// ``ChatCompletionsClient/Failure/timeout`` at once and the request is
/// cancelled (its connection closed), so that a dripping or stalled provider
/// holds neither the answer nor the call's slot.
struct TimedResponse: Sendable {
    /// The body's pieces, in order; ends with the body, the failure of the
    /// request (its status included), or ``ChatCompletionsClient/Failure/timeout``.
    let parts: AsyncThrowingStream<ByteBuffer, any Error>
    private let reader: Task<Void, Never>
    private let watch: Task<Void, Never>

    /// Starts `send` (the request, answered with its head) and reads its body into ``parts``.
    init(
        deadline: NIODeadline, idle: TimeAmount?,
        _ send: @escaping @Sendable () async throws -> HTTPClientResponse
    ) {
        let (parts, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        // When the last piece (or the head) arrived; nil before the head, when only the deadline applies.
        let lastArrival = NIOLockedValueBox<NIODeadline?>(nil)
        let reader = Task {
            do {
                let response = try await send()
                lastArrival.withLockedValue { $0 = .now() }
                for try await part in response.body {
                    lastArrival.withLockedValue { $0 = .now() }
                    continuation.yield(part)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        watch = Task {
            while !Task.isCancelled {
                let idleEnd = idle.flatMap { idle in lastArrival.withLockedValue { $0 }.map { $0 + idle } }
                let end = min(deadline, idleEnd ?? deadline)
                let now = NIODeadline.now()
                guard now < end else {
                    continuation.finish(throwing: ChatCompletionsClient.Failure.timeout)
                    reader.cancel()
                    return
                }
                // Woken at the earlier end, and at least every `idle` (the head may arrive meanwhile and start
                // the idle clock); a piece that arrived meanwhile moves the idle end, checked again.
                let wake = idle.map { min(end, now + $0) } ?? end
                try? await Task.sleep(nanoseconds: UInt64(max((wake - now).nanoseconds, 0)))
            }
        }
        self.parts = parts
        self.reader = reader
    }

    /// Stops reading (a consumer that has what it needs, or gave up): the request is cancelled if still running.
    func stop() {
        reader.cancel()
        watch.cancel()
    }
}
