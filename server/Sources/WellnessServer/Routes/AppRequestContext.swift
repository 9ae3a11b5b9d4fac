import Hummingbird
import NIOCore

/// The request context: who is calling, once authentication has run.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var userId: String?
    /// The verified bearer token, when the request carried one.
    public var token: TokenClaims?
    /// Whether the request authenticated with its API key.
    public var presentedAPIKey = false
    /// The client's address (nil in tests without a network), for per-client limits.
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// JSON bodies are small; a larger one is refused with 413.
    public var maxUploadSize: Int { Self.uploadLimit }

    /// ``maxUploadSize``, also the most of an answered request's body the server reads and discards to keep
    /// its connection (``RequestDeadlineHandler``).
    static let uploadLimit = 1 << 20

    /// The authenticated user.
    /// - Throws: 401 when authentication has not run or failed.
    public func requireUser() throws -> String {
        guard let userId else { throw APIFailure.unauthorized("authentication required") }
        return userId
    }
}
