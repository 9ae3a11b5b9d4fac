import WellnessKitCore

/// A piece of a coach's reply as it streams
/// (``WellnessClient/sendMessageStream(consultationId:content:onEvent:)``).
public enum ReplyStreamEvent: Sendable, Equatable {
    /// The next text of the reply.
    case delta(text: String)
    /// The text received so far was withdrawn (grounding or safety rejected
    /// it part-way); the deltas that follow are the whole replacement reply.
    case reset(reason: String)

    /// The event's name on the wire and in the C ABI: "delta" or "reset".
    public var name: String {
        switch self {
        case .delta: return "delta"
        case .reset: return "reset"
        }
    }

    /// `{"text": ...}` or `{"reason": ...}`: the event's data as the C ABI hands it over.
    public var json: JSONValue {
        switch self {
        case .delta(let text): return .object(JSONObject([("text", .string(text))]))
        case .reset(let reason): return .object(JSONObject([("reason", .string(reason))]))
        }
    }
}
