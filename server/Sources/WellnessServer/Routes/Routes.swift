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

    func register(on router: Router<AppRequestContext>) {
        // Liveness never touches the database; readiness asks it, with a deadline.
        getAndHead(router, "healthz") { _, _ in JSONResponses.json(.object(JSONObject([("status", .string("ok"))]))) }
        getAndHead(router, "readyz") { _, _ in try await ready() }
        getAndHead(router, "openapi.yaml") { _, _ in
            Self.document(OpenAPIContract.yaml, type: "application/yaml; charset=utf-8")
        }
        getAndHead(router, "docs") { _, _ in Self.document(ContractDocsPage.html, type: "text/html; charset=utf-8") }
        if signupLimiter != nil {
            router.post("dev/users") { request, context in try await createUser(request, context) }
        }

        let api = router.group("api").add(middleware: AuthMiddleware(store: store, credentials: credentials))
        getAndHead(api, "longevity/trends") { _, context in try await blocking { try trends(context) } }
        let v1 = api.group("v1")
        v1.post("auth/token") { _, context in try refreshToken(context) }
        v1.post("auth/revoke") { _, context in try await revokeTokens(context) }
        getAndHead(v1, "profile") { _, context in
            try await blocking { JSONResponses.envelope(try store.profile(for: try context.requireUser()).json) }
        }
        v1.put("profile") { request, context in
            let profile = try JSONResponses.decode(Profile.self, from: try await JSONResponses.body(of: request, context: context))
            return try await blocking {
                try store.saveProfile(profile, for: try context.requireUser())
                return JSONResponses.envelope(profile.json)
            }
        }
        v1.post("checkins") { request, context in try await ingest(request, context) }
        getAndHead(v1, "checkins") { _, context in
            try await blocking { JSONResponses.envelope(.array(try store.checkIns(for: try context.requireUser()).map(\.json))) }
        }
        v1.post("insights/generate") { _, context in try await blocking { try generate(context) } }
        getAndHead(v1, "insights") { request, context in try await blocking { try listInsights(request, context) } }
        getAndHead(v1, "insights/:id") { _, context in try await blocking { try getInsight(context) } }
        v1.patch("insights/:id") { request, context in try await updateInsight(request, context) }
        v1.delete("insights/:id") { _, context in try await blocking { try deleteInsight(context) } }
        v1.post("goals/suggestions") { _, context in try await blocking { try suggestions(context) } }
        v1.post("goals") { request, context in try await createGoal(request, context) }
        getAndHead(v1, "goals") { request, context in try await blocking { try listGoals(request, context) } }
        getAndHead(v1, "goals/:id") { _, context in try await blocking { try getGoal(context) } }
        getAndHead(v1, "goals/:id/tips") { _, context in try await blocking { try tips(context) } }
        getAndHead(v1, "consultations") { request, context in try await blocking { try listConsultations(request, context) } }
        v1.post("consultations") { request, context in try await createConsultation(request, context) }
        getAndHead(v1, "consultations/:id") { _, context in try await blocking { try getConsultation(context) } }
        getAndHead(v1, "consultations/:id/messages") { _, context in try await blocking { try listMessages(context) } }
        v1.post("consultations/:id/messages") { request, context in try await sendMessage(request, context) }
    }

    /// A GET route, also answering HEAD (``HeadMiddleware`` drops the body).
    private func getAndHead<Builder: RouterMethods>(
        _ builder: Builder, _ path: RouterPath,
        use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> Response
    ) where Builder.Context == AppRequestContext {
        builder.get(path, use: handler)
        builder.head(path, use: handler)
    }

    /// The methods each path supports (HEAD wherever GET); any other method answers 405 with `Allow`.
    static func allowedMethods(signup: Bool) -> [(path: String, methods: [HTTPRequest.Method])] {
        let routes: [(path: String, methods: [HTTPRequest.Method])] = [
            ("healthz", [.get]), ("readyz", [.get]), ("openapi.yaml", [.get]), ("docs", [.get]), ("api/longevity/trends", [.get]), ("api/v1/auth/token", [.post]),
            ("api/v1/auth/revoke", [.post]),
            ("api/v1/checkins", [.get, .post]), ("api/v1/profile", [.get, .put]), ("api/v1/insights/generate", [.post]),
            ("api/v1/insights", [.get]), ("api/v1/insights/:id", [.get, .patch, .delete]),
            ("api/v1/goals/suggestions", [.post]), ("api/v1/goals", [.get, .post]), ("api/v1/goals/:id", [.get]),
            ("api/v1/goals/:id/tips", [.get]), ("api/v1/consultations", [.get, .post]),
            ("api/v1/consultations/:id", [.get]), ("api/v1/consultations/:id/messages", [.get, .post]),
        ] + (signup ? [("dev/users", [.post])] : [])
        return routes.map { route in
            guard let get = route.methods.firstIndex(of: .get) else { return route }
            var methods = route.methods
            methods.insert(.head, at: get + 1)
            return (route.path, methods)
        }
    }

    /// `body` on a thread outside Swift concurrency's cooperative pool, which
    /// SQLite's blocking calls (a lock, a busy wait) must not hold.
    private func blocking(_ body: @escaping @Sendable () throws -> Response) async throws -> Response {
        try await Blocking.run(body)
    }

    /// 200 when the database answers a trivial query on a reader and on the writer within 1 s, else 503.
    private func ready() async throws -> Response {
        let database = store.database
        guard try await Blocking.run({ database.isResponsive(within: 1) }) else {
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
        try await Blocking.run { [store] in try store.revokeTokens(userId: user, at: now) }
        return JSONResponses.envelope(.object(JSONObject([("revoked_before", Timestamp(milliseconds: now).json)])))
    }

    // MARK: - Development and data

    private func createUser(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if let seconds = signupLimiter?.retryAfter(for: "signup|\(context.remoteAddress?.ipAddress ?? "unknown")") {
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
        let user = try await Blocking.run { [store] in try store.createUser(name: name) }
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
        return try await blocking {
            try store.upsert(checkIns, for: user)
            let added = try store.add(InsightGenerator.insights(from: store.checkIns(for: user)), for: user)
            return JSONResponses.envelope(.object(JSONObject([
                ("stored", .int(checkIns.count)), ("insights_generated", .int(added)),
            ])), status: .created)
        }
    }

    private func generate(_ context: AppRequestContext) throws -> Response {
        let user = try context.requireUser()
        let added = try store.add(InsightGenerator.insights(from: store.checkIns(for: user)), for: user)
        return JSONResponses.envelope(.object(JSONObject([("insights_generated", .int(added))])))
    }

    private func trends(_ context: AppRequestContext) throws -> Response {
        let entries = try store.checkIns(for: try context.requireUser()).compactMap { checkIn in
            checkIn.biologicalAge.map { BiologicalAgeEntry(date: checkIn.date, biologicalAge: $0) }
        }
        let now = Int64(Date().timeIntervalSince1970)
        let today = CalendarDate(daysSinceEpoch: Int(now / 86_400)) ?? .epoch
        return JSONResponses.json(try LongevityTrends(entries: entries, today: today).response.json)
    }

    // MARK: - Insights

    private func listInsights(_ request: Request, _ context: AppRequestContext) throws -> Response {
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
        return JSONResponses.envelope(try store.insights(for: try context.requireUser(), query: query).json)
    }

    private func getInsight(_ context: AppRequestContext) throws -> Response {
        guard let insight = try store.insight(try id(context), for: try context.requireUser()) else {
            throw APIFailure.notFound("Insight")
        }
        return JSONResponses.envelope(insight.json)
    }

    private func updateInsight(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let change = try JSONResponses.decode(UpdateInsightRequest.self,
                                              from: try await JSONResponses.body(of: request, context: context))
        return try await blocking {
            guard let insight = try store.update(try id(context), for: try context.requireUser(), with: change) else {
                throw APIFailure.notFound("Insight")
            }
            return JSONResponses.envelope(insight.json)
        }
    }

    private func deleteInsight(_ context: AppRequestContext) throws -> Response {
        guard try store.deleteInsight(try id(context), for: try context.requireUser()) else {
            throw APIFailure.notFound("Insight")
        }
        return Response(status: .noContent)
    }

    // MARK: - Goals

    private func suggestions(_ context: AppRequestContext) throws -> Response {
        let user = try context.requireUser()
        try limit(user, "suggestions")
        let suggestions = GoalAdvisor.suggestions(checkIns: try store.checkIns(for: user), existing: try store.allGoals(for: user),
                                                  profile: try store.profile(for: user))
        return JSONResponses.envelope(GoalSuggestions(suggestions: suggestions).json)
    }

    private func tips(_ context: AppRequestContext) throws -> Response {
        let user = try context.requireUser()
        guard let goal = try store.goal(try id(context), for: user) else { throw APIFailure.notFound("Goal") }
        try limit(user, "tips")
        let tips = GoalAdvisor.tips(for: goal, checkIns: try store.checkIns(for: user))
        return JSONResponses.envelope(GoalTips(tips: tips, goalId: goal.id, goalTitle: goal.title).json)
    }

    private func createGoal(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let goalRequest = try JSONResponses.decode(CreateGoalRequest.self,
                                                   from: try await JSONResponses.body(of: request, context: context))
        return try await blocking {
            JSONResponses.envelope(try store.createGoal(goalRequest, for: try context.requireUser()).json, status: .created)
        }
    }

    private func listGoals(_ request: Request, _ context: AppRequestContext) throws -> Response {
        let parameters = QueryParameters(request)
        let status = try parameters.choice("status", GoalStatus.self)
        let page = try parameters.page()
        let (goals, pagination) = try store.goals(for: try context.requireUser(), status: status, page: page.page,
                                                  pageSize: page.size)
        return JSONResponses.envelope(.object(JSONObject([("goals", goals.json), ("pagination", pagination.json)])))
    }

    private func getGoal(_ context: AppRequestContext) throws -> Response {
        guard let goal = try store.goal(try id(context), for: try context.requireUser()) else { throw APIFailure.notFound("Goal") }
        return JSONResponses.envelope(goal.json)
    }

    // MARK: - Consultations

    private func listConsultations(_ request: Request, _ context: AppRequestContext) throws -> Response {
        let parameters = QueryParameters(request)
        let archived = try parameters.bool("is_archived")
        let page = try parameters.page()
        let (consultations, pagination) = try store.consultations(for: try context.requireUser(), archived: archived,
                                                                  page: page.page, pageSize: page.size)
        return JSONResponses.envelope(.object(JSONObject([
            ("consultations", consultations.json), ("pagination", pagination.json),
        ])))
    }

    private func createConsultation(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let creation = try JSONResponses.decode(CreateConsultationRequest.self,
                                                from: try await JSONResponses.body(of: request, context: context))
        return try await blocking {
            JSONResponses.envelope(try store.createConsultation(creation, for: try context.requireUser()).json,
                                   status: .created)
        }
    }

    private func getConsultation(_ context: AppRequestContext) throws -> Response {
        JSONResponses.envelope(try consultation(context).json)
    }

    private func listMessages(_ context: AppRequestContext) throws -> Response {
        let messages = try store.messages(of: try consultation(context))
        return JSONResponses.envelope(.object(JSONObject([("messages", messages.json), ("count", .int(messages.count))])))
    }

    private func sendMessage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let consultation = try await Blocking.run { [self] in try self.consultation(context) }
        let body = try await JSONResponses.body(of: request, context: context)
        let content: String
        do {
            content = try ObjectReader(body, at: .root).nonEmptyString("content")
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
        try limit(consultation.userId, "messages")
        return try await blocking {
            let subject = try subjectTitle(of: consultation)
            let reply = Coach.reply(to: content, in: consultation, about: subject)
            let messages = try store.append([(.user, content), (.assistant, reply)], to: consultation)
            return JSONResponses.envelope(.object(JSONObject([("messages", messages.json), ("count", .int(messages.count))])),
                                          status: .created)
        }
    }

    private func consultation(_ context: AppRequestContext) throws -> Consultation {
        guard let consultation = try store.consultation(try id(context), for: try context.requireUser()) else {
            throw APIFailure.notFound("Consultation")
        }
        return consultation
    }

    /// The title of the insight or goal a consultation is about, if it is the user's.
    private func subjectTitle(of consultation: Consultation) throws -> String? {
        guard let contextId = consultation.contextId else { return consultation.title }
        switch consultation.contextType {
        case .insight?: return try store.insight(contextId, for: consultation.userId)?.title
        case .goal?: return try store.goal(contextId, for: consultation.userId)?.title
        default: return consultation.title
        }
    }

    // MARK: - Helpers

    private func id(_ context: AppRequestContext) throws -> String {
        guard let id = context.parameters.get("id") else { throw APIFailure.badRequest("missing id") }
        return id
    }

    private func limit(_ user: String, _ endpoint: String) throws {
        if let seconds = limiter.retryAfter(for: "\(user)|\(endpoint)") {
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

/// Runs blocking work (SQLite) on a dispatch queue's threads, off Swift
/// concurrency's cooperative pool.
enum Blocking {
    private static let queue = DispatchQueue(label: "wellness-server.blocking", attributes: .concurrent)

    static func run<T>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
