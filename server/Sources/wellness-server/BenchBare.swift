import ArgumentParser
import Foundation
import Hummingbird
import Logging

/// `wellness-server bench-bare --body FILE`: the yardstick of the server
/// benchmark (benchmarks/bench_server.py), a bare Hummingbird 2 application
/// with one route, `GET /api/v1/insights`, answering the bytes of `FILE` as
/// JSON from one shared buffer: no middleware, no authentication, no
/// database. The benchmark serves it the bytes of the list page it measures,
/// side by side with the server, to tell what the server adds to what the
/// framework itself costs. A subcommand rather than an executable of its own:
/// the benchmark already builds this binary, so the yardstick comes with the
/// same compiler settings and the same Hummingbird and NIO, and no second
/// large executable is linked. Not shown in the help: not for serving anyone.
struct BenchBare: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-bare", abstract: "A bare Hummingbird route serving a file (the benchmark's yardstick).",
        shouldDisplay: false)

    @Option(help: "The file whose bytes GET /api/v1/insights answers.")
    var body: String
    @Option(help: "The loopback port to listen on (0: any free one, printed).")
    var port = 0

    func run() async throws {
        guard let bytes = FileManager.default.contents(atPath: body) else {
            throw ValidationError("cannot read --body \(body)")
        }
        let buffer = ByteBuffer(bytes: bytes)
        let router = Router()
        router.get("api/v1/insights") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: buffer))
        }
        // Only the port on standard output: no log line per start.
        var logger = Logger(label: "bench-bare")
        logger.logLevel = .warning
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in
                print("listening on 127.0.0.1:\(channel.localAddress?.port ?? 0)")
                fflush(stdout)
            }, logger: logger)
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
