import WellnessKitCore

/// One HTTP exchange, as the services need it.
public struct HTTPExchange: Sendable {
    public struct Request: Sendable {
        public var method: String
        public var url: String
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]?
        /// Seconds the whole exchange may take; for a streamed body, until its
        /// first byte (``HTTPTransport/stream(_:accept:receive:)``).
        public var timeout: Double
        /// For a streamed body: the longest silence between its pieces; nil: `timeout`.
        public var idleTimeout: Double?

        public init(
            method: String, url: String, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil,
            timeout: Double, idleTimeout: Double? = nil
        ) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
            self.timeout = timeout
            self.idleTimeout = idleTimeout
        }
    }

    public struct Response: Sendable {
        public var status: Int
        /// Header names lowercased.
        public var headers: [String: String]
        public var body: [UInt8]

        public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }
}

/// Sends HTTP requests. The client depends on this protocol so that tests
/// can inject faults; ``CurlTransport`` is the real one.
public protocol HTTPTransport: Sendable {
    /// - Throws: ``WellnessError`` of kind `network` or `timeout` when no
    ///   response arrived, `invalidResponse` when it was too large.
    func send(_ request: HTTPExchange.Request) throws -> HTTPExchange.Response

    /// Sends `request`; when `accept` takes the answer's status and headers
    /// (lowercased names), its body is handed to `receive` piece by piece as it
    /// arrives, instead of being collected, and `streamed` is true. `receive`
    /// returning false ends the transfer there, without an error. Any other
    /// answer is collected whole, as ``send(_:)`` collects it.
    ///
    /// `request.timeout` bounds the wait for the answer's head, then each
    /// silence of a streamed body (an idle timeout): a body that keeps
    /// arriving may take as long as it needs.
    /// - Returns: the answer; its body is empty when it was streamed.
    /// - Throws: as ``send(_:)``; `timeout` also when a streamed body falls silent.
    func stream(
        _ request: HTTPExchange.Request, accept: (_ status: Int, _ headers: [String: String]) -> Bool,
        receive: (UnsafeRawBufferPointer) -> Bool
    ) throws -> (response: HTTPExchange.Response, streamed: Bool)
}

extension HTTPTransport {
    /// Streaming for transports that can only collect: the whole body is
    /// handed over at once (fakes in tests, which script the body).
    public func stream(
        _ request: HTTPExchange.Request, accept: (_ status: Int, _ headers: [String: String]) -> Bool,
        receive: (UnsafeRawBufferPointer) -> Bool
    ) throws -> (response: HTTPExchange.Response, streamed: Bool) {
        var response = try send(request)
        guard accept(response.status, response.headers) else { return (response, false) }
        _ = response.body.withUnsafeBytes { receive($0) }
        response.body = []
        return (response, true)
    }
}
