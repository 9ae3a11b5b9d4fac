import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A client of the WellnessKit API: one per configuration, safe to share
/// between threads (requests run on the calling thread; connections are pooled).
public final class WellnessClient: Sendable {
    /// How long an operation may take.
    public enum Operation: Sendable {
        case standard
        case ai
    }

    public let configuration: ClientConfiguration
    private let transport: any HTTPTransport
    private let sleep: @Sendable (Double) -> Void
    /// Seconds on a monotonic clock, for the ages of what the client keeps.
    let clock: @Sendable () -> Double
    let session = ClientSession()

    /// - Parameters:
    ///   - configuration: where and who.
    ///   - transport: libcurl by default; tests inject faults here.
    ///   - sleep: how backoff waits (tests record instead of sleeping).
    ///   - clock: seconds on a monotonic clock, which the ages of kept
    ///     results (the dashboard's) are measured on; tests advance their own.
    public init(
        configuration: ClientConfiguration, transport: any HTTPTransport = CurlTransport(),
        sleep: @escaping @Sendable (Double) -> Void = { MonotonicClock.sleep($0) },
        clock: @escaping @Sendable () -> Double = { MonotonicClock.now() }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.sleep = sleep
        self.clock = clock
    }

    private var userAgent: String { "WellnessKit/\(WellnessVersion.string) (\(configuration.host))" }

    /// Sends one API request with retries and returns the JSON body (null for 204).
    /// - Throws: ``WellnessError``: `unauthorized`, `forbidden`, `notFound`,
    ///   `rateLimited` (with ``WellnessError/retryAfter``), `http`, `network`,
    ///   `timeout`, `invalidResponse`.
    /// - Parameter idempotencyKey: the key a POST carries; a new one when nil.
    ///   A queued write passes the key it was first sent with, so that every
    ///   replay of it is the same request to a server that deduplicates.
    public func send(
        _ method: String, _ path: String, query: [(String, String)] = [], body: JSONValue? = nil,
        operation: Operation = .standard, idempotencyKey: String? = nil
    ) throws -> JSONValue {
        let idempotencyKey = idempotencyKey ?? randomUUIDString()
        let budget = operation == .ai ? configuration.aiTimeout : configuration.timeout
        var request = HTTPExchange.Request(
            method: method, url: url(path, query),
            headers: headers(for: method, token: currentToken(refresh: false), idempotencyKey: idempotencyKey),
            body: try body.map { try JSONWriter.bytes($0) } ?? (method == "GET" || method == "DELETE" ? nil : []),
            timeout: budget)
        let answer = try retrying(
            &request, path: path, budget: budget, completing: "complete",
            headers: {
                self.headers(for: method, token: self.currentToken(refresh: $0), idempotencyKey: idempotencyKey)
            }
        ) { request, _ in try transport.send(request) }
        return answer ?? .null
    }

    /// Sends one API request whose 2xx answer is a `text/event-stream`, handing
    /// the stream's bytes to `receive` as they arrive (false stops the
    /// transfer). Retried as ``send(_:_:query:body:operation:idempotencyKey:)``
    /// is, but only while no byte of a stream has been received. The
    /// operation's budget bounds the wait for the stream to start, then each
    /// silence within it: a reply that keeps streaming is never cut.
    /// - Returns: nil when the answer was a stream; the JSON body of a 2xx
    ///   answer that was not (a server that does not stream).
    /// - Throws: as `send`; a stream cut off is `network`, one silent for the
    ///   budget `timeout`.
    func sendStreaming(
        _ method: String, _ path: String, body: JSONValue, operation: Operation,
        receive: (UnsafeRawBufferPointer) -> Bool
    ) throws -> JSONValue? {
        let idempotencyKey = randomUUIDString()
        let budget = operation == .ai ? configuration.aiTimeout : configuration.timeout
        func streamHeaders(refresh: Bool) -> [(name: String, value: String)] {
            headers(for: method, token: currentToken(refresh: refresh), idempotencyKey: idempotencyKey).map {
                $0.name == "Accept" ? (name: "Accept", value: "text/event-stream") : $0
            }
        }
        var request = HTTPExchange.Request(
            method: method, url: url(path, []), headers: streamHeaders(refresh: false),
            body: try JSONWriter.bytes(body), timeout: budget, idleTimeout: budget)
        return try retrying(&request, path: path, budget: budget, completing: "start", headers: streamHeaders) {
            request, started in
            let (response, streamed) = try transport.stream(
                request,
                accept: { status, headers in
                    (200...299).contains(status)
                        && (headers["content-type"]?.lowercased().hasPrefix("text/event-stream") ?? false)
                },
                receive: { bytes in
                    started = true
                    return receive(bytes)
                })
            return streamed ? nil : response
        }
    }

    /// Sends a GET whose 2xx answer's body is handed to `receive` piece by
    /// piece as it arrives (a download that need not fit in memory), retried
    /// as ``send(_:_:query:body:operation:idempotencyKey:)`` is while no byte
    /// has been received; the budget bounds the wait for the answer, then each
    /// silence.
    /// - Throws: as `send`; what `receive` throws (the transfer stops there).
    func download(_ path: String, receive: (UnsafeRawBufferPointer) throws -> Void) throws {
        let budget = configuration.timeout
        let idempotencyKey = randomUUIDString()
        func downloadHeaders(refresh: Bool) -> [(name: String, value: String)] {
            headers(for: "GET", token: currentToken(refresh: refresh), idempotencyKey: idempotencyKey)
        }
        var request = HTTPExchange.Request(
            method: "GET", url: url(path, []), headers: downloadHeaders(refresh: false), timeout: budget,
            idleTimeout: budget)
        var failure: (any Error)?
        let answer = try retrying(&request, path: path, budget: budget, completing: "start", headers: downloadHeaders) {
            request, started in
            let (response, streamed) = try transport.stream(
                request, accept: { status, _ in (200...299).contains(status) },
                receive: { bytes in
                    started = true
                    do {
                        try receive(bytes)
                        return true
                    } catch {
                        failure = error
                        return false
                    }
                })
            return streamed ? nil : response
        }
        if let failure { throw failure }
        guard answer == nil else {
            throw WellnessError(kind: .invalidResponse, message: "GET \(path) answered without a body to download")
        }
    }

    /// The retries every request gets within its budget: after a 401 once
    /// with a refreshed token, after a 429 once when its `Retry-After` fits,
    /// and after a 5xx or a network failure up to `maxRetries` times with
    /// backoff (a network failure only while `exchange` has not set its
    /// `started` flag: a stream already begun is not sent again).
    /// - Returns: the JSON body of the answer; nil when `exchange` returned no response (a stream it consumed).
    private func retrying(
        _ request: inout HTTPExchange.Request, path: String, budget: Double, completing verb: String,
        headers: (_ refresh: Bool) -> [(name: String, value: String)],
        _ exchange: (HTTPExchange.Request, _ started: inout Bool) throws -> HTTPExchange.Response?
    ) throws -> JSONValue? {
        let deadline = MonotonicClock.now() + budget  // seconds on the monotonic clock
        let method = request.method
        var started = false
        var attempt = 0
        var honouredRetryAfter = false
        var refreshedToken = false
        while true {
            request.timeout = deadline - MonotonicClock.now()
            guard request.timeout > 0 else {
                throw WellnessError(kind: .timeout, message: "\(method) \(path) did not \(verb) within \(budget) s")
            }
            do {
                guard let response = try exchange(request, &started) else { return nil }
                if response.status == 401, !refreshedToken, session.tokenProvider() != nil {
                    refreshedToken = true
                    request.headers = headers(true)
                    continue
                }
                if response.status == 429, !honouredRetryAfter,
                    let wait = Int(response.headers["retry-after"] ?? ""),
                    Double(wait) < deadline - MonotonicClock.now()
                {
                    honouredRetryAfter = true
                    sleep(Double(wait))
                    continue
                }
                if (500...599).contains(response.status), attempt < configuration.maxRetries,
                    let wait = backoff(attempt, before: deadline)
                {
                    attempt += 1
                    sleep(wait)
                    continue
                }
                return try ResponseInterpreter.body(of: response, method: method, path: path)
            } catch let error as WellnessError where error.kind == .network && !started {
                guard attempt < configuration.maxRetries, let wait = backoff(attempt, before: deadline) else {
                    throw error
                }
                attempt += 1
                sleep(wait)
            }
        }
    }

    /// Exponential backoff from `initialBackoff`, doubling up to `maxBackoff`, with
    /// up to 20% jitter; nil when waiting would pass the deadline (monotonic seconds).
    private func backoff(_ attempt: Int, before deadline: Double) -> Double? {
        let base = min(configuration.maxBackoff, configuration.initialBackoff * pow(2, Double(attempt)))
        let wait = base * Double.random(in: 0.8...1.0)
        return wait < deadline - MonotonicClock.now() ? wait : nil
    }

    /// The base URL, path and query, names and values percent-encoded outside RFC 3986's unreserved set.
    private func url(_ path: String, _ query: [(String, String)]) -> String {
        let encoded = query.map { "\($0.0.percentEncodedUnreserved)=\($0.1.percentEncodedUnreserved)" }
        return configuration.baseURL + path + (query.isEmpty ? "" : "?" + encoded.joined(separator: "&"))
    }

    /// The provider's token when one is set (`refresh` after a 401), else the configured one.
    private func currentToken(refresh: Bool) -> String? {
        session.tokenProvider().flatMap { $0(refresh) } ?? configuration.token
    }

    /// Asks `provider` for the bearer token before requests, and once more
    /// (with `refresh` true) after a 401; nil removes it. It may be called
    /// from several threads at once.
    public func setTokenProvider(_ provider: (@Sendable (_ refresh: Bool) -> String?)?) {
        session.setTokenProvider(provider)
    }

    private func headers(for method: String, token: String?, idempotencyKey: String) -> [(name: String, value: String)]
    {
        var headers: [(name: String, value: String)] = [("Accept", "application/json"), ("User-Agent", userAgent)]
        if let apiKey = configuration.apiKey { headers.append(("X-API-Key", apiKey)) }
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        if method != "GET", method != "DELETE" { headers.append(("Content-Type", "application/json")) }
        if method == "POST" { headers.append(("Idempotency-Key", idempotencyKey)) }
        return headers
    }
}

/// What a client remembers between calls: the trends of this session, the
/// last complete dashboard and the token provider.
final class ClientSession: @unchecked Sendable {
    typealias TokenProvider = @Sendable (Bool) -> String?

    private let lock = PThreadMutex()
    private var trends: TrendsResponse?
    private var dashboard: (dashboard: Dashboard, loaded: Double)?
    private var store: LocalStore?
    private var provider: TokenProvider?
    private var analytics: AnalyticsPipeline?

    func analyticsPipeline() -> AnalyticsPipeline? {
        lock.withLock { analytics }
    }

    func setAnalytics(_ pipeline: AnalyticsPipeline?) {
        lock.withLock { analytics = pipeline }
    }

    /// The dashboard kept and when it was loaded (monotonic seconds).
    func keptDashboard() -> (dashboard: Dashboard, loaded: Double)? {
        lock.withLock { dashboard }
    }

    /// The client's local store, opened on first use and kept.
    func localStore(directory: String) throws -> LocalStore {
        try lock.withLock {
            if let store { return store }
            let opened = try LocalStore(directory: directory)
            store = opened
            return opened
        }
    }

    func keep(_ dashboard: Dashboard, loaded: Double) {
        lock.withLock { self.dashboard = (dashboard, loaded) }
    }

    func tokenProvider() -> TokenProvider? {
        lock.withLock { provider }
    }

    func setTokenProvider(_ provider: TokenProvider?) {
        lock.withLock { self.provider = provider }
    }

    func cachedTrends() -> TrendsResponse? {
        lock.withLock { trends }
    }

    func store(_ response: TrendsResponse) {
        lock.withLock { trends = response }
    }
}
