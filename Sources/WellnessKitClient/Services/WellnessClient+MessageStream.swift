import WellnessKitCore

extension WellnessClient {
    /// The most bytes one event of a streamed reply may take; a larger one
    /// fails the call (invalid response) rather than grow memory without bound.
    public static let maximumReplyEventSize = 1 << 20

    /// ``sendMessage(consultationId:content:)`` with the coach's reply streamed
    /// (`Accept: text/event-stream`): `onEvent` gets each ``ReplyStreamEvent``
    /// on the calling thread, in order, as it arrives, and returns false to
    /// stop the transfer. The message and the reply are stored by the server
    /// either way.
    ///
    /// Deadlines: `aiTimeout` bounds the wait until the stream starts, then
    /// each silence within it (keep-alive comments count as activity); a
    /// reply that keeps streaming is never cut. A server that answers without
    /// streaming (one that predates it) is taken as is: its reply arrives as
    /// one delta.
    ///
    /// Offline mode: the API must be reachable. Due queued writes are replayed
    /// first, and while any remain queued the call fails (`network`), since
    /// this message would overtake them; when the API cannot be reached the
    /// call fails as without offline mode, nothing being queued:
    /// ``sendMessageOrQueue(consultationId:content:)`` queues instead.
    /// - Returns: the sent message and the stored reply, as `sendMessage`'s.
    /// - Throws: ``WellnessError``: `cancelled` when `onEvent` stopped it; the
    ///   API's refusal before the stream (`notFound`, `unauthorized`, ...) as
    ///   `sendMessage`; for an `error` event, the kind its code means (`http`
    ///   for others, the code in the message); `network` for a stream cut off
    ///   or ended without its `done` event; `timeout` for a silent one;
    ///   `invalidResponse` for events that are not the API's.
    public func sendMessageStream(
        consultationId: String, content: String, onEvent: (ReplyStreamEvent) -> Bool
    ) throws -> [ConsultationMessage] {
        let path = "/api/v1/consultations/\(try segment(consultationId))/messages"
        let offline = try awaitEmptyOutbox()
        let body = JSONValue.object(JSONObject([("content", .string(content))]))
        var parser = ServerSentEventParser(maximumEventSize: Self.maximumReplyEventSize)
        var outcome: Result<[ConsultationMessage], WellnessError>?
        let answer: JSONValue?
        do {
            answer = try sendStreaming("POST", path, body: body, operation: .ai) { bytes in
                do {
                    for event in try parser.feed(bytes) {
                        outcome = try Self.interpret(event, onEvent)
                        if outcome != nil { return false }
                    }
                    return true
                } catch let error as WellnessError {
                    outcome = .failure(error)
                } catch {
                    outcome = .failure(.internal("unexpected error: \(error)"))
                }
                return false
            }
        } catch let error as WellnessError where offline && Self.isUnreachable(error) {
            throw error.appending(
                "; a streamed reply needs the API (sending the message without streaming queues it offline)")
        }
        if let answer {
            let messages = try decodeResponse(Envelope<MessagesPage>.self, from: answer).data.messages
            if let reply = messages.last(where: { $0.role == .assistant }), !onEvent(.delta(text: reply.content)) {
                throw Self.cancelled
            }
            return messages
        }
        guard let outcome else {
            throw WellnessError(
                kind: .network,
                message: "POST \(path): the reply stream ended before its done or error event (truncated)")
        }
        return try outcome.get()
    }

    /// The error of a stream the caller stopped.
    static let cancelled = WellnessError(
        kind: .cancelled,
        message: "the callback stopped the streamed reply; the message and the reply are stored by the server")

    /// In offline mode, replays due queued writes and refuses to let this
    /// message overtake any that remain.
    /// - Returns: whether offline mode is on (and its store usable).
    private func awaitEmptyOutbox() throws -> Bool {
        // A store that cannot be opened leaves the call as without offline mode.
        guard let context = try? offlineContext() else { return false }
        guard ((try? context.store.pendingCounts(scope: context.scope).total) ?? 0) > 0 else { return true }
        _ = try? syncPending(limit: Self.automaticDrainLimit, dueOnly: true, waitSeconds: 0, context: context)
        let remaining = (try? context.store.pendingCounts(scope: context.scope).total) ?? 0
        guard remaining == 0 else {
            throw WellnessError(
                kind: .network,
                message:
                    "\(remaining) queued write(s) are not delivered yet and a streamed message would overtake them: "
                    + "sync first, or send the message without streaming, which queues it behind them")
        }
        return true
    }

    /// What one event of the stream means: nil to read on, or the call's end.
    private static func interpret(
        _ event: ServerSentEvent, _ onEvent: (ReplyStreamEvent) -> Bool
    ) throws -> Result<[ConsultationMessage], WellnessError>? {
        switch event.type {
        case "delta", "reset":
            let reader = try data(of: event)
            let piece: ReplyStreamEvent
            if event.type == "delta" {
                piece = .delta(text: try field { try reader.required("text") })
            } else {
                piece = .reset(reason: try field { try reader.optional("reason") } ?? "")
            }
            return onEvent(piece) ? nil : .failure(cancelled)
        case "done":
            let reader = try data(of: event)
            return .success(try field { try MessagesPage(json: .object(reader.object), at: .root) }.messages)
        case "error":
            let reader = try data(of: event)
            let code: String = try field { try reader.required("code") }
            let message: String = try field { try reader.optional("message") } ?? "the reply failed"
            return .failure(streamError(code: code, message: message))
        default:
            // Event types a later server may add are not this call's business.
            return nil
        }
    }

    /// The event's data, which must be one JSON object.
    private static func data(of event: ServerSentEvent) throws -> ObjectReader {
        do {
            return try ObjectReader(JSONParser.parse(event.data), at: .root)
        } catch let error as WellnessError {
            throw WellnessError(
                kind: .invalidResponse, message: "the \(event.type) event's data is not a JSON object: \(error)")
        }
    }

    /// Reads a field of an event's data; a field that does not fit is the server's fault.
    private static func field<Value>(_ read: () throws -> Value) throws -> Value {
        do {
            return try read()
        } catch let error as WellnessError where error.kind == .validation {
            throw WellnessError(
                kind: .decoding, message: "the server's stream event does not fit: \(error.message)", path: error.path)
        }
    }

    /// The error an `error` event stands for: its code's kind where the
    /// statuses have one, else `http`; the code is kept in the message.
    static func streamError(code: String, message: String) -> WellnessError {
        let kind: WellnessError.Kind
        switch code {
        case "NOT_FOUND": kind = .notFound
        case "UNAUTHORIZED": kind = .unauthorized
        case "FORBIDDEN": kind = .forbidden
        case "RATE_LIMITED": kind = .rateLimited
        case "REQUEST_TIMEOUT", "TIMEOUT": kind = .timeout
        default: kind = .http
        }
        return WellnessError(kind: kind, message: "the reply failed after it started streaming (\(code)): \(message)")
    }
}
