import HTTPTypes
import Hummingbird
import NIOCore

/// Exactly-once POSTs: a POST carrying `Idempotency-Key` is applied once per
/// user and key; the same key with the same request (method, path, body)
/// gets the stored response again (`Idempotent-Replayed: true`) without
/// applying it twice, with a different request 422, and while the first is
/// still being applied 409. Keys are kept a day. A request that fails (an
/// error, or a 5xx) leaves no trace, so its retry applies it.
struct IdempotencyMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let store: Store

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response {
        guard request.method == .post, let key = request.headers[.idempotencyKey] else {
            return try await next(request, context)
        }
        guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw APIFailure(status: .badRequest, code: "BAD_REQUEST",
                             message: "Idempotency-Key must be 1 to 255 visible ASCII characters")
        }
        let user = try context.requireUser()
        var request = request
        let body = Array(buffer: try await request.collectBody(upTo: context.maxUploadSize))
        let hash = Store.requestHash(method: request.method.rawValue, path: request.uri.path, body: body)
        switch try await store.claimIdempotency(user: user, key: key, requestHash: hash) {
        case .replay(let status, let stored):
            return Response(status: HTTPResponse.Status(code: status),
                            headers: [.contentType: "application/json", .idempotentReplayed: "true"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: stored)))
        case .mismatch:
            throw APIFailure(status: .unprocessableContent, code: "IDEMPOTENCY_KEY_REUSED",
                             message: "this Idempotency-Key was used with a different request")
        case .inProgress:
            throw APIFailure(status: .conflict, code: "IDEMPOTENCY_IN_PROGRESS",
                             message: "a request with this Idempotency-Key is being applied; retry shortly",
                             headers: [.retryAfter: "1"])
        case .claimed:
            return try await apply(request, context, next, user: user, key: key)
        }
    }

    private func apply(_ request: Request, _ context: Context, _ next: (Request, Context) async throws -> Response,
                       user: String, key: String) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            try? await store.releaseIdempotency(user: user, key: key)
            throw error
        }
        guard response.status.code < 500 else {
            try? await store.releaseIdempotency(user: user, key: key)
            return response
        }
        let collector = CollectingWriter()
        try await response.body.write(collector)
        let bytes = Array(buffer: collector.buffer)
        try await store.completeIdempotency(user: user, key: key, status: response.status.code, body: bytes)
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        return response
    }
}

/// Keeps what a response body writes, so it can be stored and sent.
private final class CollectingWriter: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ part: ByteBuffer) async throws {
        var part = part
        buffer.writeBuffer(&part)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

extension HTTPField.Name {
    static let idempotencyKey = Self("Idempotency-Key")!
    static let idempotentReplayed = Self("Idempotent-Replayed")!
}
