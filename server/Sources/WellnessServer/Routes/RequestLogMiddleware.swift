import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// One structured line per request: id, method, route (the path pattern, so no
/// ids or secrets), status and duration — from the request's arrival to its
/// response's last byte written (so the body's writing is counted) — and the
/// same in ``ServerMetrics``. Headers and bodies are never logged. The
/// outermost middleware: errors reach it as responses already
/// (``ErrorEnvelopeMiddleware``).
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let started = RequestStart.now()
        // Hummingbird's id, on every line logged for this request (see JSONLogHandler).
        let requestId = context.logger[metadataKey: "hb.request.id"]?.description ?? ""
        let method = request.method.rawValue
        do {
            // Checks of the database made from now on see every change committed before this request (``RequestStart``).
            var response = try await RequestStart.$nanoseconds.withValue(started) { try await next(request, context) }
            response.headers[.xRequestID] = requestId
            let status = response.status.code
            let logger = context.logger
            let route = context.endpointPath ?? "unmatched"
            let body = response.body
            let length = response.headers[.contentLength]
            response.body = ResponseBody(contentLength: body.contentLength) { writer in
                do {
                    try await body.write(writer)
                } catch {
                    log(
                        logger, method: method, route: route, status: status, started: started,
                        outcome: "response not fully written")
                    throw error
                }
                log(logger, method: method, route: route, status: status, started: started)
            }
            // HEAD keeps the GET's length although its body is empty.
            if let length { response.headers[.contentLength] = length }
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            log(
                context.logger, method: method, route: context.endpointPath ?? "unmatched", status: status,
                started: started)
            throw error
        }
    }

    private func log(
        _ logger: Logger, method: String, route: String, status: Int, started: UInt64,
        outcome: String? = nil
    ) {
        let nanoseconds = DispatchTime.now().uptimeNanoseconds - started
        metrics.request(
            method: method, route: route, status: status, duration: .nanoseconds(Int64(clamping: nanoseconds)))
        let milliseconds = Double(nanoseconds) / 1e6
        var metadata: Logger.Metadata = [
            "method": .string(method),
            "route": .string(route),
            "status": .stringConvertible(status),
            "duration_ms": .string(Self.twoDecimals(milliseconds)),
        ]
        if let outcome { metadata["outcome"] = .string(outcome) }
        logger.info("request", metadata: metadata)
    }
}

extension RequestLogMiddleware {
    /// `value` with two decimals (as `%.2f`), without `String(format:)`'s formatter machinery.
    static func twoDecimals(_ value: Double) -> String {
        guard value.isFinite, value >= 0, value < 1e15 else { return String(value) }
        let hundredths = Int64((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension HTTPField.Name {
    static let xRequestID = Self("X-Request-ID")!
}
