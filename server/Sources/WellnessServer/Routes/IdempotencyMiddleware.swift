import HTTPTypes
import Hummingbird
import NIOCore
import WellnessKitCore

/// Exactly-once POSTs: a POST carrying `Idempotency-Key` is applied once per
/// user and key; the same key with the same request (method, path, body)
/// gets the stored response again (`Idempotent-Replayed: true`) without
/// applying it twice, with a different request 422, and while the first is
/// still being applied 409. Keys are kept a day. A request that fails (an
/// error, or a 5xx) before its write commits leaves no trace, so its retry
/// applies it.
///
/// A claim is a lease of `leaseMilliseconds`: when its instance dies, a
/// replay after the lease takes the key over and applies the request, unless
/// its write had committed (the write records that in its own transaction,
/// see ``Store/fenced(by:_:)``); then the replay is told it was applied
/// (422 `IDEMPOTENCY_RESPONSE_LOST`).
struct IdempotencyMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let store: Store
    /// How long a claim holds its key without completing (the request deadline).
    let leaseMilliseconds: Int64

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard request.method == .post, let key = request.headers[.idempotencyKey] else {
            return try await next(request, context)
        }
        guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw APIFailure(
                status: .badRequest, code: "BAD_REQUEST",
                message: "Idempotency-Key must be 1 to 255 visible ASCII characters")
        }
        let user = try context.requireUser()
        var request = request
        let body = Array(buffer: try await request.collectBody(upTo: context.maxUploadSize))
        let hash = Store.requestHash(method: request.method.rawValue, path: request.uri.path, body: body)
        switch try await store.claimIdempotency(
            user: user, key: key, requestHash: hash,
            leaseMilliseconds: leaseMilliseconds)
        {
        case .replay(let status, let stored):
            return Response(
                status: HTTPResponse.Status(code: status),
                headers: [.contentType: "application/json", .idempotentReplayed: "true"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: stored)))
        case .mismatch:
            throw APIFailure(
                status: .unprocessableContent, code: "IDEMPOTENCY_KEY_REUSED",
                message: "this Idempotency-Key was used with a different request")
        case .inProgress:
            throw Self.inProgress
        case .appliedResponseLost:
            // Not 409: clients retry that, and no retry can succeed.
            throw APIFailure(
                status: .unprocessableContent, code: "IDEMPOTENCY_RESPONSE_LOST",
                message: "the request with this Idempotency-Key was applied, but the server stopped "
                    + "before its response was stored; read the resource to see the result")
        case .claimed(let lease):
            return try await apply(request, context, next, lease: lease)
        }
    }

    private static let inProgress = APIFailure(
        status: .conflict, code: "IDEMPOTENCY_IN_PROGRESS",
        message: "a request with this Idempotency-Key is being applied; retry shortly", headers: [.retryAfter: "1"])

    private func apply(
        _ request: Request, _ context: Context, _ next: (Request, Context) async throws -> Response,
        lease: Store.IdempotencyLease
    ) async throws -> Response {
        var response: Response
        do {
            response = try await store.fenced(by: lease) { try await next(request, context) }
        } catch is IdempotencyLeaseLost {
            // The lease ended and a replay holds the key now; this request's write rolled back.
            throw Self.inProgress
        } catch {
            try? await store.releaseIdempotency(lease)
            throw error
        }
        guard response.status.code < 500 else {
            try? await store.releaseIdempotency(lease)
            return response
        }
        if response.headers[.contentType] == ServerSentEvent.contentType { return streamed(response, lease: lease) }
        let collector = CollectingWriter()
        try await response.body.write(collector)
        let bytes = Array(buffer: collector.buffer)
        try await store.completeIdempotency(lease, status: response.status.code, body: bytes)
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        return response
    }
}

extension IdempotencyMiddleware {
    /// A streamed reply is sent as it is written, inside the lease's fence
    /// (its write happens while its body is written); the key then replays
    /// the exchange as the response without streaming holds it (201 and the
    /// `done` event's data in the envelope), since a replay has nothing to stream.
    private func streamed(_ response: Response, lease: Store.IdempotencyLease) -> Response {
        var response = response
        let body = response.body
        let store = store
        response.body = ResponseBody { writer in
            let tee = TeeWriter(writer)
            do {
                try await store.fenced(by: lease) { try await body.write(tee) }
            } catch {
                try? await store.releaseIdempotency(lease)
                throw error
            }
            guard let done = ServerSentEvent.lastData(named: "done", in: tee.collected),
                let envelope = try? JSONWriter.bytes(.object(JSONObject([("success", .bool(true)), ("data", done)])))
            else {
                try? await store.releaseIdempotency(lease)
                return
            }
            try await store.completeIdempotency(lease, status: 201, body: envelope)
        }
        return response
    }
}

/// Sends what a response body writes and keeps a copy.
private final class TeeWriter: ResponseBodyWriter {
    private var base: any ResponseBodyWriter
    private(set) var collected: [UInt8] = []

    init(_ base: any ResponseBodyWriter) {
        self.base = base
    }

    func write(_ part: ByteBuffer) async throws {
        collected += part.readableBytesView
        try await base.write(part)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {
        try await base.finish(trailingHeaders)
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
