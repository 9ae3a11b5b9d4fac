/// An error from WellnessKit: what kind of failure, a message for people,
/// and the path of the offending field when one field is at fault.
public struct WellnessError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The class of failure; each has its own status code in the C ABI.
    public enum Kind: Sendable, Equatable, CaseIterable {
        case invalidArgument
        case invalidJSON
        case validation
        case notFound
        case unauthorized
        case forbidden
        case rateLimited
        case network
        case timeout
        case http
        case invalidResponse
        case decoding
        case `internal`
        /// The caller stopped the operation (a streamed reply's callback asked to stop).
        case cancelled
    }

    public let kind: Kind
    public let message: String
    /// The field path ("data.insights[2].title"), or nil for the input as a whole.
    public let path: String?
    /// Seconds the server asked to wait (rate limited).
    public var retryAfter: Int?
    /// The HTTP status of an HTTP error.
    public var httpStatus: Int?

    public init(kind: Kind, message: String, path: String? = nil) {
        self.kind = kind
        self.message = message
        self.path = path
    }

    public var description: String {
        path.map { "\($0): \(message)" } ?? message
    }

    /// A C-level argument is unusable (NULL pointer, impossible length).
    public static func invalidArgument(_ message: String) -> WellnessError {
        WellnessError(kind: .invalidArgument, message: message)
    }

    /// The input is not well-formed JSON.
    public static func invalidJSON(_ message: String) -> WellnessError {
        WellnessError(kind: .invalidJSON, message: message)
    }

    /// Well-formed JSON that does not fit the model.
    public static func validation(_ message: String, at path: FieldPath) -> WellnessError {
        WellnessError(kind: .validation, message: message, path: path.description)
    }

    /// A defect in WellnessKit itself.
    public static func `internal`(_ message: String) -> WellnessError {
        WellnessError(kind: .internal, message: message)
    }

    /// This error with `note` added to its message; kind, path, status and
    /// retry delay unchanged.
    package func appending(_ note: String) -> WellnessError {
        var noted = WellnessError(kind: kind, message: message + note, path: path)
        noted.retryAfter = retryAfter
        noted.httpStatus = httpStatus
        return noted
    }
}
