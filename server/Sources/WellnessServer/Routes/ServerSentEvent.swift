import HTTPTypes
import Hummingbird
import NIOCore
import WellnessKitCore

/// One event of a streamed coach reply (docs/SERVER.md, "Streamed replies"):
/// `event: NAME`, one `data:` line of compact JSON, a blank line.
struct ServerSentEvent: Sendable, Equatable {
    let name: String
    let data: JSONValue

    static func delta(_ text: String) -> Self {
        Self(name: "delta", data: .object(JSONObject([("text", .string(text))])))
    }

    static func reset(_ reason: FallbackReason) -> Self {
        Self(name: "reset", data: .object(JSONObject([("reason", .string(reason.rawValue))])))
    }

    /// The last event: what the response without streaming holds in `data`.
    static func done(_ data: JSONValue) -> Self {
        Self(name: "done", data: data)
    }

    /// The last event, when the reply failed after the stream began.
    static func error(code: String, message: String) -> Self {
        Self(name: "error", data: .object(JSONObject([("code", .string(code)), ("message", .string(message))])))
    }

    init(name: String, data: JSONValue) {
        self.name = name
        self.data = data
    }

    init(_ event: ReplyEvent) {
        switch event {
        case .delta(let text): self = .delta(text)
        case .reset(let reason): self = .reset(reason)
        }
    }

    /// The event on the wire (`JSONWriter` writes no line breaks, so `data` is one line).
    var bytes: ByteBuffer {
        ByteBuffer(string: "event: \(name)\ndata: \((try? JSONWriter.string(data)) ?? "null")\n\n")
    }

    static let contentType = "text/event-stream; charset=utf-8"

    /// Whether `request` asks for a stream (`Accept: text/event-stream`).
    static func isAccepted(by request: Request) -> Bool {
        request.headers[values: .accept].contains { value in
            value.split(separator: ",").contains {
                $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
                    == "text/event-stream"
            }
        }
    }

    /// The `data` of the last `name` event in the stream `bytes` (for replaying a streamed response).
    static func lastData(named name: String, in bytes: [UInt8]) -> JSONValue? {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let marker = Array("event: \(name)".utf8)
        guard let index = lines.lastIndex(where: { $0.elementsEqual(marker) }), index + 1 < lines.count,
            lines[index + 1].starts(with: "data: ".utf8)
        else { return nil }
        return try? JSONParser.parse(Array(lines[index + 1].dropFirst(6)))
    }
}
