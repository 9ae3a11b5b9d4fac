import Foundation
import HTTPTypes
import Hummingbird
import WellnessKitCore

extension Routes {
    /// The user's own account as a whole: export it, erase it.
    var accountRoutes: [Route] {
        [
            Self.api(.get, "v1/account/export") { _, context in try await exportAccount(context) },
            Self.api(.delete, "v1/account") { request, context in try await eraseAccount(request, context) },
        ]
    }

    /// Everything stored about the user, opened, as a JSON download
    /// (``Store/exportAccount(_:to:)``), streamed as it is read.
    private func exportAccount(_ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let store = store
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
                    _ = try await store.exportAccount(user) { bytes in
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

    /// Erases everything of the user (``Store/eraseUser(_:)``) once the body
    /// confirms it with one of the user's API keys, `{"api_key": "..."}`:
    /// a token alone, or a stolen one, does not erase an account. 204; 404
    /// when another request erased it while this one was in flight; after it,
    /// the user's credentials are 401.
    private func eraseAccount(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let body = try await JSONResponses.body(of: request, context: context)
        let apiKey: String
        do {
            let reader = try ObjectReader(body, at: .root)
            try reader.rejectUnknownKeys(["api_key"])
            apiKey = try reader.nonEmptyString("api_key")
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
        guard try await store.isAPIKey(apiKey, of: user) else {
            throw APIFailure(
                status: .forbidden, code: "CONFIRMATION_FAILED",
                message: "api_key: is not one of this account's API keys")
        }
        guard try await store.eraseUser(user) else { throw APIFailure.notFound("Account") }
        return Response(status: .noContent)
    }
}
