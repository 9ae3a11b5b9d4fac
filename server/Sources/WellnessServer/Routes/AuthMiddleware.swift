import HTTPTypes
import Hummingbird

/// Authenticates every `/api` request: `X-API-Key`, `Authorization: Bearer
/// <JWT>`, or both (which must then name the same user). Anything missing,
/// malformed, expired or unknown is 401.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let store: Store
    let credentials: Credentials

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response {
        var context = context
        context.userId = try await Blocking.run { [self] in try authenticate(request) }
        return try await next(request, context)
    }

    private func authenticate(_ request: Request) throws -> String {
        var users: [String] = []
        if let key = request.headers[.xAPIKey] {
            guard let user = try store.userId(forAPIKey: key) else { throw APIFailure.unauthorized("invalid API key") }
            users.append(user)
        }
        if let authorization = request.headers[.authorization] {
            guard authorization.hasPrefix("Bearer "),
                  let user = credentials.userId(fromToken: String(authorization.dropFirst(7))),
                  try store.userExists(user) else { throw APIFailure.unauthorized("invalid or expired token") }
            users.append(user)
        }
        guard let user = users.first else { throw APIFailure.unauthorized("send X-API-Key or Authorization: Bearer") }
        guard users.allSatisfy({ $0 == user }) else {
            throw APIFailure.unauthorized("the API key and the token belong to different users")
        }
        return user
    }
}

extension HTTPField.Name {
    static let xAPIKey = Self("X-API-Key")!
}
