import HTTPTypes
import Hummingbird

/// Authenticates every `/api` request: `X-API-Key`, `Authorization: Bearer
/// <JWT>`, or both (which must then name the same user). Anything missing,
/// malformed, expired, revoked or unknown is 401. So is a request whose
/// account was erased while it was in flight and that failed for it (a write
/// refused, ``AccountErased``, or a row it needed gone): never a 500.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let store: Store
    let credentials: Credentials

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let context = try await authenticate(request, context)
        do {
            return try await next(request, context)
        } catch let error as AccountErased {
            throw APIFailure.unauthorized(error.description)
        } catch let error as APIFailure where error.status.code < 500 {
            throw error
        } catch {
            if let user = context.userId, (try? await store.isErased(user)) == true {
                throw APIFailure.unauthorized("the account was erased")
            }
            throw error
        }
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
