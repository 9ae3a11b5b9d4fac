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
        guard Self.initialized, let handle = takeHandle() else {
            throw WellnessError(kind: .network, message: "libcurl could not be initialised")
        }
        defer { returnHandle(handle) }
        let collector = Collector(limit: maximumBodySize)
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
        _ = wellness_curl_set_long(handle, CURLOPT_TIMEOUT_MS, max(1, Int(request.timeout * 1000)))
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
        guard result == CURLE_OK else { throw Self.error(for: result, url: request.url) }
        var status = 0
        _ = wellness_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return HTTPExchange.Response(status: status, headers: collector.headers, body: collector.body)
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

    /// Gathers one response; the C callbacks reach it through an opaque pointer.
    private final class Collector {
        let limit: Int
        var body: [UInt8] = []
        var headers: [String: String] = [:]
        var exceeded = false

        init(limit: Int) {
            self.limit = limit
        }

        static let writeBody: wellness_curl_data_fn = { data, size, count, context in
            guard let data, let context else { return 0 }
            let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            guard collector.body.count + length <= collector.limit else {
                collector.exceeded = true
                return 0
            }
            data.withMemoryRebound(to: UInt8.self, capacity: length) {
                collector.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
            }
            return length
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
