import HTTPTypes
import Hummingbird
import Logging

/// Every error as the documented envelope
/// `{"success": false, "error": {"code", "message"}}`: the handlers' own
/// ``APIFailure``s, and Hummingbird's (unknown route 404, body over the limit
/// 413, malformed request 400), a sealed value that does not open where it
/// was read (500 `DATA_INTEGRITY`) and anything unexpected (500, logged with
/// its cause, which the client never sees).
struct ErrorEnvelopeMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            return try Self.failure(for: error, logger: context.logger).response(from: request, context: context)
        }
    }

    static func failure(for error: any Error, logger: Logger) -> APIFailure {
        if let failure = error as? APIFailure { return failure }
        if let error = error as? HTTPError {
            var headers = error.headers
            headers[.contentType] = nil
            headers[.contentLength] = nil
            return APIFailure(
                status: error.status, code: code(for: error.status),
                message: error.body ?? message(for: error.status), headers: headers)
        }
        if let error = error as? any HTTPResponseError, error.status.code < 500 {
            return APIFailure(status: error.status, code: code(for: error.status), message: message(for: error.status))
        }
        if let error = error as? SealedValueError {
            // Where the value was is logged; the client learns only that stored data failed its check.
            logger.error("sealed value rejected", metadata: ["error": .string(error.description)])
            return APIFailure(
                status: .internalServerError, code: "DATA_INTEGRITY",
                message: "stored data failed its integrity check")
        }
        logger.error("request failed", metadata: ["error": .string("\(error)")])
        return APIFailure(status: .internalServerError, code: "INTERNAL", message: "internal server error")
    }

    static func code(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: return "BAD_REQUEST"
        case 401: return "UNAUTHORIZED"
        case 404: return "NOT_FOUND"
        case 405: return "METHOD_NOT_ALLOWED"
        case 413: return "PAYLOAD_TOO_LARGE"
        case 429: return "RATE_LIMITED"
        default: return "HTTP_\(status.code)"
        }
    }

    static func message(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 404: return "no such route"
        case 413: return "the request body is larger than 1 MiB"
        default: return status.reasonPhrase.isEmpty ? "request failed" : status.reasonPhrase
        }
    }
}

/// HEAD, routed to the GET handlers: their status and headers (Content-Length
/// included), without the body.
struct HeadMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        guard request.method == .head else { return response }
        let length = response.body.contentLength
        response.body = ResponseBody()
        response.headers[.contentLength] = length.map(String.init)
        return response
    }
}
