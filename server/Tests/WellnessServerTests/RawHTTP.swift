import Foundation

/// One raw exchange over a TCP connection: what the server sends, until it
/// closes the connection or stays silent for `timeout` seconds.
enum RawHTTP {
    struct Failure: Error {}

    /// Runs blocking socket work on a thread of its own: on the cooperative
    /// pool (two threads on a 2-core machine) it would starve the server under test.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    /// - Parameter next: sent once the first bytes of a reply arrive; then the
    ///   seconds count from its sending.
    /// - Returns: the bytes received, whether the server closed the connection,
    ///   and the seconds until it did (or went silent).
    static func exchange(port: Int, _ request: String, then next: String? = nil, timeout: Int = 5) throws
        -> (reply: String, closed: Bool, seconds: Double)
    {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure() }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure() }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var started = Date()
        _ = Array(request.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var next = next
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var closed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                closed = count == 0 || errno == ECONNRESET
                break
            }
            reply += buffer[0..<count]
            if let pending = next {
                next = nil
                started = Date()
                _ = Array(pending.utf8).withUnsafeBytes {
                    send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
            }
        }
        return (String(decoding: reply, as: UTF8.self), closed, Date().timeIntervalSince(started))
    }

    /// A loopback port nothing listens on (bound, then released).
    static func freeLoopbackPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure() }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw Failure() }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
