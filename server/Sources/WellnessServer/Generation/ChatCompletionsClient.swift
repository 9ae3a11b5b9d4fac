import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import WellnessKitCore

/// The wire format of `POST {base}/chat/completions`, the one API that
/// OpenAI, vLLM, Ollama and llama-server share, over AsyncHTTPClient.
struct ChatCompletionsClient: Sendable {
    /// One message of the conversation: the assistant's may call tools
    /// (`tool_calls`), and a `tool` message answers one call (`tool_call_id`).
    struct Message: Sendable, Equatable {
        var role: String
        var content: String
        var toolCalls: [ToolCall] = []
        var toolCallId: String?

        var json: JSONValue {
            var object = JSONObject([("role", .string(role))])
            object.append("content", toolCalls.isEmpty || !content.isEmpty ? .string(content) : .null)
            if !toolCalls.isEmpty { object.append("tool_calls", .array(toolCalls.map(\.json))) }
            if let toolCallId { object.append("tool_call_id", .string(toolCallId)) }
            return .object(object)
        }
    }

    /// A function the model asked to call, with its arguments as the JSON text it wrote.
    struct ToolCall: Sendable, Equatable {
        var id: String
        var name: String
        var arguments: String

        var json: JSONValue {
            .object(
                JSONObject([
                    ("id", .string(id)), ("type", .string("function")),
                    ("function", .object(JSONObject([("name", .string(name)), ("arguments", .string(arguments))]))),
                ]))
        }
    }

    /// What the provider answered, as far as the server reads it.
    struct Answer: Sendable {
        var content: String?
        var refusal: String?
        var finishReason: String?
        /// `usage.prompt_tokens` and `usage.completion_tokens`; nil when the provider sent no `usage`.
        var usage: (prompt: Int, completion: Int)?
        var toolCalls: [ToolCall] = []
    }

    /// Why no answer came.
    struct Failure: Error, Sendable {
        enum Kind: Sendable, Equatable {
            case timeout
            /// A status other than 200, with `Retry-After` in seconds when given so.
            case status(Int, retryAfter: Double?)
            case transport
            case malformedResponse
        }

        let kind: Kind

        static let timeout = Failure(kind: .timeout)
        static let transport = Failure(kind: .transport)
        static let malformedResponse = Failure(kind: .malformedResponse)
        static func status(_ code: Int, retryAfter: Double?) -> Failure {
            Failure(kind: .status(code, retryAfter: retryAfter))
        }
    }

    /// The process's one client for providers: no redirects (the key must not
    /// follow one to another host), 5 s to connect, and a connection that
    /// cannot be made fails the call at once (the rules answer, the breaker
    /// counts it) instead of being retried until the deadline, as
    /// ``HTTPClient/shared`` does. A global, so it is never deinitialized
    /// (AsyncHTTPClient requires a shutdown before that).
    static let sharedHTTPClient: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(5)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration,
            backgroundActivityLogger: Logger(label: "wellness-server.ai.http"))
    }()

    /// Largest response body read (a chat answer is a few kilobytes).
    static let maximumResponseBytes = 1 << 20

    let endpoint: String
    let apiKey: String?
    let httpClient: HTTPClient
    /// The longest wait for the next piece of a streamed answer once its head has arrived.
    var streamIdleTimeout: TimeAmount = .seconds(10)

    /// One server-sent chunk of a streamed answer (`"stream": true`): what it adds.
    struct Chunk: Sendable {
        var content: String?
        var refusal: String?
        var finishReason: String?
        var usage: (prompt: Int, completion: Int)?
        var toolCalls: [ToolCallPiece] = []
    }

    /// A piece of a streamed tool call: the first piece of call `index` names
    /// it, the following ones add to its arguments.
    struct ToolCallPiece: Sendable, Equatable {
        var index: Int
        var id: String?
        var name: String?
        var arguments: String?
    }

    /// The request body; `stream` asks for the answer as server-sent chunks, the last with `usage`;
    /// `tools` are offered with `tool_choice: "auto"`.
    static func body(
        model: String, messages: [Message], maxTokens: Int, responseFormat: JSONValue?, stream: Bool = false,
        tools: [JSONValue] = []
    ) -> JSONValue {
        var object = JSONObject([
            ("model", .string(model)),
            ("messages", .array(messages.map(\.json))),
            ("max_tokens", .int(maxTokens)),
            ("temperature", .double(0.2)),
            ("stream", .bool(stream)),
        ])
        if stream { object.append("stream_options", .object(JSONObject([("include_usage", .bool(true))]))) }
        if let responseFormat { object.append("response_format", responseFormat) }
        if !tools.isEmpty {
            object.append("tools", .array(tools))
            object.append("tool_choice", .string("auto"))
        }
        return .object(object)
    }

    /// Sends `body` and reads the first choice, by `deadline` (head and body).
    func complete(_ body: JSONValue, deadline: NIODeadline) async throws -> Answer {
        let response = TimedResponse(deadline: deadline, idle: nil) {
            try await send(body, accept: "application/json", deadline: deadline)
        }
        defer { response.stop() }
        let bytes = try await Self.failures(deadline) {
            var bytes: [UInt8] = []
            for try await part in response.parts {
                guard bytes.count + part.readableBytes <= Self.maximumResponseBytes else { throw Failure.transport }
                bytes += part.readableBytesView
            }
            return bytes
        }
        return try Self.answer(bytes)
    }

    /// Sends a `"stream": true` body and tells `receive` each chunk of the
    /// first choice as it arrives, until `data: [DONE]`, the end of the
    /// response, or `receive` answering false (the rest is not read), by
    /// `deadline`, with at most ``streamIdleTimeout`` between two pieces.
    func stream(_ body: JSONValue, deadline: NIODeadline, _ receive: (Chunk) async -> Bool) async throws {
        let response = TimedResponse(deadline: deadline, idle: streamIdleTimeout) {
            try await send(body, accept: "text/event-stream", deadline: deadline)
        }
        defer { response.stop() }
        var lines = ServerSentLines(maximumBytes: Self.maximumResponseBytes)
        try await Self.failures(deadline) {
            for try await part in response.parts {
                for data in try lines.feed(part.readableBytesView) {
                    if data == "[DONE]" { return }
                    guard await receive(try Self.chunk(Array(data.utf8))) else { return }
                }
            }
        }
    }

    /// The request, answered with 200 (any other status is a ``Failure``).
    private func send(_ body: JSONValue, accept: String, deadline: NIODeadline) async throws -> HTTPClientResponse {
        var request = HTTPClientRequest(url: endpoint)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: accept)
        if let apiKey { request.headers.add(name: "Authorization", value: "Bearer \(apiKey)") }
        request.body = .bytes(ByteBuffer(bytes: try JSONWriter.bytes(body)))
        let response = try await httpClient.execute(request, deadline: deadline)
        guard response.status == .ok else {
            throw Failure.status(Int(response.status.code), retryAfter: Self.retryAfter(response.headers))
        }
        return response
    }

    /// `work`'s errors as ``Failure``s: a timeout past `deadline`, else a transport failure.
    private static func failures<T>(_ deadline: NIODeadline, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let failure as Failure {
            throw failure
        } catch let error as HTTPClientError where [.deadlineExceeded, .readTimeout, .connectTimeout].contains(error) {
            throw Failure.timeout
        } catch {
            throw NIODeadline.now() >= deadline ? Failure.timeout : Failure.transport
        }
    }

    /// `Retry-After` in seconds (the delay form; a date is ignored).
    static func retryAfter(_ headers: HTTPHeaders) -> Double? {
        headers.first(name: "Retry-After").flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            .flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }

    /// Reads `choices[0].message.{content, refusal}`, `choices[0].finish_reason` and `usage`.
    static func answer(_ bytes: [UInt8]) throws -> Answer {
        guard let json = try? JSONParser.parse(bytes), case .object(let root) = json,
            case .array(let choices)? = root["choices"], case .object(let choice)? = choices.first,
            case .object(let message)? = choice["message"]
        else {
            throw Failure.malformedResponse
        }
        var answer = Answer()
        if case .string(let content)? = message["content"] { answer.content = content }
        if case .string(let refusal)? = message["refusal"], !refusal.isEmpty { answer.refusal = refusal }
        if case .string(let reason)? = choice["finish_reason"] { answer.finishReason = reason }
        if case .object(let usage)? = root["usage"], let prompt = count(usage["prompt_tokens"]),
            let completion = count(usage["completion_tokens"])
        {
            answer.usage = (prompt, completion)
        }
        if case .array(let calls)? = message["tool_calls"] {
            answer.toolCalls = try calls.map { call in
                let piece = toolCallPiece(call)
                guard let id = piece.id, let name = piece.name else { throw Failure.malformedResponse }
                return ToolCall(id: id, name: name, arguments: piece.arguments ?? "")
            }
        }
        return answer
    }

    /// A tool call's `id`, `function.name` and `function.arguments`, as far as given.
    private static func toolCallPiece(_ call: JSONValue) -> ToolCallPiece {
        var piece = ToolCallPiece(index: 0)
        guard case .object(let object) = call else { return piece }
        if let index = count(object["index"]) { piece.index = index }
        if case .string(let id)? = object["id"] { piece.id = id }
        if case .object(let function)? = object["function"] {
            if case .string(let name)? = function["name"] { piece.name = name }
            if case .string(let arguments)? = function["arguments"] { piece.arguments = arguments }
        }
        return piece
    }

    /// Reads a streamed chunk: `choices[0].delta.{content, refusal}`, `choices[0].finish_reason`, `usage`.
    static func chunk(_ bytes: [UInt8]) throws -> Chunk {
        guard let json = try? JSONParser.parse(bytes), case .object(let root) = json else {
            throw Failure.malformedResponse
        }
        var chunk = Chunk()
        if case .array(let choices)? = root["choices"], case .object(let choice)? = choices.first {
            if case .object(let delta)? = choice["delta"] {
                if case .string(let content)? = delta["content"] { chunk.content = content }
                if case .string(let refusal)? = delta["refusal"], !refusal.isEmpty { chunk.refusal = refusal }
                if case .array(let calls)? = delta["tool_calls"] { chunk.toolCalls = calls.map(toolCallPiece) }
            }
            if case .string(let reason)? = choice["finish_reason"] { chunk.finishReason = reason }
        }
        if case .object(let usage)? = root["usage"], let prompt = count(usage["prompt_tokens"]),
            let completion = count(usage["completion_tokens"])
        {
            chunk.usage = (prompt, completion)
        }
        return chunk
    }

    private static func count(_ value: JSONValue?) -> Int? {
        guard case .number(let text)? = value, let count = Int(text), count >= 0 else { return nil }
        return count
    }
}

extension ChatCompletionsClient {
    /// The tool calls of a streamed answer, put together from their pieces.
    struct StreamedToolCalls: Sendable {
        private var pieces: [Int: ToolCallPiece] = [:]

        var isEmpty: Bool { pieces.isEmpty }

        mutating func add(_ piece: ToolCallPiece) {
            var call = pieces[piece.index] ?? ToolCallPiece(index: piece.index)
            call.id = call.id ?? piece.id
            call.name = call.name ?? piece.name
            call.arguments = (call.arguments ?? "") + (piece.arguments ?? "")
            pieces[piece.index] = call
        }

        /// The calls in index order; nil when one never got its id or name.
        var calls: [ToolCall]? {
            var calls: [ToolCall] = []
            for piece in pieces.values.sorted(by: { $0.index < $1.index }) {
                guard let id = piece.id, let name = piece.name else { return nil }
                calls.append(ToolCall(id: id, name: name, arguments: piece.arguments ?? ""))
            }
            return calls
        }
    }
}
