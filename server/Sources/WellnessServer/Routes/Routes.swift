import Foundation
import HTTPTypes
import Hummingbird
import WellnessKitCore

/// The seeds' API: insights (000), longevity trends (001), goals AI (003),
/// consultations (004), plus development sign-up and data ingestion.
struct Routes {
    let store: Store
    let credentials: Credentials
    let limiter: RateLimiter
    /// Sign-ups per client address, or nil when `POST /dev/users` is off.
    let signupLimiter: RateLimiter?
    /// Requests of one user processed at once.
    var userLimit = UserConcurrencyLimit(limit: UserConcurrencyLimit.defaultLimit)
    /// How long an idempotency key's claim holds it without completing.
    var idempotencyLeaseMilliseconds = ServerConfiguration(dataDirectory: URL(fileURLWithPath: "/")).idempotencyLeaseMilliseconds

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
        func open(_ method: HTTPRequest.Method, _ path: String,
                  _ handle: @escaping @Sendable (Request, AppRequestContext) async throws -> Response) -> Route {
            Route(method: method, path: path, authenticated: false, handle: handle)
        }
        func api(_ method: HTTPRequest.Method, _ path: String,
                 _ handle: @escaping @Sendable (Request, AppRequestContext) async throws -> Response) -> Route {
            Route(method: method, path: "api/" + path, authenticated: true, handle: handle)
        }
        var routes = [
            // Liveness never touches the database; readiness asks it, with a deadline.
            open(.get, "healthz") { _, _ in JSONResponses.json(.object(JSONObject([("status", .string("ok"))]))) },
            open(.get, "readyz") { _, _ in try await ready() },
            open(.get, "openapi.yaml") { _, _ in Self.document(OpenAPIContract.yaml, type: "application/yaml; charset=utf-8") },
            open(.get, "docs") { _, _ in Self.document(ContractDocsPage.html, type: "text/html; charset=utf-8") },
            api(.get, "longevity/trends") { _, context in try await trends(context) },
            api(.post, "v1/auth/token", Self.withoutInput { context in try refreshToken(context) }),
            api(.post, "v1/auth/revoke", Self.withoutInput { context in try await revokeTokens(context) }),
            api(.get, "v1/auth/keys") { _, context in try await listAPIKeys(context) },
            api(.post, "v1/auth/keys", Self.withoutInput { context in try await createAPIKey(context) }),
            api(.delete, "v1/auth/keys/:id", Self.withoutInput { context in try await revokeAPIKey(context) }),
            api(.get, "v1/profile") { _, context in
                JSONResponses.envelope(try await store.profile(for: try context.requireUser()).json)
            },
            api(.put, "v1/profile") { request, context in try await saveProfile(request, context) },
            api(.post, "v1/checkins") { request, context in try await ingest(request, context) },
            api(.get, "v1/checkins") { _, context in
                JSONResponses.envelope(.array(try await store.checkIns(for: try context.requireUser()).map(\.json)))
            },
            api(.post, "v1/insights/generate", Self.withoutInput { context in try await generate(context) }),
            api(.get, "v1/insights") { request, context in try await listInsights(request, context) },
            api(.get, "v1/insights/:id") { _, context in try await getInsight(context) },
            api(.patch, "v1/insights/:id") { request, context in try await updateInsight(request, context) },
            api(.delete, "v1/insights/:id", Self.withoutInput { context in try await deleteInsight(context) }),
            api(.post, "v1/goals/suggestions") { request, context in try await suggestions(request, context) },
            api(.post, "v1/goals") { request, context in try await createGoal(request, context) },
            api(.get, "v1/goals") { request, context in try await listGoals(request, context) },
            api(.get, "v1/goals/:id") { _, context in try await getGoal(context) },
            api(.patch, "v1/goals/:id") { request, context in try await updateGoal(request, context) },
            api(.get, "v1/goals/:id/tips") { _, context in try await tips(context) },
            api(.get, "v1/consultations") { request, context in try await listConsultations(request, context) },
            api(.post, "v1/consultations") { request, context in try await createConsultation(request, context) },
            api(.get, "v1/consultations/:id") { _, context in try await getConsultation(context) },
            api(.get, "v1/consultations/:id/messages") { _, context in try await listMessages(context) },
            api(.post, "v1/consultations/:id/messages") { request, context in try await sendMessage(request, context) },
        ]
        if signupLimiter != nil {
            routes.append(open(.post, "dev/users") { request, context in try await createUser(request, context) })
        }
        return routes
    }

    /// The handler of a POST or DELETE route that reads nothing from its body:
    /// the body must be absent, empty or `{}` (400 otherwise), checked before
    /// anything is done, so that a request meant for another route is not applied.
    private static func withoutInput(_ handle: @escaping @Sendable (AppRequestContext) async throws -> Response)
        -> @Sendable (Request, AppRequestContext) async throws -> Response {
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

    private func saveProfile(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let profile = try JSONResponses.decode(Profile.self, from: try await JSONResponses.body(of: request, context: context))
        try await store.saveProfile(profile, for: try context.requireUser())
        return JSONResponses.envelope(profile.json)
    }

    /// 200 when the database answers a trivial query (SQLite: on a reader and on the writer) within 1 s, else 503.
    private func ready() async throws -> Response {
        guard await store.engine.isResponsive(within: 1) else {
            throw APIFailure(status: .serviceUnavailable, code: "NOT_READY",
                             message: "the database did not answer within 1 s")
        }
        return JSONResponses.json(.object(JSONObject([("status", .string("ready"))])))
    }

    /// The contract or its page; the page loads nothing from anywhere else.
    private static func document(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [
            .contentType: type, .cacheControl: "public, max-age=300",
            HTTPField.Name("Content-Security-Policy")!: "default-src 'none'; style-src 'unsafe-inline'",
        ], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    // MARK: - Tokens

    /// With the API key, a new session; with a token alone, the same session
    /// continued, until it is older than the session lifetime.
    private func refreshToken(_ context: AppRequestContext) throws -> Response {
        let user = try context.requireUser()
        var sessionStart: Int64?
        if !context.presentedAPIKey, let claims = context.token {
            guard credentials.mayRefresh(sessionStart: claims.sessionStartMilliseconds) else {
                throw APIFailure.unauthorized("the session is too old to refresh; authenticate with the API key")
            }
            sessionStart = claims.sessionStartMilliseconds
        }
        return JSONResponses.envelope(.object(JSONObject([
            ("token", .string(credentials.token(for: user, sessionStart: sessionStart))),
            ("expires_in", .number(String(credentials.tokenLifetimeMilliseconds / 1000))),
        ])))
    }

    /// Every token of the user issued until now stops working; the API key does not.
    private func revokeTokens(_ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let now = Store.nowMilliseconds()
        try await store.revokeTokens(userId: user, at: now)
        return JSONResponses.envelope(.object(JSONObject([("revoked_before", Timestamp(milliseconds: now).json)])))
    }

    // MARK: - API keys

    private func listAPIKeys(_ context: AppRequestContext) async throws -> Response {
        let keys = try await Self.refusing { try await store.apiKeys(of: try context.requireUser()) }
        return JSONResponses.envelope(.object(JSONObject([("keys", .array(keys.map { $0.json() }))])))
    }

    /// A new API key, shown in this response only.
    private func createAPIKey(_ context: AppRequestContext) async throws -> Response {
        let created = try await Self.refusing { try await store.createAPIKey(for: try context.requireUser()) }
        return JSONResponses.envelope(created.record.json(apiKey: created.apiKey), status: .created)
    }

    /// Any of the user's keys, the one of this request included, except the last.
    private func revokeAPIKey(_ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let key = try id(context)
        try await Self.refusing { try await store.revokeAPIKey(key, of: user) }
        return Response(status: .noContent)
    }

    /// Runs a change of API keys, answering a refusal with its status: 404 for a key
    /// (or user) that is not there, 409 for one the user may not add or revoke.
    private static func refusing<T>(_ change: () async throws -> T) async throws -> T {
        do {
            return try await change()
        } catch let refusal as APIKeyRefusal {
            switch refusal {
            case .unknownUser: throw APIFailure.notFound("User")
            case .unknownKey: throw APIFailure.notFound("API key")
            case .lastKey: throw APIFailure(status: .conflict, code: "LAST_API_KEY", message: refusal.description)
            case .tooManyKeys: throw APIFailure(status: .conflict, code: "TOO_MANY_API_KEYS", message: refusal.description)
            }
        }
    }

    // MARK: - Development and data

    private func createUser(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if let seconds = try await signupLimiter?.retryAfter(for: "signup|\(context.remoteAddress?.ipAddress ?? "unknown")") {
            throw APIFailure.rateLimited(retryAfter: seconds)
        }
        let body = try await JSONResponses.body(of: request, context: context)
        let reader = try decodeReader(body)
        let name: String
        do {
            name = try reader.optional("name") ?? "Wellness user"
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
        let user = try await store.createUser(name: name)
        return JSONResponses.envelope(.object(JSONObject([
            ("user_id", .string(user.id)), ("api_key", .string(user.apiKey)),
            ("token", .string(credentials.token(for: user.id))),
        ])), status: .created)
    }

    private func ingest(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let body = try await JSONResponses.body(of: request, context: context)
        let reader = try decodeReader(body)
        let checkIns: [CheckIn]
        do {
            checkIns = try reader.required("checkins")
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
        try await store.upsert(checkIns, for: user)
        let added = try await store.add(InsightGenerator.insights(from: store.checkIns(for: user)), for: user)
        return JSONResponses.envelope(.object(JSONObject([
            ("stored", .int(checkIns.count)), ("insights_generated", .int(added)),
        ])), status: .created)
    }

    private func generate(_ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let added = try await store.add(InsightGenerator.insights(from: store.checkIns(for: user)), for: user)
        return JSONResponses.envelope(.object(JSONObject([("insights_generated", .int(added))])))
    }

    private func trends(_ context: AppRequestContext) async throws -> Response {
        let entries = try await store.checkIns(for: try context.requireUser()).compactMap { checkIn in
            checkIn.biologicalAge.map { BiologicalAgeEntry(date: checkIn.date, biologicalAge: $0) }
        }
        let now = Int64(Date().timeIntervalSince1970)
        let today = CalendarDate(daysSinceEpoch: Int(now / 86_400)) ?? .epoch
        return JSONResponses.json(try LongevityTrends(entries: entries, today: today).response.json)
    }

    // MARK: - Insights

    private func listInsights(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        var query = InsightQuery()
        query.insightType = try parameters.choice("insight_type", InsightType.self)
        query.readStatus = try parameters.bool("read_status")
        query.favoritesOnly = try parameters.bool("favorites_only") ?? false
        query.archivedStatus = parameters.parameters.get("archived_status") == nil ? false : try parameters.bool("archived_status")
        query.sortBy = try parameters.choice("sort_by", InsightQuery.SortField.self) ?? .createdAt
        switch parameters.parameters.get("sort_order") ?? "desc" {
        case "asc": query.ascending = true
        case "desc": query.ascending = false
        default: throw APIFailure.badRequest("sort_order must be asc or desc")
        }
        (query.page, query.pageSize) = try parameters.page()
        let page = try await store.encodedInsights(for: try context.requireUser(), query: query)
        // Reading a page is a long stretch of work: let waiting requests (other users') run first.
        await Task.yield()
        return JSONResponses.envelope(page: page.insights, named: "insights", pagination: page.pagination)
    }

    private func getInsight(_ context: AppRequestContext) async throws -> Response {
        guard let insight = try await store.insight(try id(context), for: try context.requireUser()) else {
            throw APIFailure.notFound("Insight")
        }
        return JSONResponses.envelope(insight.json)
    }

    private func updateInsight(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let change = try JSONResponses.decode(UpdateInsightRequest.self,
                                              from: try await JSONResponses.body(of: request, context: context))
        guard let insight = try await store.update(try id(context), for: try context.requireUser(), with: change) else {
            throw APIFailure.notFound("Insight")
        }
        return JSONResponses.envelope(insight.json)
    }

    private func deleteInsight(_ context: AppRequestContext) async throws -> Response {
        guard try await store.deleteInsight(try id(context), for: try context.requireUser()) else {
            throw APIFailure.notFound("Insight")
        }
        return Response(status: .noContent)
    }

    // MARK: - Goals

    /// From the user's data, or (with `{"insight_ids": [...]}`, Journey 3) from those insights.
    private func suggestions(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let insightIds = try await Self.insightIds(in: request, context)
        var insights: [Insight] = []
        for id in insightIds {
            guard let insight = try await store.insight(id, for: user) else { throw APIFailure.notFound("Insight") }
            insights.append(insight)
        }
        try await limit(user, "suggestions")
        let checkIns = try await store.checkIns(for: user)
        let existing = try await store.allGoals(for: user)
        let suggestions = insights.isEmpty
            ? GoalAdvisor.suggestions(checkIns: checkIns, existing: existing, profile: try await store.profile(for: user))
            : GoalAdvisor.suggestions(from: insights, checkIns: checkIns, existing: existing)
        return JSONResponses.envelope(GoalSuggestions(suggestions: suggestions).json)
    }

    /// The optional body of `POST /goals/suggestions`: 1 to 10 insight ids.
    private static func insightIds(in request: Request, _ context: AppRequestContext) async throws -> [String] {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        guard buffer.readableBytes > 0 else { return [] }
        let body = try buffer.withUnsafeReadableBytes { bytes in
            do { return try JSONParser.parse(bytes) } catch let error as WellnessError { throw APIFailure.invalid(error) }
        }
        do {
            let reader = try ObjectReader(body, at: .root)
            try reader.rejectUnknownKeys(["insight_ids"])
            guard let ids: [String] = try reader.optional("insight_ids") else { return [] }
            guard (1...10).contains(ids.count), ids.allSatisfy({ !$0.isEmpty }) else {
                throw WellnessError.validation("must hold 1 to 10 insight ids", at: reader.path(of: "insight_ids"))
            }
            return ids
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
    }

    /// Progress, status or target of a goal (Journey 1).
    private func updateGoal(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let change = try JSONResponses.decode(UpdateGoalRequest.self,
                                              from: try await JSONResponses.body(of: request, context: context))
        guard let result = try await store.updateGoal(try id(context), for: try context.requireUser(), with: change) else {
            throw APIFailure.notFound("Goal")
        }
        return JSONResponses.envelope(result.after.json)
    }

    private func tips(_ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        guard let goal = try await store.goal(try id(context), for: user) else { throw APIFailure.notFound("Goal") }
        try await limit(user, "tips")
        let tips = GoalAdvisor.tips(for: goal, checkIns: try await store.checkIns(for: user))
        return JSONResponses.envelope(GoalTips(tips: tips, goalId: goal.id, goalTitle: goal.title).json)
    }

    private func createGoal(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let goalRequest = try JSONResponses.decode(CreateGoalRequest.self,
                                                   from: try await JSONResponses.body(of: request, context: context))
        return JSONResponses.envelope(try await store.createGoal(goalRequest, for: try context.requireUser()).json,
                                      status: .created)
    }

    private func listGoals(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        let status = try parameters.choice("status", GoalStatus.self)
        let page = try parameters.page()
        let (goals, pagination) = try await store.goals(for: try context.requireUser(), status: status, page: page.page,
                                                        pageSize: page.size)
        return JSONResponses.envelope(.object(JSONObject([("goals", goals.json), ("pagination", pagination.json)])))
    }

    private func getGoal(_ context: AppRequestContext) async throws -> Response {
        guard let goal = try await store.goal(try id(context), for: try context.requireUser()) else {
            throw APIFailure.notFound("Goal")
        }
        return JSONResponses.envelope(goal.json)
    }

    // MARK: - Consultations

    private func listConsultations(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        let archived = try parameters.bool("is_archived")
        let page = try parameters.page()
        let (consultations, pagination) = try await store.consultations(for: try context.requireUser(), archived: archived,
                                                                        page: page.page, pageSize: page.size)
        return JSONResponses.envelope(.object(JSONObject([
            ("consultations", consultations.json), ("pagination", pagination.json),
        ])))
    }

    private func createConsultation(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let creation = try JSONResponses.decode(CreateConsultationRequest.self,
                                                from: try await JSONResponses.body(of: request, context: context))
        return JSONResponses.envelope(try await store.createConsultation(creation, for: try context.requireUser()).json,
                                      status: .created)
    }

    private func getConsultation(_ context: AppRequestContext) async throws -> Response {
        JSONResponses.envelope(try await consultation(context).json)
    }

    private func listMessages(_ context: AppRequestContext) async throws -> Response {
        let messages = try await store.messages(of: try await consultation(context))
        return JSONResponses.envelope(.object(JSONObject([("messages", messages.json), ("count", .int(messages.count))])))
    }

    private func sendMessage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let consultation = try await consultation(context)
        let body = try await JSONResponses.body(of: request, context: context)
        let content: String
        do {
            content = try ObjectReader(body, at: .root).nonEmptyString("content")
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
        try await limit(consultation.userId, "messages")
        let reply = Coach.reply(to: content, in: consultation, context: try await coachContext(of: consultation),
                                today: CalendarDate(daysSinceEpoch: Int(Store.nowMilliseconds() / 86_400_000)) ?? .epoch)
        let messages = try await store.append([(.user, content, []), (.assistant, reply.text, reply.proposals)],
                                              to: consultation)
        return JSONResponses.envelope(.object(JSONObject([("messages", messages.json), ("count", .int(messages.count))])),
                                      status: .created)
    }

    private func consultation(_ context: AppRequestContext) async throws -> Consultation {
        guard let consultation = try await store.consultation(try id(context), for: try context.requireUser()) else {
            throw APIFailure.notFound("Consultation")
        }
        return consultation
    }

    /// The goal or insight a consultation is about (if it is the user's) and the user's check-ins.
    private func coachContext(of consultation: Consultation) async throws -> Coach.Context {
        var context = Coach.Context(checkIns: try await store.checkIns(for: consultation.userId))
        guard let contextId = consultation.contextId else { return context }
        switch consultation.contextType {
        case .insight?: context.insight = try await store.insight(contextId, for: consultation.userId)
        case .goal?: context.goal = try await store.goal(contextId, for: consultation.userId)
        default: break
        }
        return context
    }

    // MARK: - Helpers

    private func id(_ context: AppRequestContext) throws -> String {
        guard let id = context.parameters.get("id") else { throw APIFailure.badRequest("missing id") }
        return id
    }

    private func limit(_ user: String, _ endpoint: String) async throws {
        if let seconds = try await limiter.retryAfter(for: "\(user)|\(endpoint)") {
            throw APIFailure.rateLimited(retryAfter: seconds)
        }
    }

    private func decodeReader(_ body: JSONValue) throws -> ObjectReader {
        do {
            return try ObjectReader(body, at: .root)
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
    }
}
