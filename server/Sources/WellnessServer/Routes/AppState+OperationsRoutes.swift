import Foundation
import HTTPTypes
import Hummingbird
import WellnessKitCore

extension AppState {
    /// Liveness, readiness, metrics, the contract and its page, and development sign-up when it is on.
    var operationsRoutes: [Route] {
        let signup = Self.open(.post, "dev/users") { request, context in try await createUser(request, context) }
        return [
            // Liveness never touches the database; readiness asks it, with a deadline.
            Self.open(.get, "healthz") { _, _ in JSONResponses.json(.object(JSONObject([("status", .string("ok"))]))) },
            Self.open(.get, "readyz") { _, _ in try await ready() },
            Self.open(.get, "metrics") { _, _ in await metricsPage() },
            Self.open(.get, "openapi.yaml") { _, _ in
                Self.document(OpenAPIContract.yaml, type: "application/yaml; charset=utf-8")
            },
            Self.open(.get, "docs") { _, _ in Self.document(ContractDocsPage.html, type: "text/html; charset=utf-8") },
        ] + (signupLimiter == nil ? [] : [signup])
    }

    /// 200 when the database answers a trivial query (SQLite: on a reader and on the writer) within 1 s, else 503.
    private func ready() async throws -> Response {
        guard await store.engine.isResponsive(within: 1) else {
            throw APIFailure(
                status: .serviceUnavailable, code: "NOT_READY",
                message: "the database did not answer within 1 s")
        }
        return JSONResponses.json(.object(JSONObject([("status", .string("ready"))])))
    }

    /// ``ServerMetrics`` in Prometheus' text format; no label holds a user's data.
    private func metricsPage() async -> Response {
        await provider.refreshMetrics()
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.exposition())))
    }

    /// The contract or its page; the page loads nothing from anywhere else.
    private static func document(_ text: String, type: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: type, .cacheControl: "public, max-age=300",
                HTTPField.Name("Content-Security-Policy")!: "default-src 'none'; style-src 'unsafe-inline'",
            ], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private func createUser(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if let seconds = try await signupLimiter?.retryAfter(
            "signup", for: context.remoteAddress?.ipAddress ?? "unknown")
        {
            throw APIFailure.rateLimited(retryAfter: seconds)
        }
        let body = try await JSONRequests.body(of: request, context: context)
        let name = try JSONRequests.read(body) { try $0.optional("name") ?? "Wellness user" }
        let user = try await repositories.accounts.create(name: name)
        return JSONResponses.envelope(
            .object(
                JSONObject([
                    ("user_id", .string(user.id)), ("api_key", .string(user.apiKey)),
                    ("token", .string(credentials.token(for: user.id))),
                ])), status: .created)
    }
}
