import WellnessKitCore

/// Turns an HTTP response into its JSON body or the typed error it means.
enum ResponseInterpreter {
    static func body(of response: HTTPExchange.Response, method: String, path: String) throws -> JSONValue {
        if response.status == 204 { return .null }
        let isJSON = response.headers["content-type"].map { $0.lowercased().hasPrefix("application/json") } ?? false
        let document = isJSON ? try? JSONParser.parse(response.body) : nil
        if (200...299).contains(response.status) {
            guard isJSON else {
                throw WellnessError(
                    kind: .invalidResponse,
                    message:
                        "\(method) \(path) answered \(response.status) with \(response.headers["content-type"] ?? "no content type"), not JSON"
                )
            }
            guard let document else {
                throw WellnessError(
                    kind: .invalidResponse, message: "\(method) \(path) answered \(response.status) with invalid JSON")
            }
            return document
        }
        var error = WellnessError(
            kind: kind(for: response.status), message: message(document, response.status, method, path))
        error.httpStatus = response.status
        if response.status == 429 { error.retryAfter = Int(response.headers["retry-after"] ?? "") }
        throw error
    }

    private static func kind(for status: Int) -> WellnessError.Kind {
        switch status {
        case 401: return .unauthorized
        case 403: return .forbidden
        case 404: return .notFound
        case 429: return .rateLimited
        default: return .http
        }
    }

    /// The envelope's message ("Goal not found"), or the status.
    private static func message(_ document: JSONValue?, _ status: Int, _ method: String, _ path: String) -> String {
        if case .object(let object)? = document, case .object(let error)? = object["error"],
            case .string(let text)? = error["message"]
        {
            return text
        }
        return "\(method) \(path) answered HTTP \(status)"
    }
}
