import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import WellnessKitCore

@testable import WellnessServer

/// An OpenAI-compatible Chat Completions server for tests, on a free
/// loopback port: each `POST /v1/chat/completions` gets the next scripted
/// reply (a 500 when the script is spent), and every request body is recorded.
final class ScriptedProvider: @unchecked Sendable {
    /// One scripted HTTP reply.
    struct Reply: Sendable {
        var status: HTTPResponse.Status = .ok
        var headers: HTTPFields = [:]
        var body: String
        var delay: Duration = .zero
        /// Server-sent chunks (a `"stream": true` answer), each sent `pieceDelay` after the last.
        var chunks: [String]?
        var pieceDelay: Duration = .zero
        /// A pause after the head, before any of the body.
        var stallAfterHead: Duration = .zero
        /// An unstreamed body sent one byte at a time, each this long after the last.
        var byteDelay: Duration = .zero

        /// A 200 whose first choice says `content`.
        static func answer(
            _ content: String, finishReason: String = "stop", usage: Bool = true,
            refusal: String? = nil
        ) -> Reply {
            var message = JSONObject([("role", .string("assistant")), ("content", .string(content))])
            if let refusal { message.append("refusal", .string(refusal)) }
            var root = JSONObject([
                ("id", .string("chatcmpl-test")), ("object", .string("chat.completion")),
                (
                    "choices",
                    .array([
                        .object(
                            JSONObject([
                                ("index", .int(0)), ("message", .object(message)),
                                ("finish_reason", .string(finishReason)),
                            ]))
                    ])
                ),
            ])
            if usage {
                root.append(
                    "usage",
                    .object(
                        JSONObject([
                            ("prompt_tokens", .int(40)), ("completion_tokens", .int(10)),
                            ("total_tokens", .int(50)),
                        ])))
            }
            return Reply(body: (try? JSONWriter.string(.object(root))) ?? "{}")
        }

        /// A 200 whose first choice calls tools: `calls` as (id, function name, arguments text).
        static func toolCalls(_ calls: [(id: String, name: String, arguments: String)]) -> Reply {
            let message = JSONObject([
                ("role", .string("assistant")), ("content", .null),
                ("tool_calls", .array(calls.map(toolCall))),
            ])
            let root = JSONObject([
                ("object", .string("chat.completion")),
                (
                    "choices",
                    .array([
                        .object(
                            JSONObject([
                                ("index", .int(0)), ("message", .object(message)),
                                ("finish_reason", .string("tool_calls")),
                            ]))
                    ])
                ),
                ("usage", .object(JSONObject([("prompt_tokens", .int(40)), ("completion_tokens", .int(10))]))),
            ])
            return Reply(body: (try? JSONWriter.string(.object(root))) ?? "{}")
        }

        /// A call of the data tool with `arguments`.
        static func query(_ arguments: String, id: String = "call_1") -> Reply {
            toolCalls([(id, DataQuery.toolName, arguments)])
        }

        private static func toolCall(_ call: (id: String, name: String, arguments: String)) -> JSONValue {
            .object(
                JSONObject([
                    ("id", .string(call.id)), ("type", .string("function")),
                    (
                        "function",
                        .object(JSONObject([("name", .string(call.name)), ("arguments", .string(call.arguments))]))
                    ),
                ]))
        }

        /// A streamed 200 calling the data tool with `arguments`, sent as OpenAI
        /// streams it: the call's id and name first, its arguments in two pieces.
        static func streamedQuery(_ arguments: String, id: String = "call_1") -> Reply {
            func chunk(_ delta: JSONValue, finish: String? = nil) -> String {
                let choice = JSONObject([
                    ("index", .int(0)), ("delta", delta), ("finish_reason", finish.map(JSONValue.string) ?? .null),
                ])
                let root = JSONObject([
                    ("object", .string("chat.completion.chunk")), ("choices", .array([.object(choice)])),
                ])
                return (try? JSONWriter.string(.object(root))) ?? "{}"
            }
            func piece(_ function: JSONObject, id: String? = nil) -> JSONValue {
                var call = JSONObject([("index", .int(0))])
                if let id { call.append("id", .string(id)) }
                call.append("function", .object(function))
                return .object(JSONObject([("tool_calls", .array([.object(call)]))]))
            }
            let half = arguments.index(arguments.startIndex, offsetBy: arguments.count / 2)
            let chunks = [
                chunk(.object(JSONObject([("role", .string("assistant")), ("content", .null)]))),
                chunk(piece(JSONObject([("name", .string(DataQuery.toolName)), ("arguments", .string(""))]), id: id)),
                chunk(piece(JSONObject([("arguments", .string(String(arguments[..<half])))]))),
                chunk(piece(JSONObject([("arguments", .string(String(arguments[half...])))]))),
                chunk(.object(JSONObject()), finish: "tool_calls"),
            ]
            return Reply(body: "", chunks: chunks + ["[DONE]"])
        }

        /// A 200 whose content is `json` written out.
        static func json(_ json: JSONValue) -> Reply {
            answer((try? JSONWriter.string(json)) ?? "{}")
        }

        /// A streamed 200: `pieces` of the content as chunks, then the finish reason, then `usage`.
        static func stream(
            _ pieces: [String], finishReason: String = "stop", usage: Bool = true, refusal: String? = nil,
            pieceDelay: Duration = .zero
        ) -> Reply {
            func chunk(_ delta: JSONObject, finish: String? = nil) -> String {
                let choice = JSONObject([
                    ("index", .int(0)), ("delta", .object(delta)),
                    ("finish_reason", finish.map(JSONValue.string) ?? .null),
                ])
                let root = JSONObject([
                    ("object", .string("chat.completion.chunk")), ("choices", .array([.object(choice)])),
                ])
                return (try? JSONWriter.string(.object(root))) ?? "{}"
            }
            var chunks = [chunk(JSONObject([("role", .string("assistant"))]))]
            chunks += pieces.map { chunk(JSONObject([("content", .string($0))])) }
            if let refusal { chunks.append(chunk(JSONObject([("refusal", .string(refusal))]))) }
            chunks.append(chunk(JSONObject([]), finish: finishReason))
            if usage {
                chunks.append(
                    #"{"object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":40,"completion_tokens":10,"total_tokens":50}}"#
                )
            }
            return Reply(body: "", chunks: chunks + ["[DONE]"], pieceDelay: pieceDelay)
        }

        static func status(_ status: HTTPResponse.Status, retryAfter: String? = nil) -> Reply {
            var reply = Reply(status: status, body: #"{"error":{"message":"scripted"}}"#)
            if let retryAfter { reply.headers[.retryAfter] = retryAfter }
            return reply
        }
    }

    private let lock = NSLock()
    private var script: [Reply]
    private var bodies: [JSONValue] = []

    init(_ script: [Reply]) {
        self.script = script
    }

    /// Every request body received, in order.
    var requests: [JSONValue] { lock.withLock { bodies } }

    /// Replies to come.
    func append(_ replies: [Reply]) {
        lock.withLock { script += replies }
    }

    /// Replaces the replies to come and forgets the requests received: one
    /// case of a long run at a time on the same server (RedTeamTests).
    func reset(_ replies: [Reply]) {
        lock.withLock {
            script = replies
            bodies = []
        }
    }

    private func next(recording body: JSONValue) -> Reply {
        lock.withLock {
            bodies.append(body)
            return script.isEmpty ? .status(.internalServerError) : script.removeFirst()
        }
    }

    /// Runs `body` with the server's base URL (`http://127.0.0.1:PORT/v1`).
    func run(_ body: @escaping @Sendable (String) async throws -> Void) async throws {
        let router = Router()
        router.post("v1/chat/completions") { request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 1 << 22)
            let json = (try? JSONParser.parse(Array(buffer.readableBytesView))) ?? .null
            let reply = self.next(recording: json)
            if reply.delay > .zero { try await Task.sleep(for: reply.delay) }
            if let chunks = reply.chunks {
                return Response(
                    status: .ok, headers: [.contentType: "text/event-stream"],
                    body: ResponseBody { writer in
                        // Hummingbird has sent the head before the body's closure runs.
                        try await Task.sleep(for: reply.stallAfterHead)
                        for chunk in chunks {
                            try await writer.write(ByteBuffer(string: "data: \(chunk)\n\n"))
                            if reply.pieceDelay > .zero { try await Task.sleep(for: reply.pieceDelay) }
                        }
                        try await writer.finish(nil)
                    })
            }
            if reply.stallAfterHead > .zero || reply.byteDelay > .zero {
                return Response(
                    status: reply.status, headers: [.contentType: "application/json"],
                    body: ResponseBody { writer in
                        // Hummingbird has sent the head before the body's closure runs.
                        try await Task.sleep(for: reply.stallAfterHead)
                        for byte in reply.body.utf8 {
                            try await writer.write(ByteBuffer(bytes: [byte]))
                            try await Task.sleep(for: reply.byteDelay)
                        }
                        try await writer.finish(nil)
                    })
            }
            var headers = reply.headers
            headers[.contentType] = "application/json"
            return Response(
                status: reply.status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: reply.body)))
        }
        try await Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
            .test(.live) { client in
                guard let port = client.port else { throw CancellationError() }
                try await body("http://127.0.0.1:\(port)/v1")
            }
    }
}

extension ScriptedProvider {
    /// The messages of request `index`: (role, content).
    func messages(of index: Int) -> [(role: String, content: String)] {
        let request = requests.indices.contains(index) ? requests[index] : .null
        guard case .array(let messages) = request["messages"] else { return [] }
        return messages.map { ($0["role"].string ?? "", $0["content"].string ?? "") }
    }

    /// Every prompt text sent, all requests together.
    var allPromptText: String {
        requests.indices.flatMap { messages(of: $0).map(\.content) }.joined(separator: "\n")
    }
}
