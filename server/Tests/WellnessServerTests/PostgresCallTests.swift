import Foundation
import NIOCore
import NIOPosix
import Testing

@testable import WellnessServer

/// A PostgreSQL call never waits for ever: not for a connection
/// while the database is down, and not for an answer that never comes (a
/// statement sent as the connection died). Either used to hold the request,
/// the user's turn and a graceful shutdown for good.
@Suite struct PostgresCallTests {
    /// With the database down the pool retries for ever; a statement must not wait for ever.
    @Test func aStatementFailsWhenNoConnectionComes() async throws {
        let port = try RawHTTP.freeLoopbackPort()
        let engine = try PostgresEngine(
            url: "postgres://nobody@127.0.0.1:\(port)/none", connectionWait: .milliseconds(500))
        let started = ContinuousClock.now
        await #expect(throws: SQLFailure.self) { try await engine.query("SELECT 1") }
        await #expect(throws: SQLFailure.self) { try await engine.transaction { try await $0.query("SELECT 1") } }
        #expect(ContinuousClock.now - started < .seconds(5))
        await engine.shutdown()
    }

    /// A server that completes the start-up and then never answers: each call
    /// fails at its timeout with a message saying so, and shutdown still ends.
    @Test func aCallWithoutAnAnswerIsAbandonedAtItsTimeout() async throws {
        let server = try await SilentPostgres.start()
        // The connection wait is long enough for a busy machine (the server completes the
        // start-up at once) and shorter than the call timeout: the answer is what never comes.
        let engine = try PostgresEngine(
            url: "postgres://nobody@127.0.0.1:\(server.port)/none",
            connectionWait: .milliseconds(1500), callTimeout: .seconds(2))
        for attempt in 1...2 {
            let started = ContinuousClock.now
            do {
                if attempt == 1 {
                    try await engine.query("SELECT 1")
                } else {
                    _ = try await engine.transaction { try await $0.query("SELECT 1") }
                }
                Issue.record("a call without an answer returned")
            } catch let failure as SQLFailure {
                #expect(failure.description.contains("no answer within 2 s"), "\(failure)")
            }
            let waited = ContinuousClock.now - started
            #expect(waited >= .milliseconds(1950) && waited < .seconds(6), "\(waited)")
        }
        #expect(server.startups() >= 1, "the engine reached the silent server")
        let stopping = ContinuousClock.now
        await engine.shutdown()
        #expect(ContinuousClock.now - stopping < .seconds(10))
        try await server.stop()
    }

    /// PostgreSQL itself stops a statement at the timeout too (`statement_timeout`).
    @Test(.enabled(if: TestEngine.postgresURL != nil, "skipped: WELLNESS_TEST_POSTGRES_URL is not set"))
    func theDatabaseStopsAStatementAtTheTimeout() async throws {
        let engine = try PostgresEngine(
            url: try await TestEngine.newPostgresDatabase(), callTimeout: .milliseconds(800))
        #expect(try await engine.query("SHOW statement_timeout").first?.text("statement_timeout") == "800ms")
        // Prepared reads keep their one plan once the tables have statistics (no planning per run).
        #expect(try await engine.query("SHOW plan_cache_mode").first?.text("plan_cache_mode") == "force_generic_plan")
        let started = ContinuousClock.now
        await #expect(throws: SQLFailure.self) { try await engine.query("SELECT pg_sleep(5)") }
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(try await engine.query("SELECT 2 AS n").first?.integer("n") == 2, "the engine still works")
        await engine.shutdown()
    }
}

/// The pool opens all its connections and keeps them: no idle-timeout or
/// keep-alive timers per lease, which postgres-nio kept in memory until they
/// would have fired (RSS grew by about 1 KB a request, throughput fell).
@Suite(.enabled(if: TestEngine.postgresURL != nil, "skipped: WELLNESS_TEST_POSTGRES_URL is not set"))
struct PostgresPoolTests {
    @Test func thePoolHoldsItsConnections() async throws {
        let url = try await TestEngine.newPostgresDatabase()
        let engine = try PostgresEngine(url: url, maximumConnections: 3)
        let count = "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database()"
        var open: Int64 = 0
        for _ in 0..<50 {
            open = try await engine.query(count).first?.integer("n") ?? 0
            if open == 3 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(open == 3, "one query needs one connection; the pool still opens all three")
        await engine.shutdown()
    }
}

/// A loopback TCP server speaking just enough of PostgreSQL's protocol to
/// accept a connection (authentication ok, ready for query), then silent.
private final class SilentPostgres: @unchecked Sendable {
    let port: Int
    private let channel: any Channel
    private let counter: StartupCounter

    private init(port: Int, channel: any Channel, counter: StartupCounter) {
        self.port = port
        self.channel = channel
        self.counter = counter
    }

    static func start() async throws -> SilentPostgres {
        let counter = StartupCounter()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { $0.pipeline.addHandler(Handler(counter: counter)) }
            .bind(host: "127.0.0.1", port: 0).get()
        return SilentPostgres(port: channel.localAddress?.port ?? 0, channel: channel, counter: counter)
    }

    func startups() -> Int { counter.value }

    func stop() async throws {
        try await channel.close()
    }

    private final class StartupCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        private let counter: StartupCounter
        private var started = false

        init(counter: StartupCounter) { self.counter = counter }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !started else { return }  // queries: never answered
            started = true
            counter.increment()
            var reply = context.channel.allocator.buffer(capacity: 32)
            reply.writeInteger(UInt8(ascii: "R"))
            reply.writeInteger(Int32(8))
            reply.writeInteger(Int32(0))
            reply.writeInteger(UInt8(ascii: "K"))
            reply.writeInteger(Int32(12))
            reply.writeInteger(Int32(1))
            reply.writeInteger(Int32(2))
            reply.writeInteger(UInt8(ascii: "Z"))
            reply.writeInteger(Int32(5))
            reply.writeInteger(UInt8(ascii: "I"))
            context.writeAndFlush(wrapOutboundOut(reply), promise: nil)
        }
    }
}
