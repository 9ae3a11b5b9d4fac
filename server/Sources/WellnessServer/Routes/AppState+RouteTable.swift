import Foundation
import HTTPTypes
import Hummingbird
import WellnessKitCore

/// The API's one route table: registration and the 405 `Allow` header both
/// read it, and the helpers the resources' handlers share.
extension AppState {
    /// One route: its method and path, whether it needs authentication, and its handler.
    struct Route {
        let method: HTTPRequest.Method
        let path: String
        let authenticated: Bool
        let handle: @Sendable (Request, AppRequestContext) async throws -> Response
    }

    /// Every route the server answers: the one list that registration and the
    /// 405 `Allow` header both read.
    var table: [Route] {
        operationsRoutes + authRoutes + accountRoutes + dataRoutes + dailyMetricsRoutes + workoutsRoutes
            + insightsRoutes + goalsRoutes + consultationsRoutes
    }

    /// A route anyone may call.
    static func open(
        _ method: HTTPRequest.Method, _ path: String,
        _ handle: @escaping @Sendable (Request, AppRequestContext) async throws -> Response
    ) -> Route {
        Route(method: method, path: path, authenticated: false, handle: handle)
    }

    /// A route under `/api`, behind authentication, the user's request limit and idempotency.
    static func api(
        _ method: HTTPRequest.Method, _ path: String,
        _ handle: @escaping @Sendable (Request, AppRequestContext) async throws -> Response
    ) -> Route {
        Route(method: method, path: "api/" + path, authenticated: true, handle: handle)
    }

    /// The handler of a POST or DELETE route that reads nothing from its body:
    /// the body must be absent, empty or `{}` (400 otherwise), checked before
    /// anything is done, so that a request meant for another route is not applied.
    static func withoutInput(_ handle: @escaping @Sendable (AppRequestContext) async throws -> Response)
        -> @Sendable (Request, AppRequestContext) async throws -> Response
    {
        { request, context in
            try await JSONRequests.requireNoInput(in: request, context: context)
            return try await handle(context)
        }
    }

    /// Registers ``table``: `/api` routes behind authentication, and every GET also as HEAD
    /// (``HeadMiddleware`` drops the body).
    func register(on router: Router<AppRequestContext>) {
        let api = router.group("api").add(middleware: AuthMiddleware(store: store, credentials: credentials))
            .add(middleware: UserConcurrencyMiddleware(limit: userLimit))
            .add(middleware: IdempotencyMiddleware(store: store, leaseMilliseconds: idempotencyLeaseMilliseconds))
        for route in table {
            let methods: [HTTPRequest.Method] = route.method == .get ? [.get, .head] : [route.method]
            for method in methods {
                if route.authenticated {
                    api.on(RouterPath(String(route.path.dropFirst("api/".count))), method: method, use: route.handle)
                } else {
                    router.on(RouterPath(route.path), method: method, use: route.handle)
                }
            }
        }
    }

    /// The methods each path answers (HEAD wherever GET), GET first; any other method is 405 with `Allow`.
    var allowedMethods: [(path: String, methods: [HTTPRequest.Method])] {
        var paths: [String] = []
        var methods: [String: [HTTPRequest.Method]] = [:]
        for route in table {
            if methods[route.path] == nil { paths.append(route.path) }
            methods[route.path, default: []] += route.method == .get ? [.get, .head] : [route.method]
        }
        let order: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete]
        return paths.map { path in
            (path, (methods[path] ?? []).sorted { (order.firstIndex(of: $0) ?? 9) < (order.firstIndex(of: $1) ?? 9) })
        }
    }

    // MARK: - Helpers the resources share

    func id(_ context: AppRequestContext) throws -> String {
        guard let id = context.parameters.get("id") else { throw APIFailure.badRequest("missing id") }
        try NULRefusal.check(id, named: "id")
        return id
    }

    func limit(_ user: String, _ endpoint: String) async throws {
        if let seconds = try await limiter.retryAfter(endpoint, for: user, ofUser: true) {
            throw APIFailure.rateLimited(retryAfter: seconds)
        }
    }
}
