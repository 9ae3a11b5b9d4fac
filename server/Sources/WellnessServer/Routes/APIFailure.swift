import Hummingbird
import NIOCore
import WellnessKitCore

/// An error response in the seeds' envelope:
/// `{"success": false, "error": {"code": "NOT_FOUND", "message": "..."}}`.
public struct APIFailure: HTTPResponseError, Sendable {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String
    public var headers: HTTPFields = [:]

    public static func unauthorized(_ message: String) -> APIFailure {
        APIFailure(
            status: .unauthorized, code: "UNAUTHORIZED", message: message,
            headers: [.wwwAuthenticate: #"Bearer realm="wellness""#])
    }

    public static func notFound(_ what: String) -> APIFailure {
        APIFailure(status: .notFound, code: "NOT_FOUND", message: "\(what) not found")
    }

    public static func badRequest(_ message: String) -> APIFailure {
        APIFailure(status: .badRequest, code: "VALIDATION_ERROR", message: message)
    }

    public static func rateLimited(retryAfter seconds: Int) -> APIFailure {
        APIFailure(
            status: .tooManyRequests, code: "RATE_LIMITED",
            message: "Rate limit exceeded. Please try again in \(seconds) seconds.",
            headers: [.retryAfter: String(seconds)])
    }

    /// A library error about the request body or query, as 400 naming the field.
    public static func invalid(_ error: WellnessError) -> APIFailure {
        badRequest(error.path.map { "\($0): \(error.message)" } ?? error.message)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = JSONValue.object(
            JSONObject([
                ("success", .bool(false)),
                ("error", .object(JSONObject([("code", .string(code)), ("message", .string(message))]))),
            ]))
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(
            status: status, headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONWriter.bytes(body))))
    }
}
