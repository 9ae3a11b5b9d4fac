import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import WellnessServer

/// A slow header or body is answered 408 and closed, an idle
/// connection is closed, and an announced body over the limit is refused
/// before it is sent.
@Suite struct TimeoutTests {
    private func withServer(
        header: TimeAmount = .milliseconds(500), body bodyTimeout: TimeAmount = .milliseconds(500),
        _ body: @escaping @Sendable (Int) throws -> Void
    ) async throws {
        let server = try await TestServer.make { configuration in
            configuration.allowSignup = true
            configuration.timeouts = ServerTimeouts(header: header, body: bodyTimeout, idle: .milliseconds(1500))
        }
        let router = WellnessApplication.router(
            store: server.store, credentials: server.credentials,
            configuration: server.configuration)
        let app = Application(router: router, server: WellnessApplication.httpServer(server.configuration))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await RawHTTP.onThread { try body(port) }
        }
    }

    @Test func aSlowHeaderIsAnswered408AndClosed() async throws {
        try await withServer { port in
            let result = try RawHTTP.exchange(port: port, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            #expect(result.reply.hasPrefix("HTTP/1.1 408"), "\(result.reply)")
            #expect(result.reply.contains(#""code":"REQUEST_TIMEOUT""#))
            #expect(result.closed && result.seconds < 1.4, "\(result)")
        }
    }

    @Test func aSlowBodyIsAnswered408AndClosed() async throws {
        try await withServer { port in
            // Sign-up reads its body before anything else can answer.
            let head =
                "POST /dev/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
            let result = try RawHTTP.exchange(port: port, head + #"{"name""#)
            #expect(result.reply.hasPrefix("HTTP/1.1 408"), "\(result.reply)")
            #expect(result.closed && result.seconds < 1.4, "\(result)")
        }
    }

    @Test func aSlowHeaderAfterAServedRequestIsAnswered408() async throws {
        try await withServer { port in
            let result = try RawHTTP.exchange(
                port: port, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
                then: "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            #expect(result.reply.hasPrefix("HTTP/1.1 200"), "\(result.reply)")
            #expect(result.reply.contains("HTTP/1.1 408"), "\(result.reply)")
            #expect(result.closed && result.seconds < 1.4, "\(result)")
        }
    }

    @Test func aBodyDeadlineShorterThanTheHeaderDeadlineHolds() async throws {
        try await withServer(header: .seconds(5), body: .milliseconds(300)) { port in
            let head =
                "POST /dev/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
            let result = try RawHTTP.exchange(port: port, head + #"{"name""#)
            #expect(result.reply.hasPrefix("HTTP/1.1 408"), "\(result.reply)")
            #expect(result.closed && result.seconds < 1.5, "\(result)")
        }
    }

    @Test func anIdleConnectionIsClosed() async throws {
        try await withServer { port in
            let silent = try RawHTTP.exchange(port: port, "")
            #expect(silent.reply.isEmpty && silent.closed && silent.seconds < 3, "\(silent)")
            let served = try RawHTTP.exchange(port: port, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(served.reply.hasPrefix("HTTP/1.1 200"), "\(served.reply)")
            #expect(
                served.closed && served.seconds > 1 && served.seconds < 3,
                "kept alive, then closed when idle: \(served)")
        }
    }

    @Test func anAnnouncedBodyOverTheLimitIsRefusedAtOnce() async throws {
        try await withServer { port in
            let head =
                "POST /api/v1/checkins HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: 10000000000\r\n\r\n"
            let result = try RawHTTP.exchange(port: port, head)
            #expect(result.reply.hasPrefix("HTTP/1.1 413"), "\(result.reply)")
            #expect(result.reply.contains(#""code":"PAYLOAD_TOO_LARGE""#))
            #expect(result.closed && result.seconds < 0.4, "\(result)")
        }
    }
}
