import NIOCore

/// How long a connection may take to send a request, and to stay idle between
/// requests, before the server closes it.
public struct ServerTimeouts: Sendable {
    /// From a request's first byte to the end of its header.
    public var header: TimeAmount
    /// From the end of a request's header to the end of its body.
    public var body: TimeAmount
    /// A kept-alive connection with no request in progress.
    public var idle: TimeAmount

    /// - Parameters:
    ///   - header: Seconds allowed for a request's header (default 10).
    ///   - body: Seconds allowed for a request's body (default 30).
    ///   - idle: Seconds a connection may sit idle between requests (default 60).
    public init(header: TimeAmount = .seconds(10), body: TimeAmount = .seconds(30), idle: TimeAmount = .seconds(60)) {
        self.header = header
        self.body = body
        self.idle = idle
    }

    /// Whole seconds from the command line, refusing what is not a positive duration.
    /// - Throws: ``ConfigurationError`` naming the flag.
    public static func seconds(header: Double, body: Double, idle: Double) throws -> ServerTimeouts {
        ServerTimeouts(
            header: try amount(header, "--header-timeout"), body: try amount(body, "--body-timeout"),
            idle: try amount(idle, "--idle-timeout"))
    }

    private static func amount(_ seconds: Double, _ flag: String) throws -> TimeAmount {
        // An hour is far beyond any sane deadline and keeps the nanoseconds in range.
        guard seconds.isFinite, seconds > 0, seconds <= 3600 else {
            throw ConfigurationError("\(flag) must be a number of seconds in (0, 3600], not \(seconds)")
        }
        return .nanoseconds(Int64((seconds * 1_000_000_000).rounded()))
    }
}
