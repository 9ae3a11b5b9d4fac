import Foundation
import HTTPTypes
import Hummingbird
import WellnessKitCore

extension AppState {
    /// The user's own account as a whole: export it, erase it.
    var accountRoutes: [Route] {
        [
            Self.api(.get, "v1/account/export") { _, context in try await exportAccount(context) },
            Self.api(.delete, "v1/account") { request, context in try await eraseAccount(request, context) },
        ]
    }

    /// Everything stored about the user, opened, as a JSON download
    /// (``AccountRepository/export(_:to:)``), streamed as it is read.
    private func exportAccount(_ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let accounts = repositories.accounts
        let logger = context.logger
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/json",
                .contentDisposition: #"attachment; filename="wellness-export-\#(user).json""#,
                .cacheControl: "no-store",
            ],
            body: ResponseBody { writer in
                do {
                    _ = try await accounts.export(user) { bytes in
                        try await writer.write(ByteBuffer(bytes: bytes))
                    }
                } catch {
                    // The status is sent; the document stops short, without its last member `complete`.
                    logger.error("export failed", metadata: ["error": .string("\(error)")])
                    throw error
                }
                try await writer.finish(nil)
            })
    }

    /// Erases everything of the user (``AccountRepository/erase(_:)``) once the body
    /// confirms it with one of the user's API keys, `{"api_key": "..."}`:
    /// a token alone, or a stolen one, does not erase an account. 204; 404
    /// when another request erased it while this one was in flight; 503 with
    /// `Retry-After` when the key store cannot delete the user's data key
    /// (nothing is erased then, and an error is logged); after it, the
    /// user's credentials are 401.
    private func eraseAccount(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let body = try await JSONRequests.body(of: request, context: context)
        let apiKey = try JSONRequests.read(body) { reader in
            try reader.rejectUnknownKeys(["api_key"])
            return try reader.nonEmptyString("api_key")
        }
        guard try await repositories.accounts.isAPIKey(apiKey, of: user) else {
            throw APIFailure(
                status: .forbidden, code: "CONFIRMATION_FAILED",
                message: "api_key: is not one of this account's API keys")
        }
        let erased: Bool
        do {
            erased = try await repositories.accounts.erase(user)
        } catch let error as KeyStoreUnavailable {
            context.logger.error("erasure not done: the key store failed", metadata: ["error": .string("\(error)")])
            throw Self.keyStoreUnavailable
        }
        guard erased else { throw APIFailure.notFound("Account") }
        return Response(status: .noContent)
    }

    /// An erasure stopped before it deleted anything: the user's data key
    /// could not be deleted, and their data is erased only with it.
    static let keyStoreUnavailable = APIFailure(
        status: .serviceUnavailable, code: "KEY_STORE_UNAVAILABLE",
        message: "the account was not erased: its data key could not be deleted (the key store is unavailable); "
            + "nothing was changed, retry later",
        headers: [.retryAfter: String(keyStoreRetrySeconds)])

    /// The `Retry-After` of an erasure whose key store failed, in seconds.
    static let keyStoreRetrySeconds = 30
}
