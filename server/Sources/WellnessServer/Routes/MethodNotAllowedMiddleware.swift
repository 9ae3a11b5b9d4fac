import HTTPTypes
import Hummingbird

/// Turns the router's 404 for a known path into 405 with `Allow` when only
/// the method is wrong, whatever the method (including ones the server has
/// never heard of).
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let allowedMethods: [(path: String, methods: [HTTPRequest.Method])]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let segments = request.uri.path.split(separator: "/")
            guard let route = allowedMethods.first(where: { Self.matches($0.path, segments) }) else { throw error }
            let allow = route.methods.map(\.rawValue).joined(separator: ", ")
            throw APIFailure(
                status: .methodNotAllowed, code: "METHOD_NOT_ALLOWED", message: "use \(allow)",
                headers: [.allow: allow])
        }
    }

    /// Whether `segments` fit `template`, where ":name" matches any one segment.
    static func matches(_ template: String, _ segments: [Substring]) -> Bool {
        let parts = template.split(separator: "/")
        return parts.count == segments.count && zip(parts, segments).allSatisfy { $0.hasPrefix(":") || $0 == $1 }
    }
}
