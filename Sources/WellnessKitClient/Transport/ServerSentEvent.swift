/// One event of a `text/event-stream` body, as ``ServerSentEventParser`` dispatches it.
public struct ServerSentEvent: Sendable, Equatable {
    /// The `event:` field, or "message" when the event named none (the format's default).
    public var type: String
    /// The `data:` lines joined with "\n", as bytes: invalid UTF-8 reaches the
    /// JSON parser, which refuses it, instead of being silently replaced.
    public var data: [UInt8]

    public init(type: String, data: [UInt8]) {
        self.type = type
        self.data = data
    }
}
