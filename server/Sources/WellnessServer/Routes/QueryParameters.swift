import Hummingbird
import WellnessKitCore

/// Typed query parameters; a malformed one is a 400 naming it.
struct QueryParameters {
    let parameters: Hummingbird.Parameters

    init(_ request: Request) {
        parameters = request.uri.queryParameters
    }

    func bool(_ name: String) throws -> Bool? {
        guard let text = parameters.get(name) else { return nil }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw APIFailure.badRequest("\(name) must be true or false, not \"\(text)\"")
        }
    }

    func int(_ name: String, default value: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = parameters.get(name) else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw APIFailure.badRequest("\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws -> T?
    where T.RawValue == String {
        guard let text = parameters.get(name) else { return nil }
        guard let value = T(rawValue: text) else {
            throw APIFailure.badRequest("\(name) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// page (>= 1) and page_size (1 … 100).
    func page() throws -> (page: Int, size: Int) {
        (
            try int("page", default: 1, in: 1...1_000_000),
            try int("page_size", default: 20, in: 1...InsightQuery.maximumPageSize)
        )
    }
}
