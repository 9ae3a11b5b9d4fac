import WellnessKitCore

/// One HTTP exchange, as the services need it.
public struct HTTPExchange: Sendable {
    public struct Request: Sendable {
        public var method: String
        public var url: String
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]?
        /// Seconds the whole exchange may take.
        public var timeout: Double

        public init(
            method: String, url: String, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil,
            timeout: Double
        ) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
            self.timeout = timeout
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
}
