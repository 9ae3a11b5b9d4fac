import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing
import WellnessKitCore

@testable import WellnessServer

/// Health and readiness, explicit and limited sign-up, every
/// error in the envelope, HEAD wherever GET.
@Suite struct OperationsTests {
    @Test func healthAnswersWhileATransactionHoldsTheDatabase() async throws {
        let server = try await TestServer.make()
        let engine = server.store.engine
        try await server.test { client in
            #expect(try await client.call(.get, "/readyz", as: nil).0 == .ok)
            let started = AsyncFlag()
            let holder = Task {
                try await engine.transaction { _ in
                    await started.set()
                    try await Task.sleep(nanoseconds: 5_000_000_000)
                }
            }
            await started.wait()
            let clock = ContinuousClock()
            let before = clock.now
            let (health, _, body) = try await client.call(.get, "/healthz", as: nil)
            #expect(health == .ok && body["status"].string == "ok")
            #expect(clock.now - before < .milliseconds(500))
            let (ready, _, error) = try await client.call(.get, "/readyz", as: nil)
            #expect(ready == .serviceUnavailable && error["success"] == .bool(false))
            #expect(error["error"]["code"].string == "NOT_READY")
            // Readiness gives up after its 1 s deadline, well before the 5 s transaction ends.
            #expect(clock.now - before < .seconds(4))
            _ = await holder.result
            let (again, _, status) = try await client.call(.get, "/readyz", as: nil)
            #expect(again == .ok && status["status"].string == "ready")
        }
    }

    @Test func signUpIsOffByDefault() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let (status, _, body) = try await client.call(.post, "/dev/users", as: nil, json: #"{"name":"x"}"#)
            #expect(status == .notFound && body["error"]["code"].string == "NOT_FOUND")
        }
        #expect(try await server.store.allUserIds().isEmpty)
    }

    @Test func signUpIsRateLimitedWhenOn() async throws {
        let server = try await TestServer.make {
            $0.allowSignup = true
            $0.signupsPerMinute = 2
        }
        try await server.test { client in
            for _ in 0..<2 {
                let (status, _, body) = try await client.call(.post, "/dev/users", as: nil, json: #"{"name":"x"}"#)
                #expect(status == .created && body["data"]["api_key"].string != nil)
            }
            let (status, headers, body) = try await client.call(.post, "/dev/users", as: nil, json: #"{"name":"x"}"#)
            #expect(status == .tooManyRequests && body["error"]["code"].string == "RATE_LIMITED")
            #expect(Int(headers[.retryAfter] ?? "") ?? 0 >= 1)
        }
        #expect(try await server.store.allUserIds().count == 2)
    }

    private static func expectEnvelope(_ body: JSONValue, code: String, _ comment: Comment? = nil) {
        #expect(
            body["success"] == .bool(false) && body["error"]["code"].string == code
                && !(body["error"]["message"].string ?? "").isEmpty, comment)
    }

    @Test func everyErrorHasTheEnvelope() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 3)
        try await server.test { client in
            let (missing, missingHeaders, notFound) = try await client.call(.get, "/no/such/route", as: nil)
            #expect(missing == .notFound && missingHeaders[.contentType] == "application/json")
            Self.expectEnvelope(notFound, code: "NOT_FOUND")
            let huge = "{\"checkins\":\"" + String(repeating: "x", count: 2 << 20) + "\"}"
            let (large, _, tooLarge) = try await client.call(.post, "/api/v1/checkins", as: user, json: huge)
            #expect(large == .contentTooLarge)
            Self.expectEnvelope(tooLarge, code: "PAYLOAD_TOO_LARGE")
            let (method, headers, notAllowed) = try await client.call(.delete, "/api/v1/goals", as: user)
            #expect(method == .methodNotAllowed && headers[.allow] == "GET, HEAD, POST")
            Self.expectEnvelope(notAllowed, code: "METHOD_NOT_ALLOWED")
        }
        // A failure inside (a table gone): 500 in the envelope, without the cause.
        try await server.store.engine.query("DROP TABLE goal_counts")
        try await server.test { client in
            let (status, _, body) = try await client.call(.get, "/api/v1/goals", as: user)
            #expect(status == .internalServerError)
            Self.expectEnvelope(body, code: "INTERNAL")
            #expect(body["error"]["message"].string?.contains("goal_counts") == false)
        }
    }

    /// A request the HTTP parser rejects, on a live server: 400 in the envelope.
    @Test func malformedRequestsGetTheEnvelope() async throws {
        let server = try await TestServer.make()
        let router = WellnessApplication.router(
            store: server.store, credentials: server.credentials,
            configuration: server.configuration)
        let app = Application(router: router, server: WellnessApplication.httpServer(server.configuration))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            for raw in ["GARBAGE\r\n\r\n", "GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n"] {
                let reply = try await RawHTTP.onThread { try RawHTTP.exchange(port: port, raw).reply }
                #expect(reply.hasPrefix("HTTP/1.1 400"), "\(reply)")
                #expect(reply.contains("application/json") && reply.hasSuffix(MalformedRequestHandler.body), "\(reply)")
            }
        }
    }

    @Test func lowLevelErrorsGetTheEnvelope() throws {
        let logger = Logger(label: "test")
        let failure = ErrorEnvelopeMiddleware.failure(for: HTTPError(.badRequest), logger: logger)
        #expect(failure.status == .badRequest && failure.code == "BAD_REQUEST" && !failure.message.isEmpty)
        let tooLarge = ErrorEnvelopeMiddleware.failure(for: HTTPError(.contentTooLarge), logger: logger)
        #expect(tooLarge.code == "PAYLOAD_TOO_LARGE")
        struct Unexpected: Error {}
        #expect(ErrorEnvelopeMiddleware.failure(for: Unexpected(), logger: logger).status == .internalServerError)
    }

    @Test func headWorksWhereGetDoes() async throws {
        let server = try await TestServer.make()
        let user = try await server.user(days: 3)
        try await server.test { client in
            for uri in ["/healthz", "/readyz", "/api/v1/insights", "/api/v1/goals", "/api/longevity/trends"] {
                let get = try await client.execute(uri: uri, method: .get, headers: user.headers) { $0 }
                let head = try await client.execute(uri: uri, method: .head, headers: user.headers) { $0 }
                #expect(head.status == .ok && get.status == .ok, "\(uri)")
                #expect(head.body.readableBytes == 0, "\(uri)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "\(uri)")
                #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(uri)")
            }
            let unauthorized = try await client.execute(uri: "/api/v1/insights", method: .head) { $0 }
            #expect(unauthorized.status == .unauthorized && unauthorized.body.readableBytes == 0)
            let post = try await client.execute(uri: "/api/v1/insights/generate", method: .head, headers: user.headers)
            { $0 }
            #expect(post.status == .methodNotAllowed && post.headers[.allow] == "POST")
        }
    }
}

/// A flag one task sets and another waits for.
actor AsyncFlag {
    private var isSet = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func set() {
        isSet = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    func wait() async {
        if isSet { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
