import Hummingbird

/// Runs each authenticated request within its user's ``UserConcurrencyLimit``,
/// from the handler's start to its response (the JSON is built by then).
struct UserConcurrencyMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let limit: UserConcurrencyLimit

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let user = try context.requireUser()
        return try await limit.run(for: user) { try await next(request, context) }
    }
}
