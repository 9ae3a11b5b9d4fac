import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// One structured line per request: id, method, route (the path pattern, so no
/// ids or secrets), status and duration. Headers and bodies are never logged.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response {
        let started = DispatchTime.now().uptimeNanoseconds
        let requestId = UUID().uuidString.lowercased()
        do {
            var response = try await next(request, context)
            response.headers[.xRequestID] = requestId
            log(request, context, status: response.status.code, started: started, requestId: requestId)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            log(request, context, status: status, started: started, requestId: requestId)
            throw error
        }
    }

    private func log(_ request: Request, _ context: Context, status: Int, started: UInt64, requestId: String) {
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        context.logger.info("request", metadata: [
            "request_id": .string(requestId),
            "method": .string(request.method.rawValue),
            "route": .string(context.endpointPath ?? "unmatched"),
            "status": .stringConvertible(status),
            "duration_ms": .string(String(format: "%.2f", milliseconds)),
        ])
    }
}

extension HTTPField.Name {
    static let xRequestID = Self("X-Request-ID")!
}
