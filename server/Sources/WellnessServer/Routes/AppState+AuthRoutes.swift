import Foundation
import HTTPTypes
import Hummingbird
import WellnessKitCore

extension AppState {
    /// Tokens and API keys: refresh, revoke, and key rotation.
    var authRoutes: [Route] {
        [
            Self.api(.post, "v1/auth/token", Self.withoutInput { context in try refreshToken(context) }),
            Self.api(.post, "v1/auth/revoke", Self.withoutInput { context in try await revokeTokens(context) }),
            Self.api(.get, "v1/auth/keys") { _, context in try await listAPIKeys(context) },
            Self.api(.post, "v1/auth/keys", Self.withoutInput { context in try await createAPIKey(context) }),
            Self.api(.delete, "v1/auth/keys/:id", Self.withoutInput { context in try await revokeAPIKey(context) }),
        ]
    }

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
        return JSONResponses.envelope(
            .object(
                JSONObject([
                    ("token", .string(credentials.token(for: user, sessionStart: sessionStart))),
                    ("expires_in", .number(String(credentials.tokenLifetimeMilliseconds / 1000))),
                ])))
    }

    /// Every token of the user issued until now stops working; the API key does not.
    private func revokeTokens(_ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let now = Store.nowMilliseconds()
        try await repositories.accounts.revokeTokens(of: user, at: now)
        return JSONResponses.envelope(.object(JSONObject([("revoked_before", Timestamp(milliseconds: now).json)])))
    }

    private func listAPIKeys(_ context: AppRequestContext) async throws -> Response {
        let keys = try await Self.refusing { try await repositories.apiKeys.list(of: try context.requireUser()) }
        return JSONResponses.envelope(.object(JSONObject([("keys", .array(keys.map { $0.json() }))])))
    }

    /// A new API key, shown in this response only.
    private func createAPIKey(_ context: AppRequestContext) async throws -> Response {
        let created = try await Self.refusing { try await repositories.apiKeys.create(for: try context.requireUser()) }
        return JSONResponses.envelope(created.record.json(apiKey: created.apiKey), status: .created)
    }

    /// Any of the user's keys, the one of this request included, except the last.
    private func revokeAPIKey(_ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let key = try id(context)
        try await Self.refusing { try await repositories.apiKeys.revoke(key, of: user) }
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
            case .tooManyKeys:
                throw APIFailure(status: .conflict, code: "TOO_MANY_API_KEYS", message: refusal.description)
            }
        }
    }
}
