import HTTPTypes
import Hummingbird

/// A request whose `Content-Length` announces more than the body limit is
/// refused with 413 at once, before any of its body is read, and the
/// connection is closed rather than drained.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if let announced = request.headers[.contentLength].flatMap({ Int($0) }), announced > context.maxUploadSize {
            throw HTTPError(.contentTooLarge, headers: [.connection: "close"])
        }
        return try await next(request, context)
    }
}
