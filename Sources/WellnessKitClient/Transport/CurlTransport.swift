import CCurl
import WellnessKitCore

/// HTTP over libcurl: blocking calls (which fit a blocking C ABI), no
/// event-loop threads in the host process, and easy handles reused for
/// keep-alive. Chosen over FoundationNetworking's URLSession, which has open
/// crash bugs on Linux, and over AsyncHTTPClient, whose event loops a C host
/// would have to shut down.
public final class CurlTransport: HTTPTransport, @unchecked Sendable {
    /// Largest response body accepted; a larger one is an invalid response.
    public let maximumBodySize: Int
    private var idleHandles: [UnsafeMutableRawPointer] = []
    /// The process whose connections `idleHandles` hold.
    private var owner = OwningProcess()
    private let lock = PThreadMutex()

    /// curl_global_init is not thread-safe: run it once, before any handle.
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    public init(maximumBodySize: Int = 16 << 20) {
        self.maximumBodySize = maximumBodySize
    }

    deinit {
        guard owner.isCurrent else { return }
        for handle in idleHandles { curl_easy_cleanup(handle) }
    }

    public func send(_ request: HTTPExchange.Request) throws -> HTTPExchange.Response {
        try perform(request, collector: Collector(limit: maximumBodySize))
    }

    public func stream(
        _ request: HTTPExchange.Request, accept: (_ status: Int, _ headers: [String: String]) -> Bool,
        receive: (UnsafeRawBufferPointer) -> Bool
    ) throws -> (response: HTTPExchange.Response, streamed: Bool) {
        try withoutActuallyEscaping(accept) { accept in
            try withoutActuallyEscaping(receive) { receive in
                let collector = Collector(limit: maximumBodySize)
                let sink = Collector.StreamSink(
                    accept: accept, receive: receive, timeout: request.timeout,
                    idleTimeout: request.idleTimeout ?? request.timeout)
                collector.sink = sink
                // The sink goes before this returns: the closures must not outlive the call.
                defer { collector.sink = nil }
                let response = try perform(request, collector: collector)
                // A stream that ended before its first byte is still a stream (an empty one).
                if !sink.decided { sink.streaming = accept(response.status, response.headers) }
                return (response, sink.streaming)
            }
        }
    }

    private func perform(_ request: HTTPExchange.Request, collector: Collector) throws -> HTTPExchange.Response {
        guard Self.initialized, let handle = takeHandle() else {
            throw WellnessError(kind: .network, message: "libcurl could not be initialised")
        }
        defer { returnHandle(handle) }
        collector.handle = handle
        defer { collector.handle = nil }
        let context = Unmanaged.passUnretained(collector).toOpaque()
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }
        for (name, value) in request.headers {
            headerList = curl_slist_append(headerList, "\(name): \(value)")
        }
        // Suppress curl's "Expect: 100-continue" round trip on bodies.
        headerList = curl_slist_append(headerList, "Expect:")
        curl_easy_reset(handle)
        _ = wellness_curl_set_string(handle, CURLOPT_URL, request.url)
        _ = wellness_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, request.method)
        _ = wellness_curl_set_pointer(handle, CURLOPT_HTTPHEADER, headerList)
        _ = wellness_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        if collector.sink == nil {
            _ = wellness_curl_set_long(handle, CURLOPT_TIMEOUT_MS, max(1, Int(request.timeout * 1000)))
        } else {
            // No overall limit: the progress callback applies the head deadline and the idle timeout.
            _ = wellness_curl_set_progress_function(handle, Collector.checkDeadlines)
            _ = wellness_curl_set_pointer(handle, CURLOPT_XFERINFODATA, context)
            _ = wellness_curl_set_long(handle, CURLOPT_NOPROGRESS, 0)
        }
        _ = wellness_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(min(request.timeout, 10) * 1000)))
        _ = wellness_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        _ = wellness_curl_set_data_function(handle, CURLOPT_WRITEFUNCTION, Collector.writeBody)
        _ = wellness_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = wellness_curl_set_data_function(handle, CURLOPT_HEADERFUNCTION, Collector.writeHeader)
        _ = wellness_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        let result: CURLcode = (request.body ?? []).withUnsafeBufferPointer { body in
            if request.body != nil {
                _ = wellness_curl_set_size(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
                _ = wellness_curl_set_pointer(
                    handle, CURLOPT_POSTFIELDS,
                    UnsafeMutableRawPointer(mutating: body.baseAddress ?? UnsafePointer(bitPattern: 1)))
            }
            return curl_easy_perform(handle)
        }
        if collector.exceeded {
            throw WellnessError(
                kind: .invalidResponse, message: "the response body is larger than \(maximumBodySize) bytes")
        }
        if let sink = collector.sink, let silence = sink.timedOut {
            throw WellnessError(kind: .timeout, message: "\(silence) from \(request.url)")
        }
        let stopped = collector.sink?.stopped ?? false
        guard result == CURLE_OK || stopped else { throw Self.error(for: result, url: request.url) }
        return HTTPExchange.Response(status: collector.status(), headers: collector.headers, body: collector.body)
    }

    private func takeHandle() -> UnsafeMutableRawPointer? {
        let pooled = lock.withLock {
            forgetInheritedHandles()
            return idleHandles.popLast()
        }
        return pooled ?? curl_easy_init()
    }

    /// In a child of fork(), the idle handles' connections are the parent's
    /// sockets: a request on one would interleave with the parent's. They are
    /// dropped without cleanup, which would close (and, for TLS, shut down)
    /// the connections the parent still uses; libcurl's own advice for forks.
    private func forgetInheritedHandles() {
        guard !owner.isCurrent else { return }
        idleHandles.removeAll()
        owner.adopt()
    }

    private func returnHandle(_ handle: UnsafeMutableRawPointer) {
        let pooled = lock.withLock {
            forgetInheritedHandles()
            guard idleHandles.count < 16 else { return false }
            idleHandles.append(handle)
            return true
        }
        if !pooled { curl_easy_cleanup(handle) }
    }

    /// The error for a failed transfer, without credentials (the URL carries none).
    private static func error(for code: CURLcode, url: String) -> WellnessError {
        let reason = String(cString: curl_easy_strerror(code))
        if code == CURLE_OPERATION_TIMEDOUT {
            return WellnessError(kind: .timeout, message: "no complete response from \(url) in time (\(reason))")
        }
        return WellnessError(kind: .network, message: "request to \(url) failed: \(reason)")
    }

    /// Gathers one response, or streams its body; the C callbacks reach it through an opaque pointer.
    private final class Collector {
        let limit: Int
        var body: [UInt8] = []
        var headers: [String: String] = [:]
        var exceeded = false
        /// The easy handle of the transfer under way, to read the status from.
        var handle: UnsafeMutableRawPointer?
        /// Set for a streamed exchange.
        var sink: StreamSink?

        init(limit: Int) {
            self.limit = limit
        }

        func status() -> Int {
            var status = 0
            if let handle { _ = wellness_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status) }
            return status
        }

        /// Where a streamed body goes, and the deadlines of a streamed exchange.
        final class StreamSink {
            let accept: (Int, [String: String]) -> Bool
            let receive: (UnsafeRawBufferPointer) -> Bool
            let timeout: Double
            let idleTimeout: Double
            /// Until the body starts (monotonic seconds).
            let headDeadline: Double
            var lastActivity: Double
            /// Whether the body is being handed over (decided at its first byte).
            var decided = false
            var streaming = false
            var stopped = false
            /// Why the transfer was abandoned for lack of progress.
            var timedOut: String?

            init(
                accept: @escaping (Int, [String: String]) -> Bool,
                receive: @escaping (UnsafeRawBufferPointer) -> Bool, timeout: Double, idleTimeout: Double
            ) {
                self.accept = accept
                self.receive = receive
                self.timeout = timeout
                self.idleTimeout = idleTimeout
                let now = MonotonicClock.now()
                headDeadline = now + timeout
                lastActivity = now
            }
        }

        static let writeBody: wellness_curl_data_fn = { data, size, count, context in
            guard let data, let context else { return 0 }
            let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            if let sink = collector.sink {
                sink.lastActivity = MonotonicClock.now()
                if !sink.decided {
                    sink.decided = true
                    sink.streaming = sink.accept(collector.status(), collector.headers)
                }
                if sink.streaming {
                    let more = sink.receive(UnsafeRawBufferPointer(start: data, count: length))
                    if !more { sink.stopped = true }
                    return more ? length : 0
                }
            }
            guard collector.body.count + length <= collector.limit else {
                collector.exceeded = true
                return 0
            }
            data.withMemoryRebound(to: UInt8.self, capacity: length) {
                collector.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
            }
            return length
        }

        /// libcurl calls this about once a second, and whenever data moves:
        /// a non-zero return abandons the transfer.
        static let checkDeadlines: wellness_curl_progress_fn = { context, _, _, _, _ in
            guard let context else { return 0 }
            let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
            guard let sink = collector.sink else { return 0 }
            let now = MonotonicClock.now()
            if !sink.streaming {
                guard now > sink.headDeadline else { return 0 }
                sink.timedOut = "no complete answer within \(sink.timeout) s"
                return 1
            }
            guard now - sink.lastActivity > sink.idleTimeout else { return 0 }
            sink.timedOut = "the stream fell silent for more than \(sink.idleTimeout) s"
            return 1
        }

        static let writeHeader: wellness_curl_data_fn = { data, size, count, context in
            guard let data, let context else { return 0 }
            let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            let line = data.withMemoryRebound(to: UInt8.self, capacity: length) {
                String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
            }
            if line.hasPrefix("HTTP/") {
                collector.headers = [:]  // a new response (after 100 Continue or a redirect)
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingASCIIWhitespace
                collector.headers[name] = value
            }
            return length
        }
    }
}
