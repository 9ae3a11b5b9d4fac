import HTTPTypes
import Hummingbird

/// Authenticates every `/api` request: `X-API-Key`, `Authorization: Bearer
/// <JWT>`, or both (which must then name the same user). Anything missing,
/// malformed, expired, revoked or unknown is 401.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let store: Store
    let credentials: Credentials

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        return try await next(request, try await authenticate(request, context))
    }

    private func authenticate(_ request: Request, _ context: Context) async throws -> Context {
        var context = context
        var users: [String] = []
        if let key = request.headers[.xAPIKey] {
            guard let user = try await store.userId(forAPIKey: key) else {
                throw APIFailure.unauthorized("invalid API key")
            }
            users.append(user)
            context.presentedAPIKey = true
        }
        if let authorization = request.headers[.authorization] {
            guard authorization.hasPrefix("Bearer "),
                let claims = credentials.claims(fromToken: String(authorization.dropFirst(7))),
                let validAfter = try await store.tokensValidAfter(userId: claims.subject),
                claims.issuedMilliseconds >= validAfter
            else {
                throw APIFailure.unauthorized("invalid, expired or revoked token")
            }
            users.append(claims.subject)
            context.token = claims
        }
        guard let user = users.first else { throw APIFailure.unauthorized("send X-API-Key or Authorization: Bearer") }
        guard users.allSatisfy({ $0 == user }) else {
            throw APIFailure.unauthorized("the API key and the token belong to different users")
        }
        context.userId = user
        return context
    }
}

extension HTTPField.Name {
    static let xAPIKey = Self("X-API-Key")!
}
