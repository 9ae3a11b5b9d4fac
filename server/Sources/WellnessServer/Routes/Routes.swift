import Foundation
import HTTPTypes
import Hummingbird
import WellnessKitCore

/// The API: one route table, put together from one file per resource
/// (`Routes+Insights.swift`, `Routes+Goals.swift`, ...), and what they share.
struct Routes {
    let store: Store
    let credentials: Credentials
    let limiter: RateLimiter
    /// Sign-ups per client address, or nil when `POST /dev/users` is off.
    let signupLimiter: RateLimiter?
    /// Requests of one user processed at once.
    var userLimit = UserConcurrencyLimit(limit: UserConcurrencyLimit.defaultLimit)
    /// What writes insights, goal suggestions and tips, and coach replies.
    var provider: any GenerationProvider = RulesProvider()
    /// What `GET /metrics` reports.
    var metrics = ServerMetrics()
    /// How long an idempotency key's claim holds it without completing.
    var idempotencyLeaseMilliseconds = ServerConfiguration(dataDirectory: URL(fileURLWithPath: "/"))
        .idempotencyLeaseMilliseconds
    /// Days one daily-metrics request may carry, and metrics one day may hold.
    var dailyMetricsLimits = (
        days: DailyMetricsInput.defaultMaximumDays, metrics: DailyMetricsInput.defaultMaximumMetricsPerDay
    )
    /// The safety classifier asked about coach messages the crisis lexicon passes (`--ai-safety-model`).
    var safetyClassifier: SafetyClassifier?

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
            try await JSONResponses.requireNoInput(in: request, context: context)
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

    func decodeReader(_ body: JSONValue) throws -> ObjectReader {
        do {
            return try ObjectReader(body, at: .root)
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
    }
}
