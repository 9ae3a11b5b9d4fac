import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import WellnessServer

/// A response sent before its request's body has arrived (401, 404, 405
/// need no body) keeps the connection: the late body is read and discarded
/// and the next request on the socket is answered. A body that will not be
/// read (announced beyond the limit) gets `Connection: close`.
@Suite struct EarlyAnswerTests {
    private func withServer(_ body: @escaping @Sendable (Int) throws -> Void) async throws {
        let server = try await TestServer.make { configuration in
            configuration.timeouts = ServerTimeouts(
                header: .seconds(2), body: .milliseconds(800), idle: .seconds(5))
        }
        let router = WellnessApplication.router(
            store: server.store, credentials: server.credentials, configuration: server.configuration)
        let app = Application(router: router, server: WellnessApplication.httpServer(server.configuration))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await RawHTTP.onThread { try body(port) }
        }
    }

    static let next = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"

    /// `head` alone; once its answer arrives, `late` (the rest of the body) and a GET on the same socket.
    static func pair(_ port: Int, _ head: String, late: String) throws -> (reply: String, closed: Bool) {
        let result = try RawHTTP.exchange(port: port, head, then: late + next, timeout: 1)
        return (result.reply, result.closed)
    }

    static func answers(_ reply: String) -> [String] {
        reply.components(separatedBy: "HTTP/1.1 ").dropFirst().map { String($0.prefix(3)) }
    }

    @Test(arguments: [
        ("POST /api/v1/goals", "401"),
        ("POST /api/v1/nowhere", "404"),
        ("PUT /api/v1/goals", "405"),
    ])
    func anEarlyAnswerKeepsTheConnectionForTheNextRequest(_ line: String, _ status: String) async throws {
        try await withServer { port in
            let body = #"{"title":"late"}"#
            let head = "\(line) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            let sized = try Self.pair(port, head + "Content-Length: \(body.utf8.count)\r\n\r\n", late: body)
            #expect(Self.answers(sized.reply) == [status, "200"], "\(sized.reply)")
            #expect(!sized.reply.lowercased().contains("connection: close") && !sized.closed, "\(sized)")
            let chunk = String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n"
            let chunked = try Self.pair(port, head + "Transfer-Encoding: chunked\r\n\r\n", late: chunk)
            #expect(Self.answers(chunked.reply) == [status, "200"], "\(chunked.reply)")
            #expect(!chunked.closed, "\(chunked)")
        }
    }

    @Test func aBodyThatStallsAfterAnEarlyAnswerIsClosedWithoutASecondAnswer() async throws {
        try await withServer { port in
            let result = try RawHTTP.exchange(
                port: port, "POST /api/v1/goals HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{", timeout: 3)
            #expect(Self.answers(result.reply) == ["401"], "\(result.reply)")
            #expect(result.closed && result.seconds < 2.5, "closed at the body deadline: \(result)")
        }
    }

    @Test func aChunkedBodyBeyondTheLimitAfterAnEarlyAnswerIsClosed() async throws {
        try await withServer { port in
            let size = AppRequestContext.uploadLimit + 1
            let chunk = String(size, radix: 16) + "\r\n" + String(repeating: "x", count: size) + "\r\n"
            let result = try RawHTTP.exchange(
                port: port, "POST /api/v1/goals HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
                then: chunk, timeout: 3)
            #expect(Self.answers(result.reply) == ["401"], "\(result.reply)")
            #expect(result.closed, "\(result)")
        }
    }

    /// A client waiting for `100 Continue` may drop the body on a final answer: reading on would take its
    /// next request for the body.
    @Test func anEarlyAnswerToAnExpectContinueRequestClosesTheConnection() async throws {
        try await withServer { port in
            let result = try RawHTTP.exchange(
                port: port,
                "POST /api/v1/goals HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 10\r\n\r\n",
                timeout: 3)
            #expect(Self.answers(result.reply) == ["401"], "\(result.reply)")
            #expect(result.reply.lowercased().contains("connection: close") && result.closed, "\(result)")
            #expect(result.seconds < 0.5, "closed at once: \(result)")
        }
    }

    @Test func aBodyAnnouncedBeyondTheLimitIsAnsweredWithConnectionClose() async throws {
        try await withServer { port in
            let result = try RawHTTP.exchange(
                port: port, "POST /api/v1/goals HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n{", timeout: 3)
            #expect(Self.answers(result.reply).first == "413", "\(result.reply)")
            #expect(result.reply.lowercased().contains("connection: close") && result.closed, "\(result)")
        }
    }
}
